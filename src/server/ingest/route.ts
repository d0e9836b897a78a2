import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WRITE_PATH } from '../../protocol.js';
import type { WriteResponse, WriteResult } from '../../protocol.js';
import { errors } from '../http/errors.js';
import { idOf, objectOf, type RouteRateLimit } from '../http/rate-limits.js';
import type { ProxyTrust } from '../http/trusted-proxy.js';
import { decoded, originAllowed, type Site, type SiteLookup } from '../sites/lookup.js';
import type { ServerMetrics } from '../ops/metrics.js';
import type { Store } from '../store/open.js';
import { pipelineOf } from '../store/postgres.js';
import { FirstVisitRefused, type FirstVisitLimit } from '../tracking/first-visits.js';
import { USER_AGENT_MAX } from '../http/user-agent.js';
import { windowCounters } from '../store/window-counters.js';
import type { LeasePolicy } from '../leases/lease-policy.js';
import type { VisitorRow } from '../store/tables.js';
import type { ClientInfo, WriteHandlers } from '../writes/context.js';
import { groupCommit, type GroupCommit } from './group-commit.js';
import { HEAVY_BODY_BYTES, heavyBatches, STEP_WRITES, type HeavyBatches } from './heavy-batches.js';
import { batchPipeline, runPipeline, type BatchEntry, type BatchPipeline, type BatchShare, type VisitorRef } from './pipeline.js';
import { startWriteRetention } from './retention.js';
import { describeIssue, VisitorRefSchema, WriteDataSchemas, WriteRequestSchema } from '../writes/schemas.js';

export interface WriteRouteOptions {
  store: Store;
  sites: SiteLookup;
  /** One handler per write type, each built with the services it uses (write-handlers.ts). */
  handlers: WriteHandlers;
  /** First visits per site and address: a batch over the limit is refused before its transaction. */
  firstVisits: Pick<FirstVisitLimit, 'spent'>;
  /** A write other than a page view confirms the visitor's short DT leases. */
  leasePolicy: Pick<LeasePolicy, 'confirm'>;
  /** Base URL the server is reached at, ending with a slash; derived from the request when absent. */
  publicUrl?: string | undefined;
  /**
   * Whether the request's peer (hop 0) is a trusted proxy (http/trusted-proxy.ts): only then are
   * country, region and city read from `X-Svc-Country` / `X-Svc-Region` / `X-Svc-City`.
   */
  trustGeoHeaders?: ProxyTrust | false | undefined;
  /** Group-commit lanes on PostgreSQL (group-commit.ts), 1 to 8. Default {@link POSTGRES_LANES}. */
  postgresLanes?: number | undefined;
  /** Writes of heavy batches per address and minute; 0 turns the budget off. Default 1200 (heavy-batches.ts). */
  heavyWritesPerMinute?: number | undefined;
  /** Counts each write once its batch has committed, and each refusal of the heavy-batch budget (ops/metrics.ts). */
  metrics?: Pick<ServerMetrics, 'write' | 'refused'> | undefined;
}

/** Group-commit lanes of a process on PostgreSQL by default; each holds one of the pool's 10 connections. */
export const POSTGRES_LANES = 4;

type Base = BatchShare['base'];
type BatchOut = { visitor: VisitorRow | null; results: WriteResult[] };

/**
 * `POST /w/<site_key>`: the snippet's outbox. A batch runs through the steps of pipeline.ts in one
 * transaction (shared with the batches that arrived with it, each in its own savepoint:
 * group-commit.ts) that commits before the answer, so a write the server confirmed is on disk; a
 * batch of more than STEP_WRITES writes runs in several such steps, one after another
 * (heavy-batches.ts). Here: the request's parsing, CORS and limits, and the answer.
 */
export async function writeRoute(app: FastifyInstance, opts: WriteRouteOptions): Promise<void> {
  // Write ids older than any retry are deleted hourly (retention.ts).
  const retention = startWriteRetention(opts.store, (e) => app.log.error(e));
  app.addHook('onClose', async () => retention.stop());
  const heavy = heavyBatches(windowCounters(opts.store), opts.heavyWritesPerMinute);
  const pipeline = batchPipeline({ handlers: opts.handlers, leasePolicy: opts.leasePolicy });
  const runBatch = batchRunner(commitsOf(opts.store, opts.postgresLanes), heavy, pipeline);

  app.post<{ Params: { siteKey: string } }>(
    '/' + WRITE_PATH + ':siteKey',
    { config: { cors: 'site', visitorLimit: WRITES_VISITOR }, onRequest: refuseSpentHeavy(heavy, opts.metrics) },
    async (req, reply) => {
      const { site, ref, writes } = await batchOf(req, opts.sites);
      const base: Base = {
        client: clientOf(req, opts.trustGeoHeaders),
        publicUrl: opts.publicUrl ?? `${req.protocol}://${req.host}/`,
        now: Date.now(),
      };
      const retryAfter = await refusedBefore(heavy, opts, site, ref, writes, req.ip, base.now);
      if (retryAfter) return refuse(reply, retryAfter);
      let out: BatchOut;
      try {
        out = await runBatch(site, ref, writes, base);
      } catch (e) {
        if (e instanceof FirstVisitRefused) return refuse(reply, e.retryAfter);
        throw e;
      }
      if (opts.metrics) countWrites(opts.metrics, writes, out.results);
      const body: WriteResponse = {
        success: true,
        visitor: out.visitor ? { id: out.visitor.id, token: out.visitor.token } : null,
        results: out.results,
      };
      return reply.header('Cache-Control', 'no-store').send(body);
    },
  );
}

/**
 * Lanes on PostgreSQL: groups in flight at once, each holding one of the pool's connections
 * (store/postgres.ts), leaving the rest to the streams, the console and the guards' counters.
 */
function commitsOf(store: Store, postgresLanes: number | undefined): GroupCommit {
  const lanes = Math.min(8, Math.max(1, postgresLanes ?? POSTGRES_LANES));
  const pool = store.pool;
  return groupCommit(store.db, {
    lanes: store.dialect === 'postgres' ? lanes : 1,
    dialect: store.dialect,
    ...(pool && { pipeline: () => pipelineOf(pool) }),
  });
}

/**
 * Runs a batch through the pipeline: in one transaction, or a heavy one in steps of STEP_WRITES
 * writes, one after another. The visitor (a first visit's page view makes it) goes from step to
 * step, taken only once the step committed.
 */
function batchRunner(commits: GroupCommit, heavy: HeavyBatches, pipeline: BatchPipeline) {
  return async (site: Site, ref: VisitorRef | undefined, writes: BatchEntry[], base: Base): Promise<BatchOut> => {
    const known: BatchShare['known'] = { visitor: undefined, confirms: false };
    const results: WriteResult[] = [];
    const steps = writes.length > STEP_WRITES ? stepsOf(writes) : [writes];
    for (const [i, stepWrites] of steps.entries()) {
      const share: BatchShare = { site, ref, known: { ...known }, writes: stepWrites, base, last: i === steps.length - 1 };
      const step = () => commits.run((trx) => runPipeline(pipeline, trx, share), ref?.id ?? firstVisitKey(writes));
      const out = steps.length === 1 ? await step() : await heavy.step(step);
      known.visitor = out.visitor;
      known.confirms = out.confirms;
      results.push(...out.results);
    }
    return { visitor: known.visitor ?? null, results };
  };
}

/**
 * The lane key of a batch that names no visitor yet: from its first write's id, below zero (apart
 * from visitor ids). A page reloaded while it held a first visit's writes unsent sends them from
 * the leaving page and again from the new one, at once; one key runs the two one after the other,
 * so the second finds the first's writes (dedupe) instead of racing it to the same page view's row
 * on another PostgreSQL lane (a unique violation and a 500).
 */
function firstVisitKey(writes: BatchEntry[]): number | undefined {
  const id = (writes[0] as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return undefined;
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return -(h + 1);
}

/** A heavy batch cut into steps of STEP_WRITES writes, in order. */
function stepsOf(writes: BatchEntry[]): BatchEntry[][] {
  const steps: BatchEntry[][] = [];
  for (let i = 0; i < writes.length; i += STEP_WRITES) steps.push(writes.slice(i, i + STEP_WRITES));
  return steps;
}

/** A long body from an address whose heavy-batch budget is spent is refused unread. */
function refuseSpentHeavy(heavy: HeavyBatches, metrics: WriteRouteOptions['metrics']) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!(Number(req.headers['content-length']) > HEAVY_BODY_BYTES)) return;
    const retryAfter = await heavy.spent(req.ip, Date.now());
    if (retryAfter) {
      metrics?.refused('heavy_batch');
      return refuse(reply, retryAfter);
    }
  };
}

/** The request's site (its origin allowed), visitor and writes; a malformed visitor is none. */
async function batchOf(req: FastifyRequest<{ Params: { siteKey: string } }>, sites: SiteLookup) {
  const site = await sites.bySiteKey(req.params.siteKey);
  if (!site) throw errors.unknownSite();
  if (req.headers.origin && !originAllowed(site, req.headers.origin)) throw errors.originNotAllowed();
  const parsed = WriteRequestSchema.safeParse(req.body);
  if (!parsed.success) throw errors.invalid(describeIssue(parsed.error));
  // A malformed visitor is no visitor, as an unknown one: the page view makes a new one.
  return { site, ref: VisitorRefSchema.safeParse(parsed.data.visitor).data, writes: parsed.data.writes };
}

function clientOf(req: FastifyRequest, trustGeoHeaders: WriteRouteOptions['trustGeoHeaders']): ClientInfo {
  return {
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
    ...geography(req.headers, !!trustGeoHeaders && trustGeoHeaders(req.socket.remoteAddress ?? '', 0)),
  };
}

/**
 * The seconds to wait when a limit refuses the batch before its transaction, else 0: a heavy batch
 * past its address's budget, or a first visit over its address's limit (tracking/first-visits.ts);
 * the page view counts the ones that run, and refuses a made-up visitor's past the limit.
 */
async function refusedBefore(
  heavy: HeavyBatches,
  opts: Pick<WriteRouteOptions, 'firstVisits' | 'metrics'>,
  site: Site,
  ref: VisitorRef | undefined,
  writes: BatchEntry[],
  ip: string,
  now: number,
): Promise<number> {
  if (writes.length > STEP_WRITES) {
    const retryAfter = await heavy.admit(ip, writes.length, now);
    if (retryAfter) {
      opts.metrics?.refused('heavy_batch');
      return retryAfter;
    }
  }
  if (!ref && writes.some((w) => w.type === 'hit')) return opts.firstVisits.spent(site.id, ip, now);
  return 0;
}

/** One result per write, in the batch's order. */
function countWrites(metrics: Pick<ServerMetrics, 'write'>, writes: BatchEntry[], results: WriteResult[]): void {
  results.forEach((r, i) => {
    const type = objectOf(writes[i])?.type;
    const known = typeof type === 'string' && Object.hasOwn(WriteDataSchemas, type);
    metrics.write(known ? type : 'other', r.success ? 'ok' : (r.code ?? 'failed'));
  });
}

/** The per-visitor limit counts the visitor the batch names (id and token), per site. */
const WRITES_VISITOR: RouteRateLimit = {
  visitorOf(req) {
    const v = objectOf(objectOf(req.body)?.visitor);
    const site = (req.params as { siteKey?: string }).siteKey;
    return v && idOf(v.id) ? `${site} ${idOf(v.id)} ${idOf(v.token)}` : null;
  },
};

/** 429 with `Retry-After`: the outbox keeps the writes and sends them again then. */
function refuse(reply: FastifyReply, retryAfter: number): FastifyReply {
  return reply.code(429).header('Retry-After', String(retryAfter)).send(errors.tooManyRequests(retryAfter).envelope());
}

/** Country, region and city from a trusted proxy's headers; null each from anyone else. */
function geography(headers: IncomingHttpHeaders, fromProxy: boolean): Pick<ClientInfo, 'country' | 'region' | 'city'> {
  if (!fromProxy) return { country: null, region: null, city: null };
  return {
    country: headerText(headers['x-svc-country']),
    region: headerText(headers['x-svc-region']),
    city: headerText(headers['x-svc-city']),
  };
}

function headerText(v: string | string[] | undefined): string | null {
  const s = Array.isArray(v) ? v[0] : v;
  return s ? decoded(s).slice(0, 128) : null;
}

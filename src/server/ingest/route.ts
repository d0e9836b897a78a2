import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { WRITE_PATH } from '../../protocol.js';
import type { WriteResponse, WriteResult, WriteType } from '../../protocol.js';
import { errors } from '../http/errors.js';
import { idOf, objectOf, type RouteRateLimit } from '../http/rate-limits.js';
import type { ProxyTrust } from '../http/trusted-proxy.js';
import { decoded, originAllowed, type Site, type SiteLookup } from '../sites/lookup.js';
import type { ServerMetrics } from '../ops/metrics.js';
import type { Store } from '../store/open.js';
import { onPostgres } from '../store/queryable.js';
import { pipelineOf } from '../store/postgres.js';
import { timestamp } from '../store/time.js';
import { FirstVisitRefused, type FirstVisitLimit } from '../tracking/first-visits.js';
import { hitOfVisitor, latestHitOfVisitor } from '../tracking/queries.js';
import { USER_AGENT_MAX } from '../http/user-agent.js';
import { visitorByToken, visitorOfHit } from '../visitors/queries.js';
import { windowCounters } from '../http/window-counters.js';
import type { LeasePolicy } from '../leases/lease-policy.js';
import type { VisitorRow } from '../store/tables.js';
import type { ClientInfo, WriteContext, WriteHandler, WriteHandlers } from '../writes/context.js';
import { formFields } from './form-fields.js';
import { groupCommit } from './group-commit.js';
import { HEAVY_BODY_BYTES, heavyBatches, STEP_WRITES } from './heavy-batches.js';
import { recordWrite, seenWrite } from './queries.js';
import { readAhead } from './read-ahead.js';
import { startWriteRetention } from './retention.js';
import { describeIssue, VisitorRefSchema, WriteDataSchemas, WriteEnvelopeSchema, WriteRequestSchema } from '../writes/schemas.js';

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

/** The batch as validated: each entry's envelope is checked on its own, so one bad write fails alone. */
type Batch = z.output<typeof WriteRequestSchema>['writes'];
type VisitorRef = z.output<typeof VisitorRefSchema>;
type StepBase = Pick<WriteContext, 'client' | 'publicUrl' | 'now'>;

/** What one request's steps hand on: `visitor` undefined until a step has read it. */
interface BatchState {
  visitor: VisitorRow | null | undefined;
  confirms: boolean;
  results: WriteResult[];
}

/** A heavy batch cut into steps of STEP_WRITES writes, in order. */
function stepsOf(writes: Batch): Batch[] {
  const steps: Batch[] = [];
  for (let i = 0; i < writes.length; i += STEP_WRITES) steps.push(writes.slice(i, i + STEP_WRITES));
  return steps;
}

/**
 * `POST /w/<site_key>`: the snippet's outbox. A batch runs in one transaction (shared with the
 * batches that arrived with it, each in its own savepoint: group-commit.ts) that commits before
 * the answer, so a write the server confirmed is on disk; a batch of more than STEP_WRITES writes
 * runs in several such steps, one after another (heavy-batches.ts). A write id seen before answers
 * with its stored result and stores nothing again.
 */
export async function writeRoute(app: FastifyInstance, opts: WriteRouteOptions): Promise<void> {
  const { store, sites, handlers, firstVisits, leasePolicy } = opts;
  // Write ids older than any retry are deleted hourly (retention.ts).
  const retention = startWriteRetention(store, (e) => app.log.error(e));
  app.addHook('onClose', async () => retention.stop());

  // Lanes on PostgreSQL: groups in flight at once, each holding one of the pool's connections
  // (store/postgres.ts), leaving the rest to the streams, the console and the guards' counters.
  const lanes = Math.min(8, Math.max(1, opts.postgresLanes ?? POSTGRES_LANES));
  const pool = store.pool;
  const commits = groupCommit(store.db, {
    lanes: store.dialect === 'postgres' ? lanes : 1,
    dialect: store.dialect,
    ...(pool && { pipeline: () => pipelineOf(pool) }),
  });
  const heavy = heavyBatches(windowCounters(store), opts.heavyWritesPerMinute);

  /**
   * Stores `writes` in one transaction (shared with the batches queued with it): a batch, or a
   * step of a heavy one. `state` carries the visitor (a first visit's page view makes it) from
   * step to step; it is updated only once the step committed.
   */
  const runStep = (site: Site, ref: VisitorRef | undefined, state: BatchState, writes: Batch, base: StepBase, last: boolean) =>
    commits.run(async (trx) => {
      const envelopes = writes.map((entry) => WriteEnvelopeSchema.safeParse(entry));
      // On PostgreSQL what the writes read first is read at once, in one round trip (read-ahead.ts).
      const ahead = onPostgres(trx) ? await readAhead(trx, site.id, ref, state, envelopes, base.now) : null;
      const ctx: WriteContext = {
        ...base,
        db: trx,
        site,
        // Read in the batch's transaction: outside it, the read would wait for the connection
        // until the group before had committed.
        visitor:
          state.visitor !== undefined
            ? state.visitor
            : ahead
              ? ahead.visitor
              : ref
                ? await visitorByToken(trx, site.id, ref.id, ref.token)
                : null,
        visit: ahead?.visit,
        // A page view read ahead is taken as read; one not found may be made by this batch.
        hit: async (clientId) =>
          ctx.visitor
            ? ((ctx.visitor.id === ref?.id ? ahead?.hits.get(clientId) : null) ?? hitOfVisitor(trx, site.id, clientId, ctx.visitor.id))
            : null,
        hitOrLatest: async (clientId) => (await ctx.hit(clientId)) ?? (ctx.visitor ? latestHitOfVisitor(trx, ctx.visitor.id) : null),
      };
      const results: WriteResult[] = [];
      // A write other than a page view shows a person: the visitor's short DT leases become full (leases/lease-policy.ts).
      let confirms = state.confirms;
      for (const [i, entry] of writes.entries()) {
        const envelope = envelopes[i]!;
        if (!envelope.success) {
          results.push({ id: entry.id, success: false, code: 'invalid: ' + describeIssue(envelope.error) });
          continue;
        }
        const w = envelope.data;
        const seen = ahead?.seen.has(i) ? ahead.seen.get(i)! : await seenWrite(trx, site.id, w.id);
        // A stored result goes back only to a retry of the same write: the same type, from the
        // visitor that made it. Another visitor's write id (or one sent without a visitor) is no
        // retry of it, and its result (a property, a page view's ids) is that visitor's. The one
        // retry without a visitor is a first visit's page view whose answer was lost: the client
        // has no visitor yet, its page view made one, and its 128-bit random id is the proof.
        const firstVisitRetry = seen != null && !ctx.visitor && w.type === 'hit' && seen.type === 'hit';
        if (seen && !firstVisitRetry && (seen.type !== w.type || (seen.visitor_id ?? null) !== (ctx.visitor?.id ?? null))) {
          results.push({ id: w.id, success: false, code: ctx.visitor ? 'duplicate_id' : 'unknown_visitor' });
          continue;
        }
        if (seen) {
          // Without the visitor the writes after the retried page view would fail as unknown_visitor.
          if (firstVisitRetry) ctx.visitor = await visitorOfHit(trx, site.id, w.id);
          results.push({ id: w.id, success: true, result: seen.result == null ? undefined : JSON.parse(seen.result) });
          continue;
        }
        // Own keys only: a type named `constructor` or `__proto__` must not reach Object.prototype.
        const schema = Object.hasOwn(WriteDataSchemas, w.type) ? WriteDataSchemas[w.type as WriteType] : undefined;
        if (!schema) {
          results.push({ id: w.id, success: false, code: 'unknown_type' });
          continue;
        }
        const form = formFields(w.type as WriteType, w.data);
        if ('code' in form) {
          results.push({ id: w.id, success: false, code: form.code });
          continue;
        }
        const data = schema.safeParse(form.data);
        if (!data.success) {
          results.push({ id: w.id, success: false, code: 'invalid: ' + describeIssue(data.error) });
          continue;
        }
        if (!ctx.visitor && w.type !== 'hit') {
          results.push({ id: w.id, success: false, code: 'unknown_visitor' });
          continue;
        }
        const handler = handlers[w.type as WriteType] as WriteHandler<WriteType>;
        const r = await handler(ctx, data.data as never, w);
        if (r.success) {
          await recordWrite(trx, {
            siteId: site.id,
            id: w.id,
            type: w.type,
            result: r.result === undefined ? null : JSON.stringify(r.result),
            createdAt: timestamp(base.now),
            visitorId: ctx.visitor?.id ?? null,
          });
          results.push({ id: w.id, success: true, result: r.result });
          if (w.type !== 'hit') confirms = true;
        } else {
          results.push({ id: w.id, success: false, code: r.code });
        }
      }
      if (last && confirms && ctx.visitor) await leasePolicy.confirm(trx, ctx.visitor.id, base.now);
      return { visitor: ctx.visitor, results, confirms };
    }, ref?.id);

  const runBatch = async (site: Site, ref: VisitorRef | undefined, writes: Batch, base: StepBase) => {
    const state: BatchState = { visitor: undefined, confirms: false, results: [] };
    const steps = writes.length > STEP_WRITES ? stepsOf(writes) : [writes];
    for (const [i, stepWrites] of steps.entries()) {
      const last = i === steps.length - 1;
      const step = () => runStep(site, ref, state, stepWrites, base, last);
      const out = steps.length === 1 ? await step() : await heavy.step(step);
      state.visitor = out.visitor;
      state.confirms = out.confirms;
      state.results.push(...out.results);
    }
    return { visitor: state.visitor ?? null, results: state.results };
  };

  app.post<{ Params: { siteKey: string } }>(
    '/' + WRITE_PATH + ':siteKey',
    {
      config: { cors: 'site', visitorLimit: WRITES_VISITOR },
      // A long body from an address whose heavy-batch budget is spent is refused unread.
      onRequest: async (req, reply) => {
        if (!(Number(req.headers['content-length']) > HEAVY_BODY_BYTES)) return;
        const retryAfter = await heavy.spent(req.ip, Date.now());
        if (retryAfter) {
          opts.metrics?.refused('heavy_batch');
          return refuse(reply, retryAfter);
        }
      },
    },
    async (req, reply) => {
      const site = await sites.bySiteKey(req.params.siteKey);
      if (!site) throw errors.unknownSite();
      if (req.headers.origin && !originAllowed(site, req.headers.origin)) throw errors.originNotAllowed();
      const parsed = WriteRequestSchema.safeParse(req.body);
      if (!parsed.success) throw errors.invalid(describeIssue(parsed.error));
      const { writes } = parsed.data;
      // A malformed visitor is no visitor, as an unknown one: the page view makes a new one.
      const ref = VisitorRefSchema.safeParse(parsed.data.visitor).data;
      const client: ClientInfo = {
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
        ...geography(req.headers, !!opts.trustGeoHeaders && opts.trustGeoHeaders(req.socket.remoteAddress ?? '', 0)),
      };
      const publicUrl = opts.publicUrl ?? `${req.protocol}://${req.host}/`;
      const now = Date.now();
      if (writes.length > STEP_WRITES) {
        const retryAfter = await heavy.admit(req.ip, writes.length, now);
        if (retryAfter) {
          opts.metrics?.refused('heavy_batch');
          return refuse(reply, retryAfter);
        }
      }
      // A first visit over its address's limit costs no transaction (tracking/first-visits.ts);
      // the page view counts the ones that run, and refuses a made-up visitor's past the limit.
      if (!ref && writes.some((w) => w.type === 'hit')) {
        const retryAfter = await firstVisits.spent(site.id, req.ip, now);
        if (retryAfter) return refuse(reply, retryAfter);
      }
      let out: Awaited<ReturnType<typeof runBatch>>;
      try {
        out = await runBatch(site, ref, writes, { client, publicUrl, now });
      } catch (e) {
        if (e instanceof FirstVisitRefused) return refuse(reply, e.retryAfter);
        throw e;
      }
      // One result per write, in the batch's order.
      if (opts.metrics)
        out.results.forEach((r, i) => {
          const type = objectOf(writes[i])?.type;
          const known = typeof type === 'string' && Object.hasOwn(WriteDataSchemas, type);
          opts.metrics!.write(known ? type : 'other', r.success ? 'ok' : (r.code ?? 'failed'));
        });
      const body: WriteResponse = {
        success: true,
        visitor: out.visitor ? { id: out.visitor.id, token: out.visitor.token } : null,
        results: out.results,
      };
      return reply.header('Cache-Control', 'no-store').send(body);
    },
  );
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

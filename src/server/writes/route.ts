import type { FastifyInstance } from 'fastify';
import { WRITE_PATH } from '../../protocol.js';
import type { WriteResponse, WriteResult, WriteType } from '../../protocol.js';
import { stmt, timestamp, type DB } from '../db.js';
import { errors } from '../errors.js';
import { describeIssue, VisitorRefSchema, WriteDataSchemas, WriteEnvelopeSchema, WriteRequestSchema } from '../schemas.js';
import { decoded, originAllowed, siteLookup, type Site } from '../sites.js';
import type { ClientInfo, HitRow, VisitorRow, WriteContext } from './context.js';
import { formFields } from './form-fields.js';
import { handlers } from './index.js';

export interface WriteRouteOptions {
  db: DB;
  /** Base URL the server is reached at, ending with a slash; derived from the request when absent. */
  publicUrl?: string;
  /** Read country and city from `X-Svc-Country` / `X-Svc-City` (only behind a proxy that sets them). */
  trustGeoHeaders?: boolean;
}

/**
 * `POST /w/<site_key>`: the snippet's outbox. The whole batch runs in one transaction that commits
 * before the answer, so a write the server confirmed is on disk. A write id seen before answers
 * with its stored result and stores nothing again.
 */
export function writeRoute(app: FastifyInstance, opts: WriteRouteOptions): void {
  const { db } = opts;
  const sites = siteLookup(db);

  const runBatch = db.transaction(
    (
      site: Site,
      visitor: VisitorRow | null,
      writes: typeof WriteRequestSchema._zod.output.writes,
      ctxBase: Omit<WriteContext, 'visitor' | 'hit' | 'db' | 'site'>,
    ) => {
      const ctx: WriteContext = {
        ...ctxBase,
        db,
        site,
        visitor,
        hit(clientId) {
          const v = ctx.visitor;
          if (!v) return null;
          return (
            stmt<HitRow>(db, `SELECT id, session_id, visitor_id, url FROM hits WHERE site_id = ? AND client_id = ? AND visitor_id = ?`).get(
              site.id,
              clientId,
              v.id,
            ) ?? null
          );
        },
      };
      const results: WriteResult[] = [];
      for (const entry of writes) {
        const envelope = WriteEnvelopeSchema.safeParse(entry);
        if (!envelope.success) {
          results.push({ id: entry.id, success: false, code: 'invalid: ' + describeIssue(envelope.error) });
          continue;
        }
        const w = envelope.data;
        const seen = stmt<{ result: string | null; visitor_id: number | null }>(
          db,
          `SELECT result, visitor_id FROM client_writes WHERE site_id = ? AND id = ?`,
        ).get(site.id, w.id);
        if (seen && ctx.visitor && seen.visitor_id != null && seen.visitor_id !== ctx.visitor.id) {
          // Another visitor's write id: its stored result is that visitor's (a property, a page
          // view's ids), and this write is no retry of it.
          results.push({ id: w.id, success: false, code: 'duplicate_id' });
          continue;
        }
        if (seen) {
          // A retry of a first visit whose answer was lost: the client still has no visitor, but
          // its page view made one. Without it the writes after it would fail as unknown_visitor.
          if (!ctx.visitor && w.type === 'hit') {
            ctx.visitor =
              stmt<VisitorRow>(
                db,
                `SELECT v.id, v.site_id, v.token, v.first_ac_id FROM hits h JOIN visitors v ON v.id = h.visitor_id
                 WHERE h.site_id = ? AND h.client_id = ?`,
              ).get(site.id, w.id) ?? null;
          }
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
        const handler = handlers[w.type as WriteType] as (
          c: WriteContext,
          d: unknown,
          w: { id: string; hit: string; at: number },
        ) => ReturnType<(typeof handlers)['hit']>;
        const r = handler(ctx, data.data, w);
        if (r.success) {
          stmt(db, `INSERT INTO client_writes (site_id, id, type, result, created_at, visitor_id) VALUES (?, ?, ?, ?, ?, ?)`).run(
            site.id,
            w.id,
            w.type,
            r.result === undefined ? null : JSON.stringify(r.result),
            timestamp(ctxBase.now),
            ctx.visitor?.id ?? null,
          );
          results.push({ id: w.id, success: true, result: r.result });
        } else {
          results.push({ id: w.id, success: false, code: r.code });
        }
      }
      return { visitor: ctx.visitor, results };
    },
  );

  app.post<{ Params: { siteKey: string } }>('/' + WRITE_PATH + ':siteKey', async (req, reply) => {
    const site = sites.bySiteKey(req.params.siteKey);
    if (!site) throw errors.unknownSite();
    if (req.headers.origin && !originAllowed(site, req.headers.origin)) throw errors.originNotAllowed();
    const parsed = WriteRequestSchema.safeParse(req.body);
    if (!parsed.success) throw errors.invalid(describeIssue(parsed.error));
    const { writes } = parsed.data;
    // A malformed visitor is no visitor, as an unknown one: the page view makes a new one.
    const ref = VisitorRefSchema.safeParse(parsed.data.visitor).data;
    const visitor = ref
      ? (stmt<VisitorRow>(db, `SELECT id, site_id, token, first_ac_id FROM visitors WHERE id = ? AND site_id = ? AND token = ?`).get(
          ref.id,
          site.id,
          ref.token,
        ) ?? null)
      : null;
    const client: ClientInfo = {
      ip: req.ip,
      userAgent: String(req.headers['user-agent'] ?? ''),
      country: opts.trustGeoHeaders ? headerText(req.headers['x-svc-country']) : null,
      city: opts.trustGeoHeaders ? headerText(req.headers['x-svc-city']) : null,
    };
    const publicUrl = opts.publicUrl ?? `${req.protocol}://${req.host}/`;
    const out = runBatch(site, visitor, writes, { client, publicUrl, now: Date.now() });
    const body: WriteResponse = {
      success: true,
      visitor: out.visitor ? { id: out.visitor.id, token: out.visitor.token } : null,
      results: out.results,
    };
    return reply.header('Cache-Control', 'no-store').send(body);
  });
}

function headerText(v: string | string[] | undefined): string | null {
  const s = Array.isArray(v) ? v[0] : v;
  return s ? decoded(s).slice(0, 128) : null;
}

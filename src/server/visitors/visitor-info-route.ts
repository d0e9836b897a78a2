import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors } from '../http/errors.js';
import { describeIssue, VisitorInfoDataSchema } from '../writes/schemas.js';
import { idOf, objectOf, type RouteRateLimit } from '../http/rate-limits.js';
import { blank, idText, placeOf, serverUri, type HitOfSite } from './credentials.js';
import type { CredentialGuard } from './credential-guard.js';
import type { SiteLookup } from '../sites/lookup.js';
import type { Store } from '../store/open.js';
import { saveVisitorInfo } from './visitor-info.js';

const param = (max: number) => z.preprocess(blank, z.string().max(max).optional());

/** Query of page-api §4 "add visitor information from outside the page". */
const QuerySchema = z.object({
  k: param(64),
  sk: param(64),
  ur: z.string().max(255),
  ci: idText,
  hi: idText,
  vp: param(64),
  vn: param(255),
  ve: param(254),
  s: z.string().optional(),
});

/**
 * `GET /vc/s/?k|sk=…&ur=…&ci=…&hi=…&vn=…&ve=…&vp=…[&s=1]`: adds visitor data as `addVisitorInfo`
 * does. `ci` is the credentials' `visitor_id`, and `hi` must be one of that visitor's page views.
 * The answer is `{success: true}` with `s=1`, else `{success: true, visitor_id, session_id, hit_id}`:
 * ids only, never the visitor's stored data, since anyone may call this address. Any origin may
 * read it (it is meant for calls from outside the page, and carries no cookie).
 */
export function visitorInfoRoute(
  app: FastifyInstance,
  opts: { store: Store; sites: SiteLookup; hitOfSite: HitOfSite; publicUrl?: string | undefined },
  guard: CredentialGuard,
): void {
  const { store, sites, hitOfSite } = opts;
  // Meant for calls from outside the page and carries no cookie: any origin may read it. The
  // per-visitor limit counts the visitor the query names with its page view.
  const visitorLimit: RouteRateLimit = {
    visitorOf(req) {
      const q = objectOf(req.query);
      return q && idOf(q.ci) ? `${idOf(q.k) || idOf(q.sk)} ${idOf(q.ci)} ${idOf(q.hi)}` : null;
    },
  };
  app.get('/vc/s/', { config: { cors: 'any', visitorLimit } }, async (req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*').header('Cache-Control', 'no-store');
    const query = QuerySchema.safeParse(req.query);
    if (!query.success) throw errors.invalid(describeIssue(query.error));
    const q = query.data;
    // The data is judged before the credentials: an answer must not tell a right pair from a wrong one.
    const info = VisitorInfoDataSchema.safeParse({ name: q.vn, email: q.ve, phone: q.vp });
    if (!info.success) throw errors.invalid(describeIssue(info.error));
    const place = await guard.run(req.ip, async () => {
      const site = q.k ? await sites.byWidgetKey(q.k) : q.sk ? await sites.bySiteKey(q.sk) : null;
      return placeOf(store.db, hitOfSite, { site, uri: q.ur, visitor_id: q.ci, hit_id: q.hi }, serverUri(req, opts.publicUrl));
    });
    // One transaction: the name, e-mail and phone are stored together or not at all.
    await store.db.transaction().execute((trx) => saveVisitorInfo(trx, place.site_id, place.visitor_id, info.data, Date.now()));
    return q.s === '1'
      ? { success: true }
      : { success: true, visitor_id: place.visitor_id, session_id: place.session_id, hit_id: place.hit_id };
  });
}

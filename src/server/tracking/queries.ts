import type { Queryable } from '../store/queryable.js';
import type { HitRow, VisitorRow } from '../writes/context.js';

/**
 * Every query of the traffic tables: visitors, sessions, hits and goals. Other features read them
 * through these functions, so a reader who wants everything that touches a page view opens one file.
 */

/** The visitor a client names, if the id, site and token agree. */
export async function visitorByToken(db: Queryable, siteId: number, id: number, token: string): Promise<VisitorRow | null> {
  const row = await db
    .selectFrom('visitors')
    .select(['id', 'site_id', 'token', 'first_ac_id'])
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .where('token', '=', token)
    .executeTakeFirst();
  return row ?? null;
}

/** The visitor whose page view has this client id (a retried first visit finds its visitor). */
export async function visitorOfHit(db: Queryable, siteId: number, clientId: string): Promise<VisitorRow | null> {
  const row = await db
    .selectFrom('hits as h')
    .innerJoin('visitors as v', 'v.id', 'h.visitor_id')
    .select(['v.id', 'v.site_id', 'v.token', 'v.first_ac_id'])
    .where('h.site_id', '=', siteId)
    .where('h.client_id', '=', clientId)
    .executeTakeFirst();
  return row ?? null;
}

/** The visitor's page view with this client id. */
export async function hitOfVisitor(db: Queryable, siteId: number, clientId: string, visitorId: number): Promise<HitRow | null> {
  const row = await db
    .selectFrom('hits')
    .select(['id', 'session_id', 'visitor_id', 'url'])
    .where('site_id', '=', siteId)
    .where('client_id', '=', clientId)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst();
  return row ?? null;
}

/** The visitor's latest page view: the context of a write whose own page view is unknown. */
export async function latestHitOfVisitor(db: Queryable, visitorId: number): Promise<HitRow | null> {
  const row = await db
    .selectFrom('hits')
    .select(['id', 'session_id', 'visitor_id', 'url'])
    .where('visitor_id', '=', visitorId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

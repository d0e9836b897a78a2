import type { Queryable } from '../store/queryable.js';
import type { HitRow } from '../writes/context.js';

/**
 * Every query of the traffic tables: sessions, hits and goals (visitors: visitors/queries.ts). Other features read them
 * through these functions, so a reader who wants everything that touches a page view opens one file.
 */

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

/** The site's page view with this id (credentials name page views by id: visitors/credentials.ts). */
export async function hitOfSite(db: Queryable, siteId: number, hitId: number): Promise<HitRow | null> {
  const row = await db
    .selectFrom('hits')
    .select(['id', 'session_id', 'visitor_id', 'url'])
    .where('id', '=', hitId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row ?? null;
}

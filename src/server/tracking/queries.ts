import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { NewRow } from '../store/tables.js';
import type { HitRow } from '../writes/context.js';
import { CAMPAIGN_FIELDS, type CampaignParams } from './campaign.js';

/**
 * Every query of the traffic tables: sessions, hits and goals (visitors: visitors/queries.ts).
 * Other features read them through these functions, so a reader who wants everything that
 * touches a page view opens one file.
 */

// LIMIT is written into the statement (`sql.lit`), not bound: SQLite's planner reads a bound LIMIT,
// so every new binding expires the prepared statement and each run prepares it again, which
// costs several times the query (measured: 40 µs against 10 µs for the latest-session lookup).

/** What a page view reads of the visitor's latest session (a session row has some forty columns). */
export interface LatestSession extends CampaignParams {
  id: number;
  last_hit_ms: number;
  ac_id: number;
}

export async function latestSessionOfVisitor(db: Queryable, visitorId: number): Promise<LatestSession | null> {
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'last_hit_ms', 'ac_id', ...CAMPAIGN_FIELDS])
    .where('visitor_id', '=', visitorId)
    .orderBy('id', 'desc')
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row ?? null;
}

/** Stores a new session; its id. */
export async function createSession(db: Queryable, session: NewRow<'sessions'>): Promise<number> {
  const { id } = await db.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A page view of a session: it lives on from `lastHitMs`. */
export async function touchSession(db: Queryable, sessionId: number, lastHitMs: number): Promise<void> {
  await db.updateTable('sessions').set({ last_hit_ms: lastHitMs }).where('id', '=', sessionId).execute();
}

/** Stores a page view; its id. */
export async function createHit(db: Queryable, hit: NewRow<'hits'>): Promise<number> {
  const { id } = await db.insertInto('hits').values(hit).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Stores a custom event (`trackEvent`, the REST document's goal); its id. */
export async function createGoal(db: Queryable, goal: NewRow<'goals'>): Promise<number> {
  const { id } = await db.insertInto('goals').values(goal).returning('id').executeTakeFirstOrThrow();
  return id;
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

/** A page view of the site by its server id (a credential names one). */
export async function hitOfSite(db: Queryable, siteId: number, hitId: number): Promise<HitRow | null> {
  const row = await db
    .selectFrom('hits')
    .select(['id', 'session_id', 'visitor_id', 'url'])
    .where('id', '=', hitId)
    .where('site_id', '=', siteId)
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
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row ?? null;
}

import { sql } from 'kysely';
import { idAhead } from '../store/id-sequences.js';
import { unawaited } from '../store/pipelined-connection.js';
import type { Queryable } from '../store/queryable.js';
import { prepared } from '../store/prepared.js';
import type { HitRow, Row } from '../store/tables.js';
import { CAMPAIGN_FIELDS } from '../store/tables/traffic.js';
import type { AnalyticsIds } from './analytics-ids.js';
import type { CampaignParams } from './campaign.js';

/**
 * Every query of the traffic tables: sessions, hits and goals (visitors: visitors/).
 * Other features read them through these functions, so a reader who wants everything that
 * touches a page view opens one file.
 */

// The page view's queries are `prepared` (store/prepared.ts): built and compiled once, not on every
// page view. LIMIT is written into the statement (`sql.lit`), not bound: SQLite's planner reads a
// bound LIMIT, so every new binding expires the prepared statement and each run prepares it again,
// which costs several times the query (measured: 40 µs against 10 µs for the latest session).

/** A session ends after 30 minutes without a hit. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

/** What a page view reads of the visitor's latest session (a session row has some forty columns). */
export interface LatestSession extends CampaignParams {
  id: number;
  last_hit_ms: number;
  ac_id: number;
  /** Why it kept the site's number, or `preview` (number-reasons.ts). */
  number_reason: string | null;
  /** The analytics ids it holds (analytics-ids.ts). */
  ua_client_id: string | null;
  ym_client_id: string | null;
}

const latestSessionQuery = prepared((db, p: { visitorId: number }) =>
  db
    .selectFrom('sessions')
    .select(['id', 'last_hit_ms', 'ac_id', 'number_reason', 'ua_client_id', 'ym_client_id', ...CAMPAIGN_FIELDS])
    .where('visitor_id', '=', p.visitorId)
    .orderBy('id', 'desc')
    .limit(sql.lit(1)),
);

export async function latestSessionOfVisitor(db: Queryable, visitorId: number): Promise<LatestSession | null> {
  return (await latestSessionQuery(db, { visitorId }))[0] ?? null;
}

/** The columns a page view gives a new session (the others stay NULL until a later feature fills them). */
const SESSION_COLUMNS = [
  'site_id',
  'visitor_id',
  'ac_id',
  'start_time',
  'last_hit_ms',
  'ip',
  'user_agent',
  'browser_name',
  'browser_version',
  'os_name',
  'os_version',
  'country',
  'region',
  'city',
  'referrer',
  'referrer_domain',
  'search_engine',
  'search_query',
  'entrance_page',
  'number_reason',
  'ua_client_id',
  'ym_client_id',
  ...CAMPAIGN_FIELDS,
] as const;

export type NewSession = Pick<Row<'sessions'>, 'id' | (typeof SESSION_COLUMNS)[number]>;

const createSessionQuery = prepared((db, p: NewSession) =>
  db.insertInto('sessions').values({ id: p.id, ...(Object.fromEntries(SESSION_COLUMNS.map((c) => [c, p[c]])) as Omit<NewSession, 'id'>) }),
);

/** Stores a new session under its id (page-view/public-ids.ts). */
export async function createSession(db: Queryable, session: NewSession): Promise<void> {
  await unawaited(db, [createSessionQuery(db, session)]);
}

/** The largest session id stored, 0 for none. */
export async function maxSessionId(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * PostgreSQL only: the next number of the table's own id sequence, shared by every process on the
 * database (page-view/public-ids.ts makes it the high part of a public id). Migration 011 moved each
 * sequence past the ids stored before.
 */
export async function nextIdSequence(db: Queryable, table: 'visitors' | 'sessions' | 'hits'): Promise<number> {
  const { rows } = await sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS n`.execute(db);
  return Number((rows[0] as { n: number | string }).n);
}

/** PostgreSQL only: sequence numbers for a first visit's visitor, session and page view, in one statement. */
export async function firstVisitSequences(db: Queryable): Promise<{ visitors: number; sessions: number; hits: number }> {
  const { rows } = await sql<{ visitors: number; sessions: number; hits: number }>`
    SELECT nextval(pg_get_serial_sequence('visitors', 'id')) AS visitors,
      nextval(pg_get_serial_sequence('sessions', 'id')) AS sessions,
      nextval(pg_get_serial_sequence('hits', 'id')) AS hits`.execute(db);
  const r = rows[0]!;
  return { visitors: Number(r.visitors), sessions: Number(r.sessions), hits: Number(r.hits) };
}

/** The largest hit id stored, 0 for none. */
export async function maxHitId(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('hits')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

const touchSessionQuery = prepared((db, p: { sessionId: number; lastHitMs: number }) =>
  db.updateTable('sessions').set({ last_hit_ms: p.lastHitMs }).where('id', '=', p.sessionId),
);

// The ids a session does not hold yet: one statement of fixed text, whichever of the two is new.
const keepIdsQuery = prepared((db, p: { sessionId: number; ua: string | null; ym: string | null }) =>
  db
    .updateTable('sessions')
    .set({
      ua_client_id: sql<string | null>`COALESCE(ua_client_id, ${p.ua})`,
      ym_client_id: sql<string | null>`COALESCE(ym_client_id, ${p.ym})`,
    })
    .where('id', '=', p.sessionId),
);

/**
 * A page view of a session: it lives on from `lastHitMs`, and keeps the analytics ids it did not
 * hold yet (`ids`, null: none new).
 */
export async function touchSession(
  db: Queryable,
  sessionId: number,
  lastHitMs: number,
  ids: Partial<AnalyticsIds> | null = null,
): Promise<void> {
  await unawaited(db, [
    touchSessionQuery(db, { sessionId, lastHitMs }),
    ...(ids ? [keepIdsQuery(db, { sessionId, ua: ids.ua_client_id ?? null, ym: ids.ym_client_id ?? null })] : []),
  ]);
}

const numberReasonQuery = prepared((db, p: { sessionId: number; reason: string | null }) =>
  db.updateTable('sessions').set({ number_reason: p.reason }).where('id', '=', p.sessionId),
);

/**
 * Why the session keeps the site's number (number-reasons.ts), once its numbers are chosen: not
 * waited for, so it goes out with the page view's other writes (no round trip of its own).
 */
export async function setNumberReason(db: Queryable, sessionId: number, reason: string | null): Promise<void> {
  await unawaited(db, [numberReasonQuery(db, { sessionId, reason })]);
}

export type NewHit = Row<'hits'>;

const createHitQuery = prepared((db, p: NewHit) =>
  db.insertInto('hits').values({
    id: p.id,
    site_id: p.site_id,
    visitor_id: p.visitor_id,
    session_id: p.session_id,
    client_id: p.client_id,
    hit_time: p.hit_time,
    url: p.url,
    title: p.title,
    referrer: p.referrer,
    is_spa: p.is_spa,
  }),
);

/** Stores a page view under its id (page-view/public-ids.ts). */
export async function createHit(db: Queryable, hit: NewHit): Promise<void> {
  await unawaited(db, [createHitQuery(db, hit)]);
}

export type NewGoal = Omit<Row<'goals'>, 'id'>;

/** A goal's columns, each named: `p` is the prepared query's stand-in, which cannot be spread. */
const goalValues = (p: Readonly<NewGoal>) => ({
  site_id: p.site_id,
  visitor_id: p.visitor_id,
  session_id: p.session_id,
  hit_id: p.hit_id,
  name: p.name,
  category: p.category,
  action: p.action,
  label: p.label,
  value: p.value,
  start_time: p.start_time,
});

const createGoalQuery = prepared((db, p: NewGoal) => db.insertInto('goals').values(goalValues(p)).returning('id'));

const createGoalWithIdQuery = prepared((db, p: NewGoal & { id: number }) => db.insertInto('goals').values({ id: p.id, ...goalValues(p) }));

/**
 * Stores a custom event (`trackEvent`, the REST document's goal); its id. With an id taken ahead
 * (`goalIdsAhead`) the insert is not waited for (store/pipelined-connection.ts `unawaited`).
 */
export async function createGoal(db: Queryable, goal: NewGoal): Promise<number> {
  const id = idAhead(db, 'goals');
  if (id === undefined) return (await createGoalQuery(db, goal))[0]!.id;
  await unawaited(db, [createGoalWithIdQuery(db, { ...goal, id })]);
  return id;
}

/** PostgreSQL only: `n` ids of the goals' identity sequence, for the events of one batch (`createGoal`). */
export async function goalIdsAhead(db: Queryable, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('goals', 'id')) AS id FROM generate_series(1, ${n})`.execute(db);
  return rows.map((r) => Number(r.id));
}

const hitOfVisitorQuery = prepared((db, p: { siteId: number; clientId: string; visitorId: number }) =>
  db
    .selectFrom('hits')
    .select(['id', 'session_id', 'visitor_id', 'url'])
    .where('site_id', '=', p.siteId)
    .where('client_id', '=', p.clientId)
    .where('visitor_id', '=', p.visitorId),
);

/** The visitor's page view with this client id. */
export async function hitOfVisitor(db: Queryable, siteId: number, clientId: string, visitorId: number): Promise<HitRow | null> {
  return (await hitOfVisitorQuery(db, { siteId, clientId, visitorId }))[0] ?? null;
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

/** The session's latest page view at or before `at` (stored UTC text): the page a call was made from. */
export async function latestHitOfSessionAt(db: Queryable, sessionId: number, at: string): Promise<HitRow | null> {
  const row = await db
    .selectFrom('hits')
    .select(['id', 'session_id', 'visitor_id', 'url'])
    .where('session_id', '=', sessionId)
    .where('hit_time', '<=', at)
    .orderBy('id', 'desc')
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row ?? null;
}

/** The page a session entered the site on; null for no such session. */
export async function sessionEntrancePage(db: Queryable, sessionId: number): Promise<string | null> {
  const row = await db.selectFrom('sessions').select('entrance_page').where('id', '=', sessionId).executeTakeFirst();
  return row?.entrance_page ?? null;
}

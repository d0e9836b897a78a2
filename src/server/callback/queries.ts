import { sql } from 'kysely';
import { SITEPHONE_STATUS } from '../../protocol.js';
import type { ConsoleRequest } from '../../console-protocol.js';
import { alone } from '../store/batch-scope.js';
import { onPostgres, type Queryable } from '../store/queryable.js';
import type { NewRow } from '../store/tables.js';

/**
 * Every query of the call-back tables: `captchas` (the keys of the call-back form), `calls` (the
 * call-back requests, as the REST document's call records) and `sitephone_attempts` (what the
 * rolling-minute limit counts), including the reads of the operator console's list of call-back
 * requests. The site's call-back settings are read in sites/sites.ts, the visitor context a call
 * record copies in visitors/visit-context.ts.
 */

// ---- captchas

export async function insertCaptcha(db: Queryable, row: NewRow<'captchas'>): Promise<void> {
  await db.insertInto('captchas').values(row).execute();
}

/** Drops every key expired at `now`, whoever's (the expiry index makes this cheap). */
export async function deleteExpiredCaptchas(db: Queryable, now: number): Promise<void> {
  await db.deleteFrom('captchas').where('expires_ms', '<=', now).execute();
}

/**
 * Deletes the visitor's key and returns its answer and expiry: a key is used up by its first
 * check, right or wrong. Null when the key is unknown, used, or another site's or visitor's.
 * (DELETE … RETURNING: SQLite 3.35+ and PostgreSQL.)
 */
export async function takeCaptcha(
  db: Queryable,
  key: string,
  siteId: number,
  visitorId: number,
): Promise<{ answer: string; expires_ms: number } | null> {
  const row = await db
    .deleteFrom('captchas')
    .where('key', '=', key)
    .where('site_id', '=', siteId)
    .where('visitor_id', '=', visitorId)
    .returning(['answer', 'expires_ms'])
    .executeTakeFirst();
  return row ?? null;
}

/** The answer of a key that is still unused and unexpired at `now` (what its picture shows). */
export async function liveCaptchaAnswer(db: Queryable, key: string, now: number): Promise<string | null> {
  const row = await db.selectFrom('captchas').select('answer').where('key', '=', key).where('expires_ms', '>', now).executeTakeFirst();
  return row?.answer ?? null;
}

// ---- sitephone_attempts

/** Whose attempts a limit counts: one visitor's, one address's, or the whole site's. */
export type AttemptScope = { visitorId: number } | { ip: string } | 'site';

/**
 * The site's attempts in `scope` after `since` (epoch ms) that were not refused for the limit
 * (status 4, `limit`): a refused request is not a call. Three fixed statement texts, one per scope.
 */
export async function countAttempts(db: Queryable, siteId: number, scope: AttemptScope, since: number): Promise<number> {
  let q = db
    .selectFrom('sitephone_attempts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('site_id', '=', siteId);
  if (scope !== 'site') q = 'visitorId' in scope ? q.where('visitor_id', '=', scope.visitorId) : q.where('ip', '=', scope.ip);
  // The site counts only requests that got past the captcha (callback/limit.ts).
  else q = q.where('status', '<>', SITEPHONE_STATUS.captcha);
  const row = await q.where('at_ms', '>', since).where('status', '<>', SITEPHONE_STATUS.limit).executeTakeFirstOrThrow();
  // count(*) is a bigint in PostgreSQL, which its driver returns as text.
  return Number(row.n);
}

export async function insertAttempt(db: Queryable, row: NewRow<'sitephone_attempts'>): Promise<void> {
  await db.insertInto('sitephone_attempts').values(row).execute();
}

/** Drops the site's attempts made before `before` (epoch ms). */
export async function deleteAttemptsBefore(db: Queryable, siteId: number, before: number): Promise<void> {
  await db.deleteFrom('sitephone_attempts').where('site_id', '=', siteId).where('at_ms', '<', before).execute();
}

// ---- calls

/** Stores a call record; returns its id. */
export async function insertCall(db: Queryable, row: NewRow<'calls'>): Promise<number> {
  const { id } = await db.insertInto('calls').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * The platform refused the request (or threw): the record says so, and why; nobody will dial, so
 * the call report shows a missed call (`lost`).
 */
export async function markCallFailed(db: Queryable, id: number, requestStatus: number, error: string): Promise<void> {
  await db
    .updateTable('calls')
    .set({ request_status: requestStatus, dispatch_state: 'failed', dispatch_error: error, status: 'lost', duration: 0 })
    .where('id', '=', id)
    .execute();
}

// ---- calls, as the operator console lists them

/** A call-back request in the console's request list (src/console-protocol.ts `ConsoleRequest`). */
export type CallbackRequestRow = Omit<ConsoleRequest, 'kind'> & { kind: 'callback' };

/** The call records the console shows: call-back requests (communication_type 'sitephone') of `siteIds`. */
function callbackRequests(db: Queryable, siteIds: readonly number[]) {
  return db
    .selectFrom('calls')
    .select(['id', 'site_id', 'call_date as date_time', 'numa as phone', 'page_url'])
    .where('communication_type', '=', 'sitephone')
    .where('site_id', 'in', siteIds);
}

/** A call record in the console's shape: a call-back request carries no name, e-mail or message. */
const asRequest = (r: Pick<CallbackRequestRow, 'id' | 'site_id' | 'date_time' | 'phone' | 'page_url'>): CallbackRequestRow => ({
  kind: 'callback',
  ...r,
  name: null,
  email: null,
  message: null,
});

/** The sites' call-back requests with an id above `afterId`, oldest first, at most `limit`. */
export async function callbackRequestsAfter(
  db: Queryable,
  siteIds: readonly number[],
  afterId: number,
  limit: number,
): Promise<CallbackRequestRow[]> {
  // `IN ()` is an error in PostgreSQL: no sites, no requests.
  if (!siteIds.length) return [];
  const rows = await callbackRequests(db, siteIds).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map(asRequest);
}

/**
 * The sites' newest call-back requests made since `sinceTime` (store/time.ts) with an id up to
 * `upToId` (where the live list starts), oldest first, at most `limit`.
 */
export async function recentCallbackRequests(
  db: Queryable,
  siteIds: readonly number[],
  sinceTime: string,
  upToId: number,
  limit: number,
): Promise<CallbackRequestRow[]> {
  if (!siteIds.length) return [];
  const rows = await callbackRequests(db, siteIds)
    .where('call_date', '>=', sinceTime)
    .where('id', '<=', upToId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(asRequest);
}

/** The largest call id of any site (0 when none): where a live list starts. */
export async function lastCallId(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('calls')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first key of the call-back limit's lock: "CB" in ASCII, apart from the pool locks. */
const LIMIT_LOCK = 0x4342;

/**
 * Holds the site's call-back limit for the rest of the transaction, so that counting the attempts
 * and recording one more happen with no other transaction in between: with several processes on
 * PostgreSQL, two requests counted at once would each see room for one more. A transaction-scoped
 * advisory lock per site (call-back requests are rare; the site's own limit counts all of them).
 * On SQLite the transaction's write lock already does that.
 */
export async function lockCallbackLimit(db: Queryable, siteId: number): Promise<void> {
  if (!onPostgres(db)) return;
  // The lock keeps other transactions out, not the batches that share this one (store/batch-scope.ts).
  await alone(db);
  await sql`SELECT pg_advisory_xact_lock(${LIMIT_LOCK}, ${siteId})`.execute(db);
}

import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { NewRow, Row } from '../store/tables.js';

/**
 * Every query of the telephony boundary: the call records it opens and completes (`calls` rows
 * with a platform id; the call-back requests that callback/ stores are in callback/queries.ts)
 * and their legs (`call_legs`, shared with the charges: migration 070).
 */

// ---- calls

/**
 * Stores the call record of a platform call unless one with its platform id exists (two events of
 * one call arriving at once: the second waits for the first's transaction, then inserts nothing).
 * Returns the new id, or null when the call was there.
 */
export async function insertPlatformCall(db: Queryable, row: NewRow<'calls'> & { platform_call_id: string }): Promise<number | null> {
  const r = await db
    .insertInto('calls')
    .values(row)
    .onConflict((oc) => oc.column('platform_call_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

export async function callByPlatformId(db: Queryable, platformCallId: string): Promise<Row<'calls'> | null> {
  return (await db.selectFrom('calls').selectAll().where('platform_call_id', '=', platformCallId).executeTakeFirst()) ?? null;
}

export async function callById(db: Queryable, id: number): Promise<Row<'calls'> | null> {
  return (await db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export type EventColumn = 'ringing_time' | 'answered_time' | 'ended_time';

/**
 * Records that the call saw an event, once: true when this is the first time (the row changed),
 * false for a repeat. One UPDATE, so two deliveries at once cannot both count as first.
 */
export async function markEventSeen(db: Queryable, id: number, column: EventColumn, at: string): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({ [column]: at })
    .where('id', '=', id)
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function updateCall(
  db: Queryable,
  id: number,
  values: Partial<Pick<Row<'calls'>, 'call_date' | 'status' | 'wait_time' | 'duration' | 'operator_name' | 'file_link' | 'open_since_ms'>>,
): Promise<void> {
  await db.updateTable('calls').set(values).where('id', '=', id).execute();
}

/** Gives a call-back request the platform's id of the call that dials it. */
export async function setPlatformCallId(db: Queryable, id: number, platformCallId: string): Promise<void> {
  await db.updateTable('calls').set({ platform_call_id: platformCallId }).where('id', '=', id).execute();
}

/**
 * Takes a queued call-back request for dispatching: one UPDATE, so of several processes trying the
 * same request one wins. The placeholder id is replaced by the platform's (or cleared on failure).
 */
export async function claimCallback(db: Queryable, id: number): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({ platform_call_id: `claim:${id}` })
    .where('id', '=', id)
    .where('dispatch_state', '=', 'queued')
    .where('platform_call_id', 'is', null)
    .where('communication_type', '=', 'sitephone')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function releaseCallback(db: Queryable, id: number): Promise<void> {
  await db.updateTable('calls').set({ platform_call_id: null }).where('id', '=', id).execute();
}

/** Call-back requests stored as queued and never handed to the platform, oldest first. */
export async function queuedCallbacks(db: Queryable, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('calls')
    .select('id')
    .where('dispatch_state', '=', 'queued')
    .where('platform_call_id', 'is', null)
    .orderBy('id')
    .limit(sql.lit(limit))
    .execute();
  return rows.map((r) => r.id);
}

/** Calls open since before `before` (epoch ms), oldest first, at most `limit`: the lost-call sweep's work. */
export async function openCallsBefore(db: Queryable, before: number, limit: number): Promise<Array<{ id: number; site_id: number }>> {
  return db
    .selectFrom('calls')
    .select(['id', 'site_id'])
    .where('open_since_ms', '<', before)
    .orderBy('open_since_ms')
    .limit(sql.lit(limit))
    .execute();
}

/**
 * Closes an open call as lost, unless it ended or was closed meanwhile (then false). Its incoming
 * leg is marked lost in the same step by the caller.
 */
export async function closeCallAsLost(db: Queryable, id: number): Promise<boolean> {
  const r = await db
    .updateTable('calls')
    .set({ status: 'lost', open_since_ms: null })
    .where('id', '=', id)
    .where('open_since_ms', 'is not', null)
    .where('ended_time', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The calls (not call-backs) of `siteIds` that began since `sinceTime` (stored UTC text), newest first: the console's screen pop. */
export async function recentCalls(
  db: Queryable,
  siteIds: readonly number[],
  sinceTime: string,
  limit: number,
): Promise<Array<Row<'calls'>>> {
  // `IN ()` is an error in PostgreSQL: no sites, no calls.
  if (!siteIds.length) return [];
  return db
    .selectFrom('calls')
    .selectAll()
    .where('site_id', 'in', siteIds)
    .where('call_date', '>=', sinceTime)
    .where('communication_type', '=', 'call')
    .orderBy('id', 'desc')
    .limit(sql.lit(limit))
    .execute();
}

// ---- call_legs

/** Stores a leg unless the platform's leg id is known; returns its id either way. */
export async function upsertLeg(db: Queryable, row: NewRow<'call_legs'>): Promise<number> {
  await db
    .insertInto('call_legs')
    .values(row)
    .onConflict((oc) => oc.column('platform_leg_id').doNothing())
    .execute();
  const r = await db.selectFrom('call_legs').select('id').where('platform_leg_id', '=', row.platform_leg_id).executeTakeFirstOrThrow();
  return r.id;
}

export async function legByPlatformId(db: Queryable, platformLegId: string): Promise<Row<'call_legs'> | null> {
  return (await db.selectFrom('call_legs').selectAll().where('platform_leg_id', '=', platformLegId).executeTakeFirst()) ?? null;
}

export async function updateLeg(
  db: Queryable,
  id: number,
  values: Partial<
    Pick<
      Row<'call_legs'>,
      'setup_time' | 'connect_time' | 'end_time' | 'duration' | 'total_duration' | 'is_lost' | 'file_link' | 'sip_line' | 'numb'
    >
  >,
): Promise<void> {
  await db.updateTable('call_legs').set(values).where('id', '=', id).execute();
}

/** Marks the legs of a call that never connected as lost (the lost-call sweep). */
export async function markLegsLost(db: Queryable, callId: number): Promise<void> {
  await db.updateTable('call_legs').set({ is_lost: 1 }).where('call_id', '=', callId).where('connect_time', 'is', null).execute();
}

// ---- legs, as get_cdr_in and get_cdr_out read them

export interface LegFilter {
  customerId: number;
  /** Half-open range of setup times, stored UTC text. */
  from: string;
  till: string;
  callId?: number | undefined;
  id?: number | undefined;
}

function legQuery(db: Queryable, f: LegFilter, direction: 'in' | 'out') {
  let q = db
    .selectFrom('call_legs')
    .where('customer_id', '=', f.customerId)
    .where('setup_time', '>=', f.from)
    .where('setup_time', '<', f.till)
    .where('direction', '=', direction);
  if (f.callId !== undefined) q = q.where('call_id', '=', f.callId);
  if (f.id !== undefined) q = q.where('id', '=', f.id);
  return q;
}

export async function legRows(
  db: Queryable,
  f: LegFilter,
  direction: 'in' | 'out',
  page: { limit: number; offset: number },
): Promise<Array<Row<'call_legs'>>> {
  return legQuery(db, f, direction).selectAll().orderBy('setup_time').orderBy('id').limit(page.limit).offset(page.offset).execute();
}

export async function legCount(db: Queryable, f: LegFilter, direction: 'in' | 'out'): Promise<number> {
  const r = await legQuery(db, f, direction)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The outgoing legs that continue the incoming legs `ids` (what get_cdr_in answers with each). */
export async function legsContinuing(db: Queryable, customerId: number, ids: readonly number[]): Promise<Array<Row<'call_legs'>>> {
  if (!ids.length) return [];
  return db.selectFrom('call_legs').selectAll().where('customer_id', '=', customerId).where('cdr_id', 'in', ids).orderBy('id').execute();
}

// ---- callapi_requests

/** Logs one request made to the platform; returns its id. */
export async function insertCallapiRequest(db: Queryable, row: NewRow<'callapi_requests'>): Promise<number> {
  const r = await db.insertInto('callapi_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function finishCallapiRequest(db: Queryable, id: number, error: string | null, result: string): Promise<void> {
  await db.updateTable('callapi_requests').set({ error, result }).where('id', '=', id).execute();
}

// ---- who answered

/**
 * The employee a SIP line reaches, as `employee`'s `sip_line` filter reads it: the one whose
 * extension it is, else the first owner of the customer's SIP line of that number; null for none.
 */
export async function employeeOnLine(db: Queryable, customerId: number, line: string): Promise<string | null> {
  const byExtension = await db
    .selectFrom('employees')
    .select('full_name')
    .where('customer_id', '=', customerId)
    .where('extension', '=', line)
    .orderBy('id')
    .executeTakeFirst();
  if (byExtension) return byExtension.full_name;
  const owner = await db
    .selectFrom('sip_lines as l')
    .innerJoin('sip_line_employees as le', 'le.sip_line_id', 'l.id')
    .innerJoin('employees as e', 'e.id', 'le.employee_id')
    .select('e.full_name')
    .where('l.customer_id', '=', customerId)
    .where('l.phone', '=', line)
    .where('e.customer_id', '=', customerId)
    .orderBy('e.id')
    .executeTakeFirst();
  return owner?.full_name ?? null;
}

import { sql } from 'kysely';
import { onPostgres, type Queryable } from '../store/queryable.js';
import type { QualifiableKind, Row } from '../store/tables.js';

/**
 * The conversions' outbox (`conversion_outbox`): one row per destination and communication,
 * inserted in the transaction that qualified (or ended) the communication and unique on the pair,
 * so a communication announced again (a call-back's second end, a re-run) is sent once. Workers
 * claim due rows under a lease (`locked_until_ms`; on PostgreSQL also `FOR UPDATE SKIP LOCKED`)
 * and record every attempt (`conversion_attempts`): the destination's log.
 */

export type ConversionItem = Row<'conversion_outbox'>;

/**
 * One row per enabled destination of the site that takes it: every destination when the
 * communication is qualified, those sending `all` otherwise. One statement; a pair already in the
 * outbox is left alone. The number of rows it added.
 */
export async function enqueueConversion(
  db: Queryable,
  siteId: number,
  kind: QualifiableKind,
  id: number,
  qualified: boolean,
  now: number,
): Promise<number> {
  const r = await sql`
    INSERT INTO conversion_outbox (destination_id, object_kind, object_id, created_ms, next_attempt_ms)
    SELECT d.id, CAST(${kind} AS text), CAST(${id} AS bigint), CAST(${now} AS bigint), CAST(${now} AS bigint)
    FROM conversion_destinations d
    WHERE d.site_id = ${siteId} AND d.enabled = 1 AND (${qualified ? 1 : 0} = 1 OR d.sends = 'all')
    ORDER BY d.id
    ON CONFLICT (destination_id, object_kind, object_id) DO NOTHING`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Claims up to `limit` due rows until `leaseUntil`, oldest due first; their ids. */
export async function claimConversions(db: Queryable, now: number, leaseUntil: number, limit: number): Promise<number[]> {
  if (limit <= 0) return [];
  const lock = onPostgres(db) ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const r = await sql<{ id: number }>`
    UPDATE conversion_outbox SET locked_until_ms = ${leaseUntil}
    WHERE id IN (
      SELECT o.id FROM conversion_outbox o
      WHERE o.state = 'pending' AND o.next_attempt_ms <= ${now} AND (o.locked_until_ms IS NULL OR o.locked_until_ms <= ${now})
      ORDER BY o.next_attempt_ms, o.id LIMIT ${sql.lit(Math.trunc(limit))} ${lock})
    AND (locked_until_ms IS NULL OR locked_until_ms <= ${now})
    RETURNING id`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

export async function conversionItem(db: Queryable, id: number): Promise<ConversionItem | null> {
  return (await db.selectFrom('conversion_outbox').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export interface AttemptRecord {
  outbox_id: number;
  destination_id: number;
  at_ms: number;
  request: string;
  status_code: number | null;
  answer: string | null;
  duration_ms: number;
}

/** An attempt, of an item that may be gone meanwhile (its destination disconnected): then nothing is recorded. */
export async function recordConversionAttempt(db: Queryable, a: AttemptRecord): Promise<void> {
  await sql`
    INSERT INTO conversion_attempts (outbox_id, destination_id, at_ms, request, status_code, answer, duration_ms)
    SELECT o.id, CAST(${a.destination_id} AS bigint), CAST(${a.at_ms} AS bigint), CAST(${a.request} AS text),
           CAST(${a.status_code} AS integer), CAST(${a.answer} AS text), CAST(${a.duration_ms} AS integer)
    FROM conversion_outbox o WHERE o.id = ${a.outbox_id}`.execute(db);
}

/** Settled: sent, given up or refused for good (with why), or due again at `next`. */
export async function settleConversion(
  db: Queryable,
  id: number,
  to: { state: 'sent' | 'failed' | 'refused'; reason: string | null } | { state: 'pending'; next: number; reason: string | null },
  attempted: boolean,
): Promise<void> {
  await db
    .updateTable('conversion_outbox')
    .set((eb) => ({
      state: to.state,
      reason: to.reason,
      locked_until_ms: null,
      ...(attempted ? { attempts: eb('attempts', '+', 1) } : {}),
      ...(to.state === 'pending' ? { next_attempt_ms: to.next } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

export interface LogEntry {
  id: number;
  object_kind: QualifiableKind;
  object_id: number;
  state: ConversionItem['state'];
  reason: string | null;
  attempts: number;
  created_ms: number;
  at_ms: number | null;
  request: string | null;
  status_code: number | null;
  answer: string | null;
}

/**
 * A destination's log, newest first: each item with its last attempt (an item refused before any
 * attempt shows its reason alone).
 */
export async function conversionLog(db: Queryable, destinationId: number, limit: number, offset: number): Promise<LogEntry[]> {
  const r = await sql<LogEntry>`
    SELECT o.id, o.object_kind, o.object_id, o.state, o.reason, o.attempts, o.created_ms,
           a.at_ms, a.request, a.status_code, a.answer
    FROM conversion_outbox o
    LEFT JOIN conversion_attempts a ON a.id = (SELECT MAX(x.id) FROM conversion_attempts x WHERE x.outbox_id = o.id)
    WHERE o.destination_id = ${destinationId}
    ORDER BY o.id DESC LIMIT ${sql.lit(Math.trunc(limit))} OFFSET ${sql.lit(Math.trunc(offset))}`.execute(db);
  return r.rows.map((x) => ({
    ...x,
    id: Number(x.id),
    object_id: Number(x.object_id),
    attempts: Number(x.attempts),
    created_ms: Number(x.created_ms),
    at_ms: x.at_ms == null ? null : Number(x.at_ms),
    status_code: x.status_code == null ? null : Number(x.status_code),
  }));
}

export async function conversionLogCount(db: Queryable, destinationId: number): Promise<number> {
  const r = await db
    .selectFrom('conversion_outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('destination_id', '=', destinationId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The communications of a destination's outbox created in [from, to) ms, oldest first (the CSV downloads). */
export async function itemsBetween(
  db: Queryable,
  destinationId: number,
  from: number,
  to: number,
): Promise<Array<{ object_kind: QualifiableKind; object_id: number }>> {
  const rows = await db
    .selectFrom('conversion_outbox')
    .select(['object_kind', 'object_id'])
    .where('destination_id', '=', destinationId)
    .where('created_ms', '>=', from)
    .where('created_ms', '<', to)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ object_kind: r.object_kind, object_id: Number(r.object_id) }));
}

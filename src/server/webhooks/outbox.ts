import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';
import type { EventNotice, RecordKind } from './events.js';

/**
 * The outbox (`webhook_outbox`): one row per event and endpoint, inserted in the transaction of the
 * record it announces, so an event exists exactly when its record does. Workers claim due rows
 * (claims.ts) and record each attempt here. A row waits while an earlier row of the same record and
 * endpoint is pending: each record's events reach an endpoint in order.
 */

export type OutboxRow = Row<'webhook_outbox'>;

/** The event's id as receivers see it (idempotency key): stable across retries and resends. */
export const eventId = (outboxId: number): string => `evt_${outboxId}`;

/**
 * One row per enabled endpoint of the site's customer that wants the event: one statement. A row
 * behind an earlier one of its record that is being retried later is due no sooner than that one,
 * so a claim never reads through rows that cannot go yet. Answers the endpoints and customers it
 * wrote to, for the backlog's caps.
 */
export async function enqueue(db: Queryable, e: EventNotice, now: number): Promise<Array<{ endpoint_id: number; customer_id: number }>> {
  const detail = e.detail === undefined ? null : JSON.stringify(e.detail);
  const kind = sql`CAST(${e.kind} AS text)`;
  const objectId = sql`CAST(${e.id} AS bigint)`;
  const at = sql`CAST(${now} AS bigint)`;
  const r = await sql<{ endpoint_id: number; customer_id: number }>`
    INSERT INTO webhook_outbox (endpoint_id, customer_id, event_type, object_kind, object_id, detail, created_ms, next_attempt_ms)
    SELECT e.id, e.customer_id, CAST(${e.type} AS text), ${kind}, ${objectId}, CAST(${detail} AS text), ${at},
           COALESCE((SELECT MAX(p.next_attempt_ms) FROM webhook_outbox p
                     WHERE p.endpoint_id = e.id AND p.object_kind = ${kind} AND p.object_id = ${objectId}
                       AND p.state = 'pending' AND p.next_attempt_ms > ${at}), ${at})
    FROM webhook_endpoints e JOIN sites s ON s.customer_id = e.customer_id
    WHERE s.id = ${e.siteId} AND e.enabled = 1 AND e.events LIKE ${`%"${e.type}"%`}
    ORDER BY e.id
    RETURNING endpoint_id, customer_id`.execute(db);
  return r.rows.map((x) => ({ endpoint_id: Number(x.endpoint_id), customer_id: Number(x.customer_id) }));
}

/**
 * Forgets the events of records being erased (visitors/erasure.ts): their sent bodies hold the visitor's
 * name, phones and pages, and an unsent one would read a record that is gone or anonymised.
 */
export async function forgetRecords(db: Queryable, kind: RecordKind, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const events = db.selectFrom('webhook_outbox').select('id').where('object_kind', '=', kind).where('object_id', 'in', ids);
  await db.deleteFrom('webhook_attempts').where('outbox_id', 'in', events).execute();
  await db.deleteFrom('webhook_outbox').where('object_kind', '=', kind).where('object_id', 'in', ids).execute();
}

/** A test event for one endpoint, whatever it subscribes to; its id. */
export async function enqueueTest(db: Queryable, endpoint: { id: number; customer_id: number }, now: number): Promise<number> {
  const r = await db
    .insertInto('webhook_outbox')
    .values({
      endpoint_id: endpoint.id,
      customer_id: endpoint.customer_id,
      event_type: 'test',
      object_kind: 'test',
      object_id: 0,
      created_ms: now,
      next_attempt_ms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function outboxRow(db: Queryable, id: number): Promise<OutboxRow | null> {
  return (await db.selectFrom('webhook_outbox').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The body, written once: a retry sends the same bytes. Returns the body kept. */
export async function keepBody(db: Queryable, id: number, body: string): Promise<string> {
  await db.updateTable('webhook_outbox').set({ body }).where('id', '=', id).where('body', 'is', null).execute();
  return (await db.selectFrom('webhook_outbox').select('body').where('id', '=', id).executeTakeFirstOrThrow()).body ?? body;
}

/**
 * An attempt, of an event that may be gone meanwhile (its endpoint deleted, its visitor erased
 * while it was being sent): then nothing is recorded, and that is no error.
 */
export async function recordAttempt(
  db: Queryable,
  a: { outbox_id: number; endpoint_id: number; at_ms: number; status_code: number | null; error: string | null; duration_ms: number },
): Promise<void> {
  await sql`
    INSERT INTO webhook_attempts (outbox_id, endpoint_id, at_ms, status_code, error, duration_ms)
    SELECT o.id, CAST(${a.endpoint_id} AS bigint), CAST(${a.at_ms} AS bigint), CAST(${a.status_code} AS integer),
           CAST(${a.error} AS text), CAST(${a.duration_ms} AS integer)
    FROM webhook_outbox o WHERE o.id = ${a.outbox_id}`.execute(db);
}

/** Delivered: done for good. */
export async function markDelivered(db: Queryable, id: number): Promise<void> {
  await db
    .updateTable('webhook_outbox')
    .set((eb) => ({ state: 'delivered', attempts: eb('attempts', '+', 1), locked_until_ms: null }))
    .where('id', '=', id)
    .execute();
}

/**
 * Failed: tried again at `next`, or given up (`failed`) when `next` is null. The later events of
 * its record wait for it, so they become due no sooner.
 */
export async function markRetry(
  db: Queryable,
  row: Pick<OutboxRow, 'id' | 'endpoint_id' | 'object_kind' | 'object_id'>,
  next: number | null,
): Promise<void> {
  await db
    .updateTable('webhook_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      locked_until_ms: null,
      ...(next === null ? { state: 'failed' as const } : { next_attempt_ms: next }),
    }))
    .where('id', '=', row.id)
    .execute();
  if (next === null) return;
  await db
    .updateTable('webhook_outbox')
    .set({ next_attempt_ms: next })
    .where('endpoint_id', '=', row.endpoint_id)
    .where('object_kind', '=', row.object_kind)
    .where('object_id', '=', row.object_id)
    .where('state', '=', 'pending')
    .where('id', '>', row.id)
    .where('next_attempt_ms', '<', next)
    .execute();
}

/**
 * Sent again (the same id and body) as soon as a worker is free, its endpoint's pause after
 * failures lifted: its owner asks for it now. False when no such event of the endpoints.
 */
export async function resend(db: Queryable, id: number, endpointIds: readonly number[], now: number): Promise<boolean> {
  if (!endpointIds.length) return false;
  const r = await db
    .updateTable('webhook_outbox')
    .set({ state: 'pending', next_attempt_ms: now, locked_until_ms: null })
    .where('id', '=', id)
    .where('endpoint_id', 'in', endpointIds)
    .returning('endpoint_id')
    .executeTakeFirst();
  if (!r) return false;
  await resumeEndpoint(db, r.endpoint_id);
  return true;
}

/** The endpoint's pause after failures lifted (a resend, a test event): tried at the next claim. */
export async function resumeEndpoint(db: Queryable, endpointId: number): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ paused_until_ms: null }).where('id', '=', endpointId).execute();
}

/** An endpoint's attempts, newest first, with their events. */
export async function attemptsOf(db: Queryable, endpointId: number, limit: number, offset: number) {
  return db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_outbox as o', 'o.id', 'a.outbox_id')
    .select(['a.id', 'a.outbox_id', 'o.event_type', 'o.state', 'o.attempts', 'a.at_ms', 'a.status_code', 'a.error', 'a.duration_ms'])
    .where('a.endpoint_id', '=', endpointId)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function attemptCount(db: Queryable, endpointId: number): Promise<number> {
  const r = await db
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Forgets events sent or given up before `before` (ms), with their attempts; pending ones stay. In
 * slices of a thousand, so that a month of a busy outbox is never one long statement.
 */
export async function pruneSent(db: Queryable, before: number): Promise<void> {
  for (;;) {
    // Written as the partial index `webhook_outbox_sent` is, a literal, so that the planners use it.
    const old = await db
      .selectFrom('webhook_outbox')
      .select('id')
      .where('state', '<>', sql.lit<'pending'>('pending'))
      .where('created_ms', '<', before)
      .limit(sql.lit(PRUNE_SLICE))
      .execute();
    if (old.length === 0) return;
    const ids = old.map((r) => r.id);
    await db.deleteFrom('webhook_attempts').where('outbox_id', 'in', ids).execute();
    await db.deleteFrom('webhook_outbox').where('id', 'in', ids).execute();
    if (old.length < PRUNE_SLICE) return;
  }
}

const PRUNE_SLICE = 1000;

import { sql } from 'kysely';
import { onPostgres, type Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';
import type { EventNotice, RecordKind } from './events.js';

/**
 * The outbox (`webhook_outbox`): one row per event and endpoint, inserted in the transaction of the
 * record it announces, so an event exists exactly when its record does. Workers claim due rows with
 * a lease (`locked_until_ms`): on PostgreSQL under `FOR UPDATE SKIP LOCKED`, so processes claim
 * different rows, and the lease guard is repeated in the UPDATE itself; a worker that dies holding a
 * claim leaves it to the next once the lease has passed. A row waits while an earlier row of the
 * same record and endpoint is pending: each record's events reach an endpoint in order.
 */

export type OutboxRow = Row<'webhook_outbox'>;

/** The event's id as receivers see it (idempotency key): stable across retries and resends. */
export const eventId = (outboxId: number): string => `evt_${outboxId}`;

/** One row per enabled endpoint of the site's customer that wants the event: one statement. */
export async function enqueue(db: Queryable, e: EventNotice, now: number): Promise<void> {
  const detail = e.detail === undefined ? null : JSON.stringify(e.detail);
  await sql`
    INSERT INTO webhook_outbox (endpoint_id, event_type, object_kind, object_id, detail, created_ms, next_attempt_ms)
    SELECT e.id, CAST(${e.type} AS text), CAST(${e.kind} AS text), CAST(${e.id} AS bigint), CAST(${detail} AS text),
           CAST(${now} AS bigint), CAST(${now} AS bigint)
    FROM webhook_endpoints e JOIN sites s ON s.customer_id = e.customer_id
    WHERE s.id = ${e.siteId} AND e.enabled = 1 AND e.events LIKE ${`%"${e.type}"%`}
    ORDER BY e.id`.execute(db);
}

/**
 * Forgets the events of records being erased (ops/erasure.ts): their sent bodies hold the visitor's
 * name, phones and pages, and an unsent one would read a record that is gone or anonymised.
 */
export async function forgetRecords(db: Queryable, kind: RecordKind, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const events = db.selectFrom('webhook_outbox').select('id').where('object_kind', '=', kind).where('object_id', 'in', ids);
  await db.deleteFrom('webhook_attempts').where('outbox_id', 'in', events).execute();
  await db.deleteFrom('webhook_outbox').where('object_kind', '=', kind).where('object_id', 'in', ids).execute();
}

/** A test event for one endpoint, whatever it subscribes to; its id. */
export async function enqueueTest(db: Queryable, endpointId: number, now: number): Promise<number> {
  const r = await db
    .insertInto('webhook_outbox')
    .values({ endpoint_id: endpointId, event_type: 'test', object_kind: 'test', object_id: 0, created_ms: now, next_attempt_ms: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Claims up to `limit` due rows until `leaseUntil`; their ids, oldest first. */
export async function claimDue(db: Queryable, now: number, leaseUntil: number, limit: number): Promise<number[]> {
  const lock = onPostgres(db) ? sql`FOR UPDATE OF o SKIP LOCKED` : sql``;
  const r = await sql`
    UPDATE webhook_outbox SET locked_until_ms = ${leaseUntil}
    WHERE id IN (
      SELECT o.id FROM webhook_outbox o JOIN webhook_endpoints e ON e.id = o.endpoint_id
      WHERE o.state = 'pending' AND o.next_attempt_ms <= ${now}
        AND (o.locked_until_ms IS NULL OR o.locked_until_ms <= ${now}) AND e.enabled = 1
        AND NOT EXISTS (
          SELECT 1 FROM webhook_outbox p
          WHERE p.endpoint_id = o.endpoint_id AND p.object_kind = o.object_kind AND p.object_id = o.object_id
            AND p.state = 'pending' AND p.id < o.id)
      ORDER BY o.id LIMIT ${limit} ${lock})
    AND (locked_until_ms IS NULL OR locked_until_ms <= ${now})
    RETURNING id`.execute(db);
  return (r.rows as Array<{ id: number }>).map((x) => Number(x.id)).sort((a, b) => a - b);
}

export async function outboxRow(db: Queryable, id: number): Promise<OutboxRow | null> {
  return (await db.selectFrom('webhook_outbox').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The body, written once: a retry sends the same bytes. Returns the body kept. */
export async function keepBody(db: Queryable, id: number, body: string): Promise<string> {
  await db.updateTable('webhook_outbox').set({ body }).where('id', '=', id).where('body', 'is', null).execute();
  return (await db.selectFrom('webhook_outbox').select('body').where('id', '=', id).executeTakeFirstOrThrow()).body ?? body;
}

export async function recordAttempt(
  db: Queryable,
  a: { outbox_id: number; endpoint_id: number; at_ms: number; status_code: number | null; error: string | null; duration_ms: number },
): Promise<void> {
  await db.insertInto('webhook_attempts').values(a).execute();
}

/** Delivered: done for good. */
export async function markDelivered(db: Queryable, id: number): Promise<void> {
  await db
    .updateTable('webhook_outbox')
    .set((eb) => ({ state: 'delivered', attempts: eb('attempts', '+', 1), locked_until_ms: null }))
    .where('id', '=', id)
    .execute();
}

/** Failed: tried again at `next`, or given up (`failed`) when `next` is null. */
export async function markRetry(db: Queryable, id: number, next: number | null): Promise<void> {
  await db
    .updateTable('webhook_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      locked_until_ms: null,
      ...(next === null ? { state: 'failed' as const } : { next_attempt_ms: next }),
    }))
    .where('id', '=', id)
    .execute();
}

/** Sent again (the same id and body) as soon as a worker is free; false when no such event of the endpoint. */
export async function resend(db: Queryable, id: number, endpointIds: readonly number[], now: number): Promise<boolean> {
  if (!endpointIds.length) return false;
  const r = await db
    .updateTable('webhook_outbox')
    .set({ state: 'pending', next_attempt_ms: now, locked_until_ms: null })
    .where('id', '=', id)
    .where('endpoint_id', 'in', endpointIds)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
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

/** Forgets events sent or given up before `before` (ms), with their attempts; pending ones stay. */
export async function pruneSent(db: Queryable, before: number): Promise<void> {
  const old = db.selectFrom('webhook_outbox').select('id').where('state', '!=', 'pending').where('created_ms', '<', before);
  await db.deleteFrom('webhook_attempts').where('outbox_id', 'in', old).execute();
  await db.deleteFrom('webhook_outbox').where('state', '!=', 'pending').where('created_ms', '<', before).execute();
}

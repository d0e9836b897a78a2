import { sql } from 'kysely';
import { onPostgres, type Queryable } from '../store/queryable.js';

/**
 * Which due events a worker sends next, and the lease that keeps other workers off them
 * (`locked_until_ms`; on PostgreSQL also `FOR UPDATE SKIP LOCKED`, so processes claim different
 * rows; a worker that dies holding a claim leaves it to the next once the lease has passed).
 *
 * A claim goes endpoint by endpoint, never through the backlog: it reads the endpoints that have a
 * due event (one index probe each), the deliveries in flight (the claimed rows, few), and then the
 * first due rows of the endpoints it serves, from a partial index over pending rows in the order
 * they are sent. So it costs the same whether the outbox holds ten rows or a million, and a
 * switched-off endpoint's events are never read at all.
 *
 * Slots are shared fairly: at most `perCustomer` deliveries of one customer and `perEndpoint` of
 * one endpoint in flight at once, across every process (one while the endpoint is failing: a probe
 * instead of a volley, and none while it is paused for the back-off of its failures), and the
 * endpoints take turns, one slot each per round, starting after the
 * one served last. A customer with twenty receivers that never answer holds `perCustomer` slots;
 * everyone else's events go through the rest.
 */

export interface ClaimShares {
  /** Deliveries of one customer in flight at once. */
  perCustomer: number;
  /** Deliveries to one healthy endpoint in flight at once; a failing one gets one. */
  perEndpoint: number;
}

export const DEFAULT_SHARES: ClaimShares = { perCustomer: 4, perEndpoint: 2 };

/** Where the round-robin goes on: the endpoint served last. */
export interface ClaimCursor {
  lastEndpoint: number;
}

interface ReadyEndpoint {
  id: number;
  customer_id: number;
  failing: boolean;
}

/** Enabled endpoints not paused after a failure, with an event due now and not in flight. */
async function readyEndpoints(db: Queryable, now: number): Promise<ReadyEndpoint[]> {
  const r = await sql<{ id: number; customer_id: number; failing_since_ms: number | null }>`
    SELECT e.id, e.customer_id, e.failing_since_ms FROM webhook_endpoints e
    WHERE e.enabled = 1 AND (e.paused_until_ms IS NULL OR e.paused_until_ms <= ${now}) AND EXISTS (
      SELECT 1 FROM webhook_outbox o
      WHERE o.endpoint_id = e.id AND o.state = 'pending' AND o.next_attempt_ms <= ${now}
        AND (o.locked_until_ms IS NULL OR o.locked_until_ms <= ${now}))
    ORDER BY e.id`.execute(db);
  return r.rows.map((x) => ({ id: Number(x.id), customer_id: Number(x.customer_id), failing: x.failing_since_ms != null }));
}

/** Deliveries in flight now, per endpoint and per customer (every process's). */
async function inFlight(db: Queryable, now: number): Promise<{ byEndpoint: Map<number, number>; byCustomer: Map<number, number> }> {
  const r = await sql<{ endpoint_id: number; customer_id: number; n: number }>`
    SELECT endpoint_id, customer_id, COUNT(*) AS n FROM webhook_outbox
    WHERE locked_until_ms > ${now} AND state = 'pending'
    GROUP BY endpoint_id, customer_id`.execute(db);
  const byEndpoint = new Map<number, number>();
  const byCustomer = new Map<number, number>();
  for (const x of r.rows) {
    byEndpoint.set(Number(x.endpoint_id), Number(x.n));
    byCustomer.set(Number(x.customer_id), (byCustomer.get(Number(x.customer_id)) ?? 0) + Number(x.n));
  }
  return { byEndpoint, byCustomer };
}

/** How many rows to claim of which endpoint: the endpoints in turn, a slot each per round. */
export function planClaims(
  ready: readonly ReadyEndpoint[],
  busy: { byEndpoint: ReadonlyMap<number, number>; byCustomer: ReadonlyMap<number, number> },
  free: number,
  shares: ClaimShares,
  cursor: ClaimCursor,
): Map<number, number> {
  const start = ready.findIndex((e) => e.id > cursor.lastEndpoint);
  const turn = start <= 0 ? ready : [...ready.slice(start), ...ready.slice(0, start)];
  const endpointLoad = new Map(busy.byEndpoint);
  const customerLoad = new Map(busy.byCustomer);
  const plan = new Map<number, number>();
  let left = free;
  for (let progress = true; left > 0 && progress;) {
    progress = false;
    for (const e of turn) {
      if (left === 0) break;
      const cap = e.failing ? 1 : shares.perEndpoint;
      if ((endpointLoad.get(e.id) ?? 0) >= cap || (customerLoad.get(e.customer_id) ?? 0) >= shares.perCustomer) continue;
      endpointLoad.set(e.id, (endpointLoad.get(e.id) ?? 0) + 1);
      customerLoad.set(e.customer_id, (customerLoad.get(e.customer_id) ?? 0) + 1);
      plan.set(e.id, (plan.get(e.id) ?? 0) + 1);
      cursor.lastEndpoint = e.id;
      left--;
      progress = true;
    }
  }
  return plan;
}

/**
 * Claims up to `limit` due rows of one endpoint until `leaseUntil`, in the order they are sent;
 * a row waits while an earlier one of its record is pending. Their ids.
 */
export async function claimOfEndpoint(
  db: Queryable,
  endpointId: number,
  now: number,
  leaseUntil: number,
  limit: number,
): Promise<number[]> {
  const lock = onPostgres(db) ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const r = await sql<{ id: number }>`
    UPDATE webhook_outbox SET locked_until_ms = ${leaseUntil}
    WHERE id IN (
      SELECT o.id FROM webhook_outbox o
      WHERE o.endpoint_id = ${endpointId} AND o.state = 'pending' AND o.next_attempt_ms <= ${now}
        AND (o.locked_until_ms IS NULL OR o.locked_until_ms <= ${now})
        AND NOT EXISTS (
          SELECT 1 FROM webhook_outbox p
          WHERE p.endpoint_id = o.endpoint_id AND p.object_kind = o.object_kind AND p.object_id = o.object_id
            AND p.state = 'pending' AND p.id < o.id)
      ORDER BY o.next_attempt_ms, o.id LIMIT ${sql.lit(Math.trunc(limit))} ${lock})
    AND (locked_until_ms IS NULL OR locked_until_ms <= ${now})
    RETURNING id`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/** Claims what `free` slots can take, shared fairly; the ids claimed. */
export async function claimDue(
  db: Queryable,
  now: number,
  leaseUntil: number,
  free: number,
  shares: ClaimShares,
  cursor: ClaimCursor,
): Promise<number[]> {
  if (free <= 0) return [];
  const ready = await readyEndpoints(db, now);
  if (ready.length === 0) return [];
  const plan = planClaims(ready, await inFlight(db, now), free, shares, cursor);
  const ids: number[] = [];
  for (const [endpointId, n] of plan) ids.push(...(await claimOfEndpoint(db, endpointId, now, leaseUntil, n)));
  return ids;
}

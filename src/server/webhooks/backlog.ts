import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';

/**
 * The backlog's caps (docs/webhooks.md, "Backlog"): an endpoint keeps at most `perEndpoint`
 * pending events and a customer at most `perCustomer` over all their endpoints. Past a cap the
 * oldest are given up (`dropped`), the endpoint counts what it lost and when, and the app shows
 * it. A backlog that only grows (a receiver down for hours, a flood of goals) thus costs the
 * database a bounded number of rows, and the newest leads are the ones kept. Rows in flight are
 * left to their delivery.
 */

export interface BacklogCaps {
  perEndpoint: number;
  perCustomer: number;
}

export const DEFAULT_CAPS: BacklogCaps = { perEndpoint: 10_000, perCustomer: 25_000 };

/** Events given up over a cap: per endpoint, how many. */
export type Dropped = Map<number, number>;

/** The id of the newest pending row past the first `keep` newest of a customer or endpoint; null under the cap. */
async function boundary(db: Queryable, column: 'customer_id' | 'endpoint_id', owner: number, keep: number): Promise<number | null> {
  const r = await db
    .selectFrom('webhook_outbox')
    .select('id')
    .where(column, '=', owner)
    // Literals: the partial indexes over pending rows serve only a statement that names their state.
    .where('state', '=', sql.lit('pending'))
    .orderBy('id', 'desc')
    .limit(sql.lit(1))
    .offset(sql.lit(keep))
    .executeTakeFirst();
  return r ? Number(r.id) : null;
}

/** Gives up a customer's or an endpoint's pending rows up to `upTo`; how many per endpoint. */
async function dropUpTo(db: Queryable, column: 'customer_id' | 'endpoint_id', owner: number, upTo: number, now: number): Promise<Dropped> {
  const r = await sql<{ endpoint_id: number }>`
    UPDATE webhook_outbox SET state = 'dropped'
    WHERE ${sql.ref(column)} = ${owner} AND state = 'pending' AND id <= ${upTo}
      AND (locked_until_ms IS NULL OR locked_until_ms <= ${now})
    RETURNING endpoint_id`.execute(db);
  const dropped: Dropped = new Map();
  for (const x of r.rows) dropped.set(Number(x.endpoint_id), (dropped.get(Number(x.endpoint_id)) ?? 0) + 1);
  return dropped;
}

/**
 * Holds a customer's backlog to the caps: the customer's first, then each of the given endpoints'
 * when the customer's alone could hide one over its own. Reads at most `perCustomer` index entries
 * and one per endpoint cap. What it gave up, per endpoint.
 */
export async function trimBacklog(
  db: Queryable,
  customerId: number,
  endpointIds: Iterable<number>,
  now: number,
  caps: BacklogCaps,
): Promise<Dropped> {
  const dropped: Dropped = new Map();
  const add = (more: Dropped) => {
    for (const [e, n] of more) dropped.set(e, (dropped.get(e) ?? 0) + n);
  };
  // Under the endpoint cap in all, no endpoint of the customer can be over it.
  if ((await boundary(db, 'customer_id', customerId, caps.perEndpoint)) === null) return dropped;
  const overCustomer = await boundary(db, 'customer_id', customerId, caps.perCustomer);
  if (overCustomer !== null) add(await dropUpTo(db, 'customer_id', customerId, overCustomer, now));
  for (const endpointId of endpointIds) {
    const over = await boundary(db, 'endpoint_id', endpointId, caps.perEndpoint);
    if (over !== null) add(await dropUpTo(db, 'endpoint_id', endpointId, over, now));
  }
  for (const [endpointId, n] of dropped)
    await db
      .updateTable('webhook_endpoints')
      .set((eb) => ({ dropped_events: eb('dropped_events', '+', n), dropped_at_ms: now }))
      .where('id', '=', endpointId)
      .execute();
  return dropped;
}

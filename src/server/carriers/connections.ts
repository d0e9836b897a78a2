import type { Queryable } from '../store/queryable.js';
import type { NewRow, Row } from '../store/tables.js';

/** Every query of `carrier_connections` (migration 100): the carrier accounts connected to the server. */

export type ConnectionRow = Row<'carrier_connections'>;

/** Whose a connection is: an agent's (its customers use it) or a customer's own. */
export type ConnectionOwner = { agentId: number } | { customerId: number };

export async function insertConnection(db: Queryable, c: NewRow<'carrier_connections'>): Promise<number> {
  const { id } = await db.insertInto('carrier_connections').values(c).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The owner's connections, oldest first. */
export async function connectionsOf(db: Queryable, owner: ConnectionOwner): Promise<ConnectionRow[]> {
  let q = db.selectFrom('carrier_connections').selectAll();
  q = 'agentId' in owner ? q.where('agent_id', '=', owner.agentId) : q.where('customer_id', '=', owner.customerId);
  return q.orderBy('id').execute();
}

/** The connections a customer's numbers may come through: its own and its agent's. */
export async function connectionsOfCustomer(db: Queryable, customer: { id: number; agent_id: number | null }): Promise<ConnectionRow[]> {
  return db
    .selectFrom('carrier_connections')
    .selectAll()
    .where((eb) =>
      customer.agent_id === null
        ? eb('customer_id', '=', customer.id)
        : eb.or([eb('customer_id', '=', customer.id), eb('agent_id', '=', customer.agent_id)]),
    )
    .orderBy('id')
    .execute();
}

export async function connectionById(db: Queryable, id: number): Promise<ConnectionRow | null> {
  return (await db.selectFrom('carrier_connections').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function recordCheck(db: Queryable, id: number, check: { at: string; ok: boolean; result: string }): Promise<void> {
  await db
    .updateTable('carrier_connections')
    .set({ checked_at: check.at, check_ok: check.ok ? 1 : 0, check_result: check.result })
    .where('id', '=', id)
    .execute();
}

export async function deleteConnection(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('carrier_connections').where('id', '=', id).execute();
}

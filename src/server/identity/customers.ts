import { sql } from 'kysely';
import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * Every query of `customers`, the account every other row belongs to: the configuration import's
 * writes, the REST API's customers of agents, the seed's, and the lookups by id.
 */

export type CustomerRow = Row<'customers'>;

export type CustomerValues = Pick<CustomerRow, 'id' | 'name'>;

/** Every customer in id order (the configuration import compares a file with them). */
export async function allCustomers(db: Queryable): Promise<CustomerRow[]> {
  return db.selectFrom('customers').selectAll().orderBy('id').execute();
}

/** Whether the database holds no customer yet: the only state a configuration file seeds. */
export async function hasNoCustomers(db: Queryable): Promise<boolean> {
  return !(await db.selectFrom('customers').select('id').limit(sql.lit(1)).executeTakeFirst());
}

export async function upsertCustomer(db: Queryable, v: CustomerValues): Promise<void> {
  await db
    .insertInto('customers')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: v.name }))
    .execute();
}

export async function customerById(db: Queryable, id: number): Promise<CustomerRow | null> {
  return (await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function customersOfAgent(
  db: Queryable,
  agentId: number,
  page: Page,
): Promise<Array<Pick<CustomerRow, 'id' | 'name' | 'state'>>> {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'state'])
    .where('agent_id', '=', agentId)
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many customers an agent has (the REST list's X-Total-Count). */
export async function customerCountOfAgent(db: Queryable, agentId: number): Promise<number> {
  const r = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function createCustomer(
  db: Queryable,
  v: Pick<CustomerRow, 'name' | 'state' | 'agent_id' | 'tp_id' | 'email' | 'limits' | 'time_zone'>,
): Promise<number> {
  return (await db.insertInto('customers').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

/** Moves a customer from `from` to `to`; false when it was not in `from` (so two calls cannot both succeed). */
export async function changeCustomerState(db: Queryable, id: number, from: string, to: string): Promise<boolean> {
  const r = await db.updateTable('customers').set({ state: to }).where('id', '=', id).where('state', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Creates a customer of the REST demo seed unless one with its id exists. */
export async function ensureCustomer(db: Queryable, id: number, name: string): Promise<void> {
  await db
    .insertInto('customers')
    .values({ id, name })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Sets a seeded customer's agent (the demo seed). */
export async function setCustomerAgent(db: Queryable, id: number, agentId: number | null, tpId: number | null): Promise<void> {
  await db.updateTable('customers').set({ agent_id: agentId, tp_id: tpId }).where('id', '=', id).execute();
}

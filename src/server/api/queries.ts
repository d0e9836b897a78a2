import type { Page } from '../sites/queries.js';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * Every query of the REST API's own tables: API users and their sessions, agents, tariff plans,
 * agent charges, tags, caller-number (numa) lists. The site configuration tables the API changes
 * are queried through their owner, sites/queries.ts; employees through consultant/operators.
 */

/** What a session stands for: the user, and the customer or agent it acts as. */
export interface SessionUser {
  user_id: number;
  customer_id: number | null;
  agent_id: number | null;
}

export async function hasApiUsers(db: Queryable): Promise<boolean> {
  return !!(await db.selectFrom('api_users').select('id').limit(1).executeTakeFirst());
}

export async function apiUserByLogin(db: Queryable, login: string): Promise<Row<'api_users'> | null> {
  return (await db.selectFrom('api_users').selectAll().where('login', '=', login).executeTakeFirst()) ?? null;
}

/** Opens a session; expired sessions of anyone go at the same time, so the table stays small. */
export async function createApiSession(
  db: Queryable,
  s: { keyHash: string; userId: number; expiresMs: number; now: number },
): Promise<void> {
  await db.deleteFrom('api_sessions').where('expires_ms', '<=', s.now).execute();
  await db.insertInto('api_sessions').values({ key_hash: s.keyHash, user_id: s.userId, expires_ms: s.expiresMs }).execute();
}

export async function sessionUser(db: Queryable, keyHash: string, now: number): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('api_sessions as s')
    .innerJoin('api_users as u', 'u.id', 's.user_id')
    .select(['u.id as user_id', 'u.customer_id', 'u.agent_id'])
    .where('s.key_hash', '=', keyHash)
    .where('s.expires_ms', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteApiSession(db: Queryable, keyHash: string): Promise<void> {
  await db.deleteFrom('api_sessions').where('key_hash', '=', keyHash).execute();
}

export async function upsertApiUser(db: Queryable, v: Omit<Row<'api_users'>, 'id'> & { id?: number }): Promise<void> {
  const { id: _id, ...rest } = v;
  await db
    .insertInto('api_users')
    .values(v)
    .onConflict((oc) => oc.column('login').doUpdateSet(rest))
    .execute();
}

/**
 * Adds a login; false when the login is taken (by a committed row or by a transaction that
 * commits first: PostgreSQL waits for it, then does nothing), so nothing of the holder changes.
 */
export async function insertApiUser(db: Queryable, v: Omit<Row<'api_users'>, 'id'>): Promise<boolean> {
  const r = await db
    .insertInto('api_users')
    .values(v)
    .onConflict((oc) => oc.column('login').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A new agent; its id. */
export async function createAgent(db: Queryable, name: string): Promise<number> {
  return (await db.insertInto('agents').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function agentById(db: Queryable, id: number): Promise<Row<'agents'> | null> {
  return (await db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function upsertAgent(db: Queryable, v: Row<'agents'>): Promise<void> {
  await db
    .insertInto('agents')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: v.name }))
    .execute();
}

// Tariff plans -------------------------------------------------------------------------------

export async function tariffPlans(db: Queryable, page: Page): Promise<Array<{ id: number; name: string }>> {
  return db.selectFrom('tariff_plans').select(['id', 'name']).orderBy('id').limit(page.limit).offset(page.offset).execute();
}

export async function tariffPlanCount(db: Queryable): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('tariff_plans')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

export async function tariffPlan(db: Queryable, id: number): Promise<Row<'tariff_plans'> | null> {
  return (await db.selectFrom('tariff_plans').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function upsertTariffPlan(db: Queryable, v: Row<'tariff_plans'>): Promise<void> {
  const { id: _id, ...rest } = v;
  await db
    .insertInto('tariff_plans')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

export async function addAgentCharge(db: Queryable, v: Omit<Row<'agent_charges'>, 'id'>): Promise<number> {
  const r = await db.insertInto('agent_charges').values(v).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function agentCharges(db: Queryable, customerId: number): Promise<Array<Row<'agent_charges'>>> {
  return db.selectFrom('agent_charges').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

// Tags ---------------------------------------------------------------------------------------

export async function tags(db: Queryable, customerId: number, page: Page): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function tagCount(db: Queryable, customerId: number): Promise<number> {
  const r = await db
    .selectFrom('tags')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Seeds a tag by name (the demo seed); an existing one stays. */
export async function ensureTag(db: Queryable, customerId: number, name: string): Promise<void> {
  await db
    .insertInto('tags')
    .values({ customer_id: customerId, name })
    .onConflict((oc) => oc.columns(['customer_id', 'name']).doNothing())
    .execute();
}

// Numa lists ---------------------------------------------------------------------------------

export async function createNumaList(db: Queryable, customerId: number, name: string): Promise<number> {
  const r = await db.insertInto('numa_lists').values({ customer_id: customerId, name }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function numaListOwner(db: Queryable, listId: number): Promise<number | null> {
  const r = await db.selectFrom('numa_lists').select('customer_id').where('id', '=', listId).executeTakeFirst();
  return r?.customer_id ?? null;
}

/** Adds a number; one already on the list stays once. */
export async function addNumaNumber(db: Queryable, listId: number, number: string): Promise<void> {
  await db
    .insertInto('numa_list_numbers')
    .values({ list_id: listId, number })
    .onConflict((oc) => oc.columns(['list_id', 'number']).doNothing())
    .execute();
}

/** Removes a number; true when it was on the list. */
export async function removeNumaNumber(db: Queryable, listId: number, number: string): Promise<boolean> {
  const r = await db.deleteFrom('numa_list_numbers').where('list_id', '=', listId).where('number', '=', number).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function numaNumbers(db: Queryable, listId: number): Promise<string[]> {
  const rows = await db.selectFrom('numa_list_numbers').select('number').where('list_id', '=', listId).orderBy('number').execute();
  return rows.map((r) => r.number);
}

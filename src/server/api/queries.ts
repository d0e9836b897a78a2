import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * Every query of the REST API's own tables: API users and their sessions. Agents, tariff plans and
 * agent charges are queried in charges/agents.ts, caller-number (numa) lists in
 * numbers/numa-lists.ts, tags in reports/tags.ts, customers in identity/customers.ts, the site
 * configuration tables in sites/, employees in identity/operators.ts.
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

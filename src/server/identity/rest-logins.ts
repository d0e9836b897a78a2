import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { errors } from '../http/errors.js';
import { onPostgres, type Queryable } from '../store/queryable.js';

/**
 * A customer's REST logins (api_users) as its owner manages them in the app: listed, a password
 * changed (every other session of the login ends), removed (its sessions end; the customer's last
 * login stays, or nobody could sign in for it again). Adding one is `insertApiUser` (queries.ts).
 * Sessions are stored by the SHA-256 of their key (sessions.ts), so the one to keep is named by its key.
 */

const keyHash = (key: unknown): string =>
  createHash('sha256')
    .update(typeof key === 'string' ? key : '')
    .digest('hex');

export async function apiLoginsOf(db: Queryable, customerId: number): Promise<Array<{ id: number; login: string }>> {
  return db.selectFrom('api_users').select(['id', 'login']).where('customer_id', '=', customerId).orderBy('id').execute();
}

export async function apiLoginById(db: Queryable, id: number) {
  return (await db.selectFrom('api_users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** Sets a login's password; its sessions other than the one presenting `keepKey` end. */
export async function setApiPassword(db: Queryable, userId: number, passwordHash: string, keepKey: unknown): Promise<void> {
  await db.updateTable('api_users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  await db.deleteFrom('api_sessions').where('user_id', '=', userId).where('key_hash', '!=', keyHash(keepKey)).execute();
}

/** Removes a login of the customer and ends its sessions; 409 for the customer's last one. */
export async function removeApiLogin(db: Queryable, customerId: number, id: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // Two removals at once must not both see a second login left: they queue on the customer.
    if (onPostgres(tx)) await tx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
    if ((await apiLoginsOf(tx, customerId)).length <= 1) throw errors.conflict('The last API login of a customer cannot be removed');
    await tx.deleteFrom('api_sessions').where('user_id', '=', id).execute();
    await tx.deleteFrom('api_users').where('id', '=', id).where('customer_id', '=', customerId).execute();
  });
}

/**
 * True when a REST login is `name` in any case: an employee's e-mail (identity/sign-in-names.ts)
 * may not be one. No index holds lower(login): the logins are a few per customer.
 */
export async function apiLoginInAnyCase(db: Queryable, name: string): Promise<boolean> {
  return !!(await db
    .selectFrom('api_users')
    .select('id')
    .where(sql<string>`lower(login)`, '=', name.toLowerCase())
    .executeTakeFirst());
}

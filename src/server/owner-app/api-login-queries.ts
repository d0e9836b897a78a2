import { createHash } from 'node:crypto';
import type { Queryable } from '../store/queryable.js';

/**
 * The app's queries of the REST API's users and sessions (api_users, api_sessions): a customer's
 * logins, and a password change that ends every other session of the login. Sessions are stored
 * by the SHA-256 of their key (api/sessions.ts), so the one to keep is named by its key.
 */

export const keyHash = (key: unknown): string =>
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

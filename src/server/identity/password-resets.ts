import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { MailAccount } from '../store/tables.js';
import type { Queryable } from '../store/queryable.js';

/**
 * Password resets by e-mail (docs/notifications.md, "Password reset"): which accounts an address
 * opens, a single-use token that expires, stored as its SHA-256 only, and the new password set
 * with every session of the account ended (the REST API's and the app's for a REST login; the
 * console's and the app's for an employee).
 */

export const RESET_MS = 60 * 60_000;

/** An account an address may reset: how it signs in and whose it is. */
export interface ResetAccount {
  account: MailAccount;
  id: number;
  /** The name it signs in with (a REST login, an employee's e-mail). */
  name: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The accounts `email` may reset: a REST login named so (in any case), the REST logins of a
 * customer whose e-mail it is, and the employee who signs in with it.
 */
export async function accountsOfAddress(db: Queryable, email: string): Promise<ResetAccount[]> {
  const address = email.trim().toLowerCase();
  const rest = await db
    .selectFrom('api_users as u')
    .leftJoin('customers as c', 'c.id', 'u.customer_id')
    .select(['u.id', 'u.login'])
    .where((eb) => eb.or([eb(sql<string>`lower(u.login)`, '=', address), eb(sql<string>`lower(c.email)`, '=', address)]))
    .orderBy('u.id')
    .execute();
  const employee = await db.selectFrom('employees').select(['id', 'email']).where('email', '=', address).executeTakeFirst();
  return [
    ...rest.map((r) => ({ account: 'rest' as const, id: r.id, name: r.login })),
    ...(employee ? [{ account: 'employee' as const, id: employee.id, name: employee.email }] : []),
  ];
}

/** A new token for `a`, valid `RESET_MS` from `now`; expired tokens of anyone go at the same time. */
export async function createResetToken(db: Queryable, a: ResetAccount, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('password_resets').where('expires_ms', '<=', now).execute();
  await db
    .insertInto('password_resets')
    .values({ token_hash: sha256(token), account: a.account, account_id: a.id, created_ms: now, expires_ms: now + RESET_MS })
    .execute();
  return token;
}

/**
 * Sets the password of the token's account and ends its sessions, in one transaction; the token
 * is deleted first, so of two uses at once one wins. The name the account signs in with; null for
 * an unknown, used or expired token.
 */
export async function resetPassword(db: Queryable, token: string, passwordHash: string, now: number): Promise<string | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('password_resets')
      .where('token_hash', '=', sha256(token))
      .returning(['account', 'account_id', 'expires_ms'])
      .executeTakeFirst();
    if (!row || row.expires_ms <= now) return null;
    let name: string | undefined;
    if (row.account === 'rest') {
      const u = await tx
        .updateTable('api_users')
        .set({ password_hash: passwordHash })
        .where('id', '=', row.account_id)
        .returning('login')
        .executeTakeFirst();
      name = u?.login;
      await tx.deleteFrom('api_sessions').where('user_id', '=', row.account_id).execute();
    } else {
      const e = await tx
        .updateTable('employees')
        .set({ password_hash: passwordHash })
        .where('id', '=', row.account_id)
        .returning('email')
        .executeTakeFirst();
      name = e?.email;
      // The console's sessions and the app's (marked `app:`) share this table.
      await tx.deleteFrom('operator_sessions').where('employee_id', '=', row.account_id).execute();
    }
    // The other links sent to the account stop working too: the password they would replace is gone.
    await tx.deleteFrom('password_resets').where('account', '=', row.account).where('account_id', '=', row.account_id).execute();
    return name ?? '';
  });
}

/** Whether a token would still be taken (the reset page asks before showing its form). */
export async function resetTokenWorks(db: Queryable, token: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('password_resets').select('expires_ms').where('token_hash', '=', sha256(token)).executeTakeFirst();
  return !!row && row.expires_ms > now;
}

import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { apiLoginInAnyCase } from './rest-logins.js';
import { onPostgres, type Queryable } from '../store/queryable.js';

/**
 * The app's one sign-in form (owner-app/app-sign-in.ts) takes a REST login or an employee's
 * e-mail, so the two tables share one space of names: a REST login named after an employee's
 * e-mail would stand between that employee and the app. No index spans the two tables, so each
 * write that adds a name takes it under a lock and looks in the other table first; names compare
 * in any case, as the form finds an employee whatever the case typed (e-mails are stored in lower case).
 */

/** The first key of the names' lock (pg_advisory_xact_lock(int, int)): "SN" in ASCII, apart from other locks. */
const NAME_LOCK = 0x534e;

/**
 * Holds `name` (in any case) for the rest of the transaction, so that a REST login and an employee
 * of the same name added at once cannot both find the other table free. On SQLite the
 * transaction's write lock already does that.
 */
async function lockName(tx: Queryable, name: string): Promise<void> {
  if (!onPostgres(tx)) return;
  const key = createHash('sha256').update(name.toLowerCase()).digest().readInt32BE(0);
  await sql`SELECT pg_advisory_xact_lock(${NAME_LOCK}, ${key})`.execute(tx);
}

/** Takes `login` for a new REST login (call in its transaction): true when some customer's employee signs in with it. */
export async function employeeHasName(tx: Queryable, login: string): Promise<boolean> {
  await lockName(tx, login);
  return !!(await tx.selectFrom('employees').select('id').where('email', '=', login.toLowerCase()).executeTakeFirst());
}

/** Takes `email` for a new employee (call in its transaction): true when a REST login is that name in any case. */
export async function restLoginHasName(tx: Queryable, email: string): Promise<boolean> {
  await lockName(tx, email);
  return apiLoginInAnyCase(tx, email);
}

/**
 * REST logins that are an employee's e-mail, from before the names were kept apart (or a
 * configuration import that gave an employee one): at most `limit`, each once. One pass over the
 * logins, each looked up in the employees' unique e-mail index.
 */
export async function signInNameClashes(db: Queryable, limit = 20): Promise<Array<{ login: string; email: string }>> {
  return db
    .selectFrom('api_users as u')
    .innerJoin('employees as e', (j) => j.on('e.email', '=', sql<string>`lower(u.login)`))
    .select(['u.login', 'e.email'])
    .orderBy('u.login')
    .limit(limit)
    .execute();
}

/** How many clashes the start-up warning names. */
const SHOWN = 20;

/**
 * Warns at start of each REST login the app's sign-in form also finds as an employee: both still
 * sign in (the form tries the password on both), but the operator should rename one.
 */
export async function reportSignInClashes(db: Queryable, warn: (line: string) => void): Promise<void> {
  const clashes = await signInNameClashes(db, SHOWN + 1);
  if (!clashes.length) return;
  const names = clashes.slice(0, SHOWN).map((c) => (c.login === c.email ? c.login : `${c.login} (employee ${c.email})`));
  warn(
    `REST login${clashes.length > 1 ? 's' : ''} ${names.join(', ')}${clashes.length > SHOWN ? ' and more' : ''}: ` +
      "also an employee's e-mail; the app's sign-in tries the password on both. Rename one of each pair.",
  );
}

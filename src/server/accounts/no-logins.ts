import { hasApiUsers } from '../api/queries.js';
import { hasEmployees } from '../identity/operators.js';
import type { Queryable } from '../store/queryable.js';

/** True while nobody can sign in: no REST API login and no console operator (a fresh production database). */
export async function hasNoLogins(db: Queryable): Promise<boolean> {
  return !(await hasApiUsers(db)) && !(await hasEmployees(db));
}

/** What a server says on start while nobody can sign in. */
export const FIRST_ACCOUNT_HINT =
  'No account can sign in yet. Open the setup link below to make the first one in the browser (it works once, for this ' +
  'start only), or run: npm run create-account -- customer <login> --name <company> (or agent <login>, or operator ' +
  '<email> --customer-id <id>); the password is read from SVC_ACCOUNT_PASSWORD or stdin.';

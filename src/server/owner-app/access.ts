import { customerById } from '../identity/customers.js';
import { ApiError } from '../http/errors.js';
import type { AppEmployee } from '../identity/app-sessions.js';
import type { CustomerRow } from '../identity/customers.js';
import type { Queryable } from '../store/queryable.js';

/**
 * An employee's routes take the key of the employee's session in the `X-Session-Key` header: a
 * header, never a URL parameter, so it stays out of logs and histories.
 */
export const SESSION_HEADER = 'x-session-key';

/**
 * The REST API's refusals (102401 unauthorized, 102403 access denied, 102405 inactive) in the
 * server's own form, whose code starts with the HTTP status (http/errors.ts): 401100, 403100.
 */
export async function asAppError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ApiError && Math.floor(e.code / 1000) !== e.status)
      throw new ApiError(e.status, e.status * 1000 + 100, e.message, e.field);
    throw e;
  }
}

/**
 * An employee's key on a function not open to employees: 403, not 401, so the app keeps the
 * employee signed in and says the page is not theirs.
 */
export const employeeRefused = () => new ApiError(403, 403100, 'Access denied: employees see the journal and reports of their sites only');

/** A missing, unknown or ended key, in the app's codes: the app shows its sign-in. */
export const appUnauthorized = () => new ApiError(401, 401100, 'Unauthorized');

/** The employee's customer (or a REST login's, at the app's sign-in) is not active. */
export const customerInactive = () => new ApiError(403, 403100, 'Customer is not active');

/** A site (or a communication's site) the employee does not serve. */
export const notYourSite = (site: unknown) =>
  site == null ? employeeRefused() : new ApiError(403, 403100, `Access denied: site ${String(site)} is not one you serve`);

/** The employee's customer, while it is active; a `customer_id` naming another is refused. */
export async function employeeCustomer(db: Queryable, emp: AppEmployee, customerId: unknown): Promise<CustomerRow> {
  if (customerId !== undefined && customerId !== '' && Number(customerId) !== emp.customer_id) throw employeeRefused();
  const c = await customerById(db, emp.customer_id);
  if (!c || c.state !== 'active') throw customerInactive();
  return c;
}

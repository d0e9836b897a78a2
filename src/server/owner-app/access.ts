import type { FastifyRequest } from 'fastify';
import { actingCustomer } from '../api/access.js';
import { customerById } from '../customers/queries.js';
import { ApiError } from '../http/errors.js';
import type { AppEmployee, EmployeeAppSessions } from '../operators/app-sessions.js';
import type { ApiSessions } from '../api/sessions.js';
import type { Caller } from '../api/function.js';
import type { CustomerRow } from '../customers/queries.js';
import type { Queryable } from '../store/queryable.js';

/**
 * The app's routes take the REST session key (api/sessions.ts) in the `X-Session-Key` header: a
 * header, never a URL parameter, so it stays out of logs and histories. Whose data a request
 * reaches is the REST API's rule (api/access.ts): an agent names its customer with `customer_id`.
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
    if (e instanceof ApiError && Math.floor(e.code / 1000) !== e.status) throw new ApiError(e.status, e.status * 1000 + 100, e.message);
    throw e;
  }
}

export async function callerOf(sessions: ApiSessions, req: FastifyRequest): Promise<Caller> {
  return asAppError(() => sessions.caller(req.headers[SESSION_HEADER]));
}

export async function customerOf(db: Queryable, sessions: ApiSessions, req: FastifyRequest, customerId?: number): Promise<CustomerRow> {
  const caller = await callerOf(sessions, req);
  return asAppError(() => actingCustomer(db, caller, customerId));
}

/**
 * An employee's key on a route of the customer's logins: 403, not 401, so the app keeps the
 * employee signed in and says the page is not theirs.
 */
export const employeeRefused = () => new ApiError(403, 403100, 'Access denied: employees see the journal and reports of their sites only');

/** A missing, unknown or ended key, in the app's codes: the app shows its sign-in. */
export const appUnauthorized = () => new ApiError(401, 401100, 'Unauthorized');

/** A site (or a communication's site) the employee does not serve. */
export const notYourSite = (site: unknown) =>
  site == null ? employeeRefused() : new ApiError(403, 403100, `Access denied: site ${String(site)} is not one you serve`);

/** The REST sessions as the app's routes see them: an employee's key is refused with 403. */
export function ownerSessions(api: ApiSessions, employees: EmployeeAppSessions): ApiSessions {
  return {
    ...api,
    async caller(key: unknown): Promise<Caller> {
      try {
        return await api.caller(key);
      } catch (e) {
        if (e instanceof ApiError && e.status === 401 && (await employees.employee(key))) throw employeeRefused();
        throw e;
      }
    },
  };
}

/** The employee's customer, while it is active; a `customer_id` naming another is refused. */
export async function employeeCustomer(db: Queryable, emp: AppEmployee, customerId: unknown): Promise<CustomerRow> {
  if (customerId !== undefined && customerId !== '' && Number(customerId) !== emp.customer_id) throw employeeRefused();
  const c = await customerById(db, emp.customer_id);
  if (!c || c.state !== 'active') throw new ApiError(403, 403100, 'Customer is not active');
  return c;
}

/**
 * Who reads one site's journal or chart: a customer's login or agent as the REST API rules, or
 * an employee who serves the site.
 */
export async function siteReaderOf(
  db: Queryable,
  sessions: ApiSessions,
  employees: EmployeeAppSessions,
  req: FastifyRequest,
  siteId: number,
  customerId?: number,
): Promise<CustomerRow> {
  const emp = await employees.employee(req.headers[SESSION_HEADER]);
  if (!emp) return customerOf(db, sessions, req, customerId);
  if (!emp.sites.includes(siteId)) throw notYourSite(siteId);
  return employeeCustomer(db, emp, customerId);
}

import type { FastifyRequest } from 'fastify';
import { actingCustomer } from '../api/access.js';
import { ApiError } from '../http/errors.js';
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
async function asAppError<T>(run: () => Promise<T>): Promise<T> {
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

import type { FastifyRequest } from 'fastify';
import { actingCustomer } from '../api/access.js';
import type { ApiSessions } from '../api/sessions.js';
import type { Caller } from '../api/function.js';
import type { CustomerRow } from '../sites/queries.js';
import type { Queryable } from '../store/queryable.js';

/**
 * The app's routes take the REST session key (api/sessions.ts) in the `X-Session-Key` header: a
 * header, never a URL parameter, so it stays out of logs and histories. Whose data a request
 * reaches is the REST API's rule (api/access.ts): an agent names its customer with `customer_id`.
 */
export const SESSION_HEADER = 'x-session-key';

export async function callerOf(sessions: ApiSessions, req: FastifyRequest): Promise<Caller> {
  return sessions.caller(req.headers[SESSION_HEADER]);
}

export async function customerOf(db: Queryable, sessions: ApiSessions, req: FastifyRequest, customerId?: number): Promise<CustomerRow> {
  return actingCustomer(db, await callerOf(sessions, req), customerId);
}

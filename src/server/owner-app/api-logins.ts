import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiLoginById, apiLoginsOf, removeApiLogin, setApiPassword } from '../api/logins.js';
import { insertApiUser } from '../api/queries.js';
import type { ApiSessions } from '../api/sessions.js';
import { errors } from '../http/errors.js';
import { hashPassword } from '../sign-in/password.js';
import type { Queryable } from '../store/queryable.js';
import { customerOf, SESSION_HEADER } from './access.js';
import { customerId, parse, SiteParams, SiteQuery } from './schemas.js';

const password = () => z.string().min(8).max(200);
export const NewApiLogin = z.strictObject({
  customer_id: customerId,
  login: z.string().min(1).max(200).regex(/^\S+$/, 'no spaces'),
  password: password(),
});
export const ApiLoginPassword = z.strictObject({ customer_id: customerId, password: password() });

/**
 * The customer's logins of the REST API (and so of this app): list, add, change a password (the
 * login's other sessions end), remove (its sessions end; the customer's last login stays, or
 * nobody could sign in for it again).
 */
export function apiLoginRoutes(app: FastifyInstance, deps: { db: Queryable; sessions: ApiSessions }): void {
  const { db, sessions } = deps;

  /** A login of the acting customer, or 404 (another customer's reads the same as none). */
  const ownLogin = async (customer: number, id: number) => {
    const u = await apiLoginById(db, id);
    if (!u || u.customer_id !== customer) throw errors.notFound();
    return u;
  };

  app.get('/app/api/api-logins', async (req) => {
    const q = parse(SiteQuery, req.query);
    const c = await customerOf(db, sessions, req, q.customer_id);
    const me = (await sessions.caller(req.headers[SESSION_HEADER])).userId;
    return { success: true, data: (await apiLoginsOf(db, c.id)).map((u) => ({ ...u, current: u.id === me })) };
  });

  app.post('/app/api/api-logins', async (req) => {
    const body = parse(NewApiLogin, req.body);
    const c = await customerOf(db, sessions, req, body.customer_id);
    const hash = await hashPassword(body.password);
    if (!(await insertApiUser(db, { login: body.login, password_hash: hash, customer_id: c.id, agent_id: null })))
      throw errors.invalid('login: already taken');
    const added = (await apiLoginsOf(db, c.id)).find((u) => u.login === body.login)!;
    return { success: true, data: { id: added.id } };
  });

  app.put<{ Params: { id: string } }>('/app/api/api-logins/:id/password', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const body = parse(ApiLoginPassword, req.body);
    const c = await customerOf(db, sessions, req, body.customer_id);
    await ownLogin(c.id, id);
    await setApiPassword(db, id, await hashPassword(body.password), req.headers[SESSION_HEADER]);
    return { success: true, data: {} };
  });

  app.post<{ Params: { id: string } }>('/app/api/api-logins/:id/remove', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const q = parse(SiteQuery, req.body);
    const c = await customerOf(db, sessions, req, q.customer_id);
    await ownLogin(c.id, id);
    await removeApiLogin(db, c.id, id);
    return { success: true, data: {} };
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiLoginById, setApiPassword } from '../api/logins.js';
import type { ApiSessions } from '../api/sessions.js';
import { errors } from '../http/errors.js';
import type { LoginGuard } from '../sign-in/login-guard.js';
import { hashPassword, verifyPassword } from '../sign-in/password.js';
import type { Queryable } from '../store/queryable.js';
import { callerOf, SESSION_HEADER } from './access.js';
import { parse } from './schemas.js';

export const OwnPassword = z.strictObject({
  customer_id: z.unknown().optional(),
  old_password: z.string().min(1).max(1000),
  new_password: z.string().min(8).max(200),
});

/**
 * The signed-in login changes its own password, proving the old one. The old one is checked
 * through the sign-in guard under the login's own counter (`api:<login>`, as the REST `login`
 * counts it), so this door guesses no faster than the sign-in. The login's other sessions end.
 */
export function ownPasswordRoutes(app: FastifyInstance, deps: { db: Queryable; sessions: ApiSessions; loginGuard: LoginGuard }): void {
  const { db } = deps;
  app.put('/app/api/password', async (req) => {
    const caller = await callerOf(deps.sessions, req);
    const body = parse(OwnPassword, req.body);
    const user = await apiLoginById(db, caller.userId);
    if (!user) throw errors.signInRequired();
    const ok = await deps.loginGuard.attempt({ ip: req.ip, email: `api:${user.login.toLowerCase()}` }, () =>
      verifyPassword(body.old_password, user.password_hash),
    );
    if (!ok) throw errors.invalid('old_password: not your current password');
    await setApiPassword(db, user.id, await hashPassword(body.new_password), req.headers[SESSION_HEADER]);
    return { success: true, data: {} };
  });
}

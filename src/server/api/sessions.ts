import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { LoginGuard } from '../sign-in/login-guard.js';
import { ApiError } from '../http/errors.js';
import { verifyPassword } from '../sign-in/password.js';
import { customerById } from '../customers/queries.js';
import type { Store } from '../store/open.js';
import { apiErrors } from './errors.js';
import type { Caller } from './function.js';
import { createApiSession, deleteApiSession, apiUserByLogin, sessionUser } from './queries.js';

/**
 * REST sessions (../shared/spec/rest-api.md, section 5): `login` checks the password against the
 * user's scrypt hash (the operators' format, operators/password.ts) and returns a random
 * session key that lives 3 hours from login; `logout` ends it. Only the key's SHA-256 is stored.
 */

export const API_SESSION_MS = 3 * 3600 * 1000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * `guard` is the console's sign-in guard (operators/login-guard.ts), shared so that one
 * address's failures count against it on both doors, and one scrypt runs at a time for both. API
 * logins are kept apart from operators' e-mails in its counters by an `api:` prefix.
 */
export function apiSessions(store: Store, guard: LoginGuard, now: () => number, sessionMs = API_SESSION_MS) {
  const { db } = store;
  return {
    async login(login: string, password: string, ip: string, reply?: FastifyReply): Promise<string> {
      let user: Awaited<ReturnType<typeof apiUserByLogin>> | undefined;
      let ok: boolean;
      try {
        ok = await guard.attempt({ ip, email: `api:${login.toLowerCase()}` }, async () => {
          user = await apiUserByLogin(db, login);
          // An unknown login costs the same scrypt as a known one, so timing tells nothing.
          return (await verifyPassword(password, user?.password_hash ?? null)) && !!user;
        });
      } catch (e) {
        // The guard speaks the console's codes; the API answers with its own (README, "REST API").
        if (e instanceof ApiError && e.status === 429) {
          reply?.header('Retry-After', /in (\d+) s/.exec(e.message)?.[1] ?? '60');
          throw apiErrors.tooManyLogins();
        }
        if (e instanceof ApiError && e.status === 503) {
          reply?.header('Retry-After', '1');
          throw apiErrors.loginBusy();
        }
        throw e;
      }
      if (!ok || !user) throw apiErrors.wrongLogin();
      if (user.customer_id != null) {
        const customer = await customerById(db, user.customer_id);
        if (customer?.state !== 'active') throw apiErrors.customerInactive();
      }
      const key = randomBytes(32).toString('hex');
      const t = now();
      await createApiSession(db, { keyHash: sha256(key), userId: user.id, expiresMs: t + sessionMs, now: t });
      return key;
    },

    /** The caller of a session key; 102401 when it is missing, unknown, expired or ended. */
    async caller(key: unknown): Promise<Caller> {
      if (typeof key !== 'string' || !key || key.length > 200) throw apiErrors.unauthorized();
      const u = await sessionUser(db, sha256(key), now());
      if (!u) throw apiErrors.unauthorized();
      return { userId: u.user_id, customerId: u.customer_id, agentId: u.agent_id };
    },

    async logout(key: unknown): Promise<void> {
      await this.caller(key);
      await deleteApiSession(db, sha256(key as string));
    },
  };
}

export type ApiSessions = ReturnType<typeof apiSessions>;

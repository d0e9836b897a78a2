import { createHash, randomBytes } from 'node:crypto';
import { verifyPassword } from '../consultant/operators/password.js';
import { customerById } from '../sites/queries.js';
import type { Store } from '../store/open.js';
import { apiErrors } from './errors.js';
import type { Caller } from './function.js';
import { createLoginGuard } from './login-guard.js';
import { createApiSession, deleteApiSession, apiUserByLogin, sessionUser } from './queries.js';

/**
 * REST sessions (../shared/spec/rest-api.md, section 5): `login` checks the password against the
 * user's scrypt hash (the operators' format, consultant/operators/password.ts) and returns a random
 * session key that lives 3 hours from login; `logout` ends it. Only the key's SHA-256 is stored.
 */

export const API_SESSION_MS = 3 * 3600 * 1000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function apiSessions(store: Store, now: () => number, sessionMs = API_SESSION_MS) {
  const { db } = store;
  const guard = createLoginGuard();
  return {
    async login(login: string, password: string, ip: string): Promise<string> {
      guard.check(login, ip, now());
      const user = await apiUserByLogin(db, login);
      // An unknown login costs the same scrypt as a known one, so timing tells nothing.
      const ok = await guard.hashing(() => verifyPassword(password, user?.password_hash ?? null));
      if (!ok || !user) {
        guard.failed(login, ip, now());
        throw apiErrors.wrongLogin();
      }
      guard.succeeded(login, ip);
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

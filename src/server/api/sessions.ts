import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { LoginGuard } from '../identity/login-guard.js';
import { ApiError } from '../http/errors.js';
import { verifyPassword } from '../identity/password.js';
import { customerById } from '../identity/customers.js';
import { looksLikeApiKey } from '../identity/api-keys.js';
import { apiKeyCaller } from './api-key-limits.js';
import type { Store } from '../store/open.js';
import { apiErrors } from './errors.js';
import type { Caller } from './function.js';
import { createApiSession, deleteApiSession, apiUserByLogin, sessionUser } from './queries.js';

/**
 * REST sessions (docs/spec/rest-api.md, section 5): `login` checks the password against the
 * user's scrypt hash (the operators' format, identity/password.ts) and returns a random
 * session key that lives 3 hours from login; `logout` ends it. Only the key's SHA-256 is stored.
 */

export const API_SESSION_MS = 3 * 3600 * 1000;

/** `login`'s parameters: what it validates and what the API reference shows. */
export const loginSchema = z.object({ login: z.string().min(1).max(200), password: z.string().min(1).max(1000) });

/** The site owner's app's sign-in (owner-app/app-sign-in.ts): a REST login or an employee's e-mail. */
export const appSignInSchema = z.strictObject({
  login: z.string().trim().min(1).max(200).describe("a REST login or an employee's e-mail"),
  password: z.string().min(1).max(1000),
});

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * `guard` is the console's sign-in guard (identity/login-guard.ts), shared so that one
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
        // The guard speaks the console's codes; the API answers with its own (docs/rest-api.md, "Conventions").
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

    /** The caller of a session key or an API key; 102401 when it is missing, unknown, expired, ended or revoked. */
    async caller(key: unknown): Promise<Caller> {
      if (typeof key !== 'string' || !key || key.length > 200) throw apiErrors.unauthorized();
      if (looksLikeApiKey(key)) return apiKeyCaller(db, key, now());
      const u = await sessionUser(db, sha256(key), now());
      if (!u) throw apiErrors.unauthorized();
      return { userId: u.user_id, customerId: u.customer_id, agentId: u.agent_id };
    },

    async logout(key: unknown): Promise<void> {
      await this.caller(key);
      if (looksLikeApiKey(key as string)) throw apiErrors.accessDenied('an API key is not logged out: revoke it (revoke_api_key)');
      await deleteApiSession(db, sha256(key as string));
    },
  };
}

export type ApiSessions = ReturnType<typeof apiSessions>;

/** `Authorization: Bearer <key>`; the scheme name is case-insensitive (RFC 9110, section 11.1). */
const BEARER = /^\s*bearer\s+([^\s,]+)\s*$/i;

/**
 * The session key a request presents: the `session_key` it carries (rest-api.md, section 5), or
 * the key of an `Authorization: Bearer` header (an extension that keeps the key out of URLs and
 * logs). When both are sent they must be the same key (100422), so a request never acts as one
 * user while naming another. A header of another scheme (Basic, for a proxy in front) is not
 * the API's and is ignored; a Bearer header without a key reads as a missing key (102401).
 */
export function presentedSessionKey(authorization: string | string[] | undefined, given: unknown): unknown {
  if (Array.isArray(authorization)) authorization = authorization.join(',');
  if (!authorization || !/^\s*bearer(\s|$)/i.test(authorization)) return given;
  const key = BEARER.exec(authorization)?.[1];
  if (key === undefined) throw apiErrors.unauthorized();
  if (given !== undefined && given !== '' && given !== key)
    throw apiErrors.invalid('session_key', 'not the key of the Authorization header');
  return key;
}

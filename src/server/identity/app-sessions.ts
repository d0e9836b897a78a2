import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginGuard } from './login-guard.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import { verifyPassword } from './password.js';
import { guardedCheck, guardLogin, SESSION_MS } from './auth.js';
import { APP_SESSION_PREFIX, createSession, deleteSession, employeeLogin, employeeSiteIds, operatorBySession } from './operators.js';

/**
 * An employee signed in to the site owner's app: the console's e-mail and password, checked by
 * the console's `guardLogin` (its counters and locks), opening a session of the console's table,
 * so that removing the employee or changing their password ends it as it ends the console's. The
 * app sends its key in a header, never a cookie.
 */
export interface AppEmployee {
  id: number;
  customer_id: number;
  /** The sites the employee serves: all the app shows them. */
  sites: number[];
}

/** The stored form of a key: marked as the app's, so the console neither takes it nor counts it as signed in. */
const stored = (key: string) => APP_SESSION_PREFIX + createHash('sha256').update(key).digest('hex');

export interface EmployeeAppSessionOptions {
  /** The clock of the sessions' expiry. Default Date.now. */
  now?: (() => number) | undefined;
  sessionMs?: number | undefined;
  /** The server's public base URL: with https, the device cookie is `Secure` as the console's is. */
  publicUrl?: string | undefined;
}

export function employeeAppSessions(db: Queryable, guard: LoginGuard, opts: EmployeeAppSessionOptions = {}) {
  const now = opts.now ?? Date.now;
  const sessionMs = opts.sessionMs ?? SESSION_MS;
  return {
    /** Checks the password under the console's guard; the new session's key. Sets the guard's device cookie on `reply`. */
    async signIn(req: FastifyRequest, reply: FastifyReply, email: string, password: string): Promise<string> {
      const emp = await guardLogin(db, guard, req, reply, { email, password }, opts.publicUrl);
      const t = now();
      const key = randomBytes(32).toString('base64url');
      await createSession(db, { tokenHash: stored(key), employeeId: emp.id, createdAt: timestamp(t), expiresMs: t + sessionMs, now: t });
      reply.header('Set-Cookie', emp.deviceCookie);
      return key;
    },

    /**
     * Whose password `password` is when `email` is both an employee's e-mail and a REST login
     * (`restHash` its hash), as an older database may hold (identity/sign-in-names.ts): one
     * attempt under the console's guard, as a sign-in of the e-mail, checking the REST login's
     * hash and then, if that did not match, the employee's. The REST login wins when both match,
     * as it did before the names were kept apart. Signs nobody in: the caller signs the winner in
     * by its own path. Throws the guard's refusals.
     */
    async passwordOwner(
      req: FastifyRequest,
      reply: FastifyReply,
      email: string,
      password: string,
      restHash: string,
    ): Promise<'rest' | 'employee' | null> {
      let owner: 'rest' | 'employee' | null = null;
      await guardedCheck(guard, req, reply, email, async () => {
        if (await verifyPassword(password, restHash)) owner = 'rest';
        else if (await verifyPassword(password, (await employeeLogin(db, email))?.password_hash ?? null)) owner = 'employee';
        return owner !== null;
      });
      return owner;
    },

    /** The employee of a session key, or null (missing, unknown, expired or ended). */
    async employee(key: unknown): Promise<AppEmployee | null> {
      if (typeof key !== 'string' || !key || key.length > 200) return null;
      const row = await operatorBySession(db, stored(key), now());
      if (!row) return null;
      return { id: row.id, customer_id: row.customer_id, sites: await employeeSiteIds(db, row.id) };
    },

    async signOut(key: string): Promise<void> {
      await deleteSession(db, stored(key));
    },
  };
}

export type EmployeeAppSessions = ReturnType<typeof employeeAppSessions>;

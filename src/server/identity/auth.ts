import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../http/errors.js';
import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import { ApiError } from '../http/errors.js';
import { DEVICE_COOKIE, type LoginGuard } from './login-guard.js';
import { timestamp } from '../store/time.js';
import type { EmployeeRow } from './employees.js';
import { verifyPassword } from './password.js';
import { createSession, deleteSession, employeeLogin, employeeSiteIds, operatorBySession, sessionAlive } from './operators.js';

/**
 * Console sign-in: a password check against the employee's scrypt hash, then a random session
 * token in an HttpOnly, SameSite=Strict cookie scoped to /op/. The server keeps only the token's
 * SHA-256 and an absolute expiry (3 h, the REST document's session lifetime).
 */

export const COOKIE = 'svc_op';
export const SESSION_MS = 3 * 3600 * 1000;

export interface Operator extends EmployeeRow {
  /** Site ids this operator serves. */
  sites: number[];
  token_hash: string;
  expires_ms: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Every console cookie the request carries, at most four. A browser can hold two of the same name
 * (one set over http before a TLS proxy was put in front, one `Secure` since, or one per path),
 * and sends them in an order the server cannot choose: each is tried, and a valid one wins.
 */
function cookieTokens(req: FastifyRequest, name = COOKIE): string[] {
  const out: string[] = [];
  for (const part of (req.headers.cookie ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name && part.length > eq + 1 && out.length < 4) out.push(part.slice(eq + 1));
  }
  return out;
}

/**
 * Whether a console cookie gets `Secure`: behind a TLS proxy the server itself sees http, so it
 * does when either the request or the public URL (`SVC_PUBLIC_URL`) is https. Every cookie of a
 * sign-in, the console's and the app's, is set by this rule.
 */
export function secureCookie(req: FastifyRequest, publicUrl: string | undefined): boolean {
  return req.protocol === 'https' || (!!publicUrl && publicUrl.startsWith('https:'));
}

/**
 * Runs `check` (a password check) under `guard` (login-guard.ts: attempts counted before hashing,
 * locks per e-mail and address or device, one scrypt at a time) for `email`, and throws its
 * refusals, 429001 (locked) and 503001 (busy), with `Retry-After` set on `reply`.
 */
export async function guardedCheck(
  guard: LoginGuard,
  req: FastifyRequest,
  reply: FastifyReply,
  email: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  try {
    return await guard.attempt({ ip: req.ip, email, device: cookieTokens(req, DEVICE_COOKIE)[0] }, check);
  } catch (e) {
    if (e instanceof ApiError && (e.status === 429 || e.status === 503)) reply.header('Retry-After', String(retryAfterOf(e)));
    throw e;
  }
}

/** Lifts the sign-in lock of `login` for the request's address and browser ({@link LoginGuard.forgive}). */
export async function forgiveSignIns(guard: LoginGuard, req: FastifyRequest, login: string): Promise<void> {
  await guard.forgive({ ip: req.ip, email: login, device: cookieTokens(req, DEVICE_COOKIE)[0] });
}

/**
 * The password check of an employee's sign-in, the console's and the app's: under `guard`
 * ({@link guardedCheck}), throwing 401002 (wrong e-mail or password). On success returns the
 * employee's id and `deviceCookie`, a `Set-Cookie` value to send with the answer: it exempts this
 * browser from locks that others' failures cause, `Secure` by {@link secureCookie}.
 */
export async function guardLogin(
  db: Queryable,
  guard: LoginGuard,
  req: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
  publicUrl: string | undefined,
): Promise<{ id: number; deviceCookie: string }> {
  let emp: { id: number; password_hash: string } | null = null;
  const ok = await guardedCheck(guard, req, reply, credentials.email, async () => {
    emp = await employeeLogin(db, credentials.email);
    // Unknown e-mails cost the same scrypt as known ones.
    return (await verifyPassword(credentials.password, emp?.password_hash ?? null)) && !!emp;
  });
  if (!ok || !emp) throw errors.wrongPassword();
  const deviceCookie = guard.deviceCookie(await guard.trustDevice(credentials.email), secureCookie(req, publicUrl));
  return { id: (emp as { id: number }).id, deviceCookie };
}

/** The seconds a guard's refusal names ("… try again in N s"). */
const retryAfterOf = (e: ApiError) => Number(/in (\d+) s/.exec(e.message)?.[1] ?? 1);

/** `publicUrl`: the server's public base URL, which decides with the request whether cookies are `Secure` ({@link secureCookie}). */
export function operatorAuth(store: Store, guard: LoginGuard, sessionMs = SESSION_MS, publicUrl?: string) {
  const { db } = store;
  const secure = (req: FastifyRequest) => (secureCookie(req, publicUrl) ? '; Secure' : '');

  const load = async (tokenHash: string, now: number): Promise<Operator | null> => {
    const row = await operatorBySession(db, tokenHash, now);
    if (!row) return null;
    return { ...row, sites: await employeeSiteIds(db, row.id) };
  };

  return {
    /** Checks the password and opens a session; sets the cookie on `reply`. */
    async signIn(req: FastifyRequest, reply: FastifyReply, email: string, password: string): Promise<Operator> {
      const emp = await guardLogin(db, guard, req, reply, { email, password }, publicUrl);
      const now = Date.now();
      const token = randomBytes(32).toString('base64url');
      await createSession(db, { tokenHash: sha256(token), employeeId: emp.id, createdAt: timestamp(now), expiresMs: now + sessionMs, now });
      reply.header(
        'Set-Cookie',
        `${COOKIE}=${token}; Path=/op/; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(sessionMs / 1000)}` + secure(req),
      );
      reply.header('Set-Cookie', emp.deviceCookie);
      return (await load(sha256(token), now))!;
    },

    /** The signed-in operator of the request, or null (no cookie, unknown or expired session). */
    async current(req: FastifyRequest): Promise<Operator | null> {
      const now = Date.now();
      for (const token of cookieTokens(req)) {
        const op = await load(sha256(token), now);
        if (op) return op;
      }
      return null;
    },

    /** Like {@link current}, but answers 401 when nobody is signed in. */
    async require(req: FastifyRequest): Promise<Operator> {
      const op = await this.current(req);
      if (!op) throw errors.signInRequired();
      return op;
    },

    /** Ends the session and clears the cookie. */
    async signOut(req: FastifyRequest, op: Operator, reply: FastifyReply): Promise<void> {
      await deleteSession(db, op.token_hash);
      reply.header('Set-Cookie', `${COOKIE}=; Path=/op/; HttpOnly; SameSite=Strict; Max-Age=0` + secure(req));
    },

    /** True while the session still exists and has not expired. */
    alive(op: Operator): Promise<boolean> {
      return sessionAlive(db, op.token_hash, Date.now());
    },
  };
}

export type OperatorAuth = ReturnType<typeof operatorAuth>;

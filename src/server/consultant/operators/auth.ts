import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stmt, timestamp, type DB } from '../../store/db.js';
import { errors } from '../../http/errors.js';
import type { EmployeeRow } from './employees.js';
import { verifyPassword } from './password.js';

/**
 * Console sign-in: a password check against the employee's scrypt hash, then a random session
 * token in an HttpOnly, SameSite=Strict cookie scoped to /op/. The server keeps only the token's
 * SHA-256 and an absolute expiry (3 h, the REST document's session lifetime).
 */

export const COOKIE = 'svc_op';
export const SESSION_MS = 3 * 3600 * 1000;
/** Failed sign-ins allowed per e-mail and address in {@link LOCK_MS} before answering 429. */
const MAX_FAILURES = 10;
const LOCK_MS = 15 * 60 * 1000;

export interface Operator extends EmployeeRow {
  /** Site ids this operator serves. */
  sites: number[];
  token_hash: string;
  expires_ms: number;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function cookieToken(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) === COOKIE) return part.slice(eq + 1) || null;
  }
  return null;
}

export function operatorAuth(db: DB, sessionMs = SESSION_MS) {
  const failures = new Map<string, { n: number; since: number }>();

  const load = (tokenHash: string, now: number): Operator | null => {
    const row = stmt<EmployeeRow & { token_hash: string; expires_ms: number }>(
      db,
      `SELECT e.id, e.customer_id, e.last_name, e.first_name, e.patronymic, e.full_name, e.email,
         e.is_consultant_operator_active, s.token_hash, s.expires_ms
       FROM operator_sessions s JOIN employees e ON e.id = s.employee_id
       WHERE s.token_hash = ? AND s.expires_ms > ?`,
    ).get(tokenHash, now);
    if (!row) return null;
    const sites = stmt<{ site_id: number }>(db, `SELECT site_id FROM employee_sites WHERE employee_id = ? ORDER BY site_id`)
      .all(row.id)
      .map((r) => r.site_id);
    return { ...row, sites };
  };

  return {
    /** Checks the password and opens a session; sets the cookie on `reply`. */
    async signIn(req: FastifyRequest, reply: FastifyReply, email: string, password: string): Promise<Operator> {
      const now = Date.now();
      const key = email.toLowerCase() + ' ' + req.ip;
      const f = failures.get(key);
      if (f && now - f.since > LOCK_MS) failures.delete(key);
      else if (f && f.n >= MAX_FAILURES) throw errors.tooManyTries();
      const emp = stmt<{ id: number; password_hash: string }>(db, `SELECT id, password_hash FROM employees WHERE email = ?`).get(
        email.toLowerCase(),
      );
      // Unknown e-mails cost the same scrypt as known ones.
      const ok = await verifyPassword(password, emp?.password_hash ?? null);
      if (!ok || !emp) {
        const g = failures.get(key) ?? { n: 0, since: now };
        g.n++;
        failures.set(key, g);
        throw errors.wrongPassword();
      }
      failures.delete(key);
      const token = randomBytes(32).toString('base64url');
      const expires = now + sessionMs;
      stmt(db, `DELETE FROM operator_sessions WHERE expires_ms <= ?`).run(now);
      stmt(db, `INSERT INTO operator_sessions (token_hash, employee_id, created_at, expires_ms) VALUES (?, ?, ?, ?)`).run(
        sha256(token),
        emp.id,
        timestamp(now),
        expires,
      );
      reply.header(
        'Set-Cookie',
        `${COOKIE}=${token}; Path=/op/; HttpOnly; SameSite=Strict; Max-Age=${Math.floor(sessionMs / 1000)}` +
          (req.protocol === 'https' ? '; Secure' : ''),
      );
      return load(sha256(token), now)!;
    },

    /** The signed-in operator of the request, or null (no cookie, unknown or expired session). */
    current(req: FastifyRequest): Operator | null {
      const token = cookieToken(req);
      return token ? load(sha256(token), Date.now()) : null;
    },

    /** Like {@link current}, but answers 401 when nobody is signed in. */
    require(req: FastifyRequest): Operator {
      const op = this.current(req);
      if (!op) throw errors.signInRequired();
      return op;
    },

    /** Ends the session and clears the cookie. */
    signOut(op: Operator, reply: FastifyReply): void {
      stmt(db, `DELETE FROM operator_sessions WHERE token_hash = ?`).run(op.token_hash);
      reply.header('Set-Cookie', `${COOKIE}=; Path=/op/; HttpOnly; SameSite=Strict; Max-Age=0`);
    },

    /** True while the session still exists and has not expired. */
    alive(op: Operator): boolean {
      return !!stmt(db, `SELECT 1 FROM operator_sessions WHERE token_hash = ? AND expires_ms > ?`).get(op.token_hash, Date.now());
    },
  };
}

export type OperatorAuth = ReturnType<typeof operatorAuth>;

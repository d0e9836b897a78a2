import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Operator passwords: scrypt (node:crypto), stored as `scrypt$N$r$p$<salt b64url>$<hash b64url>`
 * so the cost can be raised later without breaking stored hashes. Make one with
 * `node scripts/hash-password.mjs` (same format; that script must stay in step with this file).
 */

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;
/** scrypt needs 128·N·r bytes; the default limit (32 MiB) is just too small for N=16384 with headroom. */
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, len: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: n, r, p, maxmem: MAXMEM };
  return new Promise((ok, fail) => scrypt(password.normalize('NFC'), salt, len, opts, (e, key) => (e ? fail(e) : ok(key))));
}

export const PASSWORD_HASH = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([\w-]{16,})\$([\w-]{32,})$/;

/** `cost` (scrypt N) is for tests only: a lower one makes weaker hashes. */
export async function hashPassword(password: string, cost = N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, R, P, KEYLEN);
  return `scrypt$${cost}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash nobody's password matches: unknown e-mails still cost one scrypt, so timing tells nothing. */
const DUMMY = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEYLEN).toString('base64url')}`;

/** True when `password` matches `stored`; a malformed or missing hash never matches. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const m = PASSWORD_HASH.exec(stored ?? DUMMY) ?? PASSWORD_HASH.exec(DUMMY)!;
  const [, n, r, p, salt, hash] = m;
  const want = Buffer.from(hash!, 'base64url');
  let got: Buffer;
  try {
    got = await derive(password, Buffer.from(salt!, 'base64url'), +n!, +r!, +p!, want.length);
  } catch {
    return false;
  }
  return stored != null && m[0] === stored && timingSafeEqual(got, want);
}

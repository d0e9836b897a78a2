import { apiErrors } from './errors.js';

/**
 * The brute-force limit of `login`. Failures are counted per login and per client address (an
 * IPv6 address by its /64, which one client holds whole) and checked BEFORE the password is
 * hashed, so a locked-out guesser costs no scrypt; at most {@link MAX_HASHING} password checks run
 * at once, so a flood of logins cannot fill the thread pool the whole server shares.
 *
 * The operators' console has the same guard inside consultant/operators/auth.ts, which another
 * change is reworking into exported functions; this small module has the same contract so the
 * login route can switch to that one with a two-line change at its one call site (api/sessions.ts).
 */

/** Failures allowed per login+address, and per address alone, within {@link WINDOW_MS}. */
const MAX_PER_LOGIN = 10;
const MAX_PER_ADDRESS = 50;
const WINDOW_MS = 15 * 60 * 1000;
const MAX_HASHING = 4;
/** Past this many tracked keys the oldest are forgotten, so no input can grow the map without bound. */
const MAX_KEYS = 50_000;

/** The part of an address that names one client: IPv4 whole, IPv6 by its first 64 bits. */
export function clientKey(ip: string): string {
  if (!ip.includes(':') || /^::ffff:\d/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const full = [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return (
    full
      .slice(0, 4)
      .map((x) => x.replace(/^0+(?=.)/, ''))
      .join(':') + '::/64'
  );
}

export interface LoginGuard {
  /** Throws 102429 when this login or address has failed too often lately; call before hashing. */
  check(login: string, ip: string, now: number): void;
  failed(login: string, ip: string, now: number): void;
  succeeded(login: string, ip: string): void;
  /** Runs a password check when a slot is free. */
  hashing<T>(work: () => Promise<T>): Promise<T>;
}

export function createLoginGuard(): LoginGuard {
  const failures = new Map<string, { n: number; since: number }>();
  let running = 0;
  const waiting: Array<() => void> = [];
  const count = (key: string, now: number) => {
    const f = failures.get(key);
    if (f && now - f.since > WINDOW_MS) {
      failures.delete(key);
      return 0;
    }
    return f?.n ?? 0;
  };
  const add = (key: string, now: number) => {
    const f = failures.get(key);
    if (f && now - f.since <= WINDOW_MS) f.n++;
    else {
      if (failures.size >= MAX_KEYS) failures.delete(failures.keys().next().value!);
      failures.set(key, { n: 1, since: now });
    }
  };
  return {
    check(login, ip, now) {
      const addr = clientKey(ip);
      if (count(`${login.toLowerCase()} ${addr}`, now) >= MAX_PER_LOGIN || count(addr, now) >= MAX_PER_ADDRESS) {
        throw apiErrors.tooManyLogins();
      }
    },
    failed(login, ip, now) {
      const addr = clientKey(ip);
      add(`${login.toLowerCase()} ${addr}`, now);
      add(addr, now);
    },
    succeeded(login, ip) {
      failures.delete(`${login.toLowerCase()} ${clientKey(ip)}`);
    },
    async hashing(work) {
      if (running >= MAX_HASHING) await new Promise<void>((ok) => waiting.push(ok));
      running++;
      try {
        return await work();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { addressGroup } from '../http/address-group.js';
import { ApiError } from '../http/errors.js';
import type { WindowCount, WindowCounters } from '../store/window-counters.js';

/**
 * The guard in front of every password check (the console's sign-in, the REST API's `login`).
 *
 * Policy (docs/security.md, "Sign-in attempts"):
 * - **Counted before hashing.** An attempt is counted when it arrives, before the password is
 *   checked, and given back when the password was right; so 60 concurrent wrong passwords get 10
 *   checks, not 60.
 * - **Per e-mail and address**: 10 failures of one e-mail from one address (IPv6: one /64) within
 *   15 minutes refuse further tries of that pair until 15 minutes after the first of them (429 with
 *   `Retry-After`). Refused tries are not counted, so they do not prolong the lock.
 * - **Per address**: 30 failures from one address within 15 minutes, whatever the e-mails, refuse
 *   that address likewise (password spraying).
 * - **A known browser is not locked out by others.** A successful sign-in gives the browser a device
 *   cookie; with it, failures count per device and e-mail instead of per address and e-mail, so
 *   bad tries from the same office address (or an attacker's) do not lock out a colleague who has
 *   signed in from that browser before. A browser that never signed in waits out the 15 minutes.
 * - **Bounded hashing.** One scrypt at a time, at most 8 waiting; past that the answer is 503 with
 *   `Retry-After: 1`. A flood of logins with different e-mails thus costs one core, not all of them,
 *   and the page-view path keeps the other.
 * - Counters and device cookies are window counters (store/window-counters.ts): in memory on
 *   SQLite (a restart forgets them; at most 100,000 kept), shared by every process on PostgreSQL.
 */
export interface LoginGuardOptions {
  /** Failures of one e-mail from one address (or device) before its lock. Default 10. */
  maxFailures?: number;
  /** Failures from one address, any e-mails, before its lock. Default 30. */
  maxAddressFailures?: number;
  /** How long failures count, from the first, ms. Default 15 minutes. */
  windowMs?: number;
  /** Password checks run at the same time. Default 1. */
  concurrentChecks?: number;
  /** Password checks waiting for their turn before the answer is 503. Default 8. */
  waitingChecks?: number;
  /** The clock, ms (tests move it past a lock). Default `Date.now`. */
  now?: () => number;
  /** Hears each refusal: a lock or a full queue (the server's metrics). */
  onRefuse?: () => void;
}

/** The device cookie a successful sign-in sets (path `/`: the console and the REST API share it). */
export const DEVICE_COOKIE = 'svc_opd';
const DEVICE_DAYS = 365;

export const loginErrors = {
  tooManyTries: (retryAfter: number) => new ApiError(429, 429001, `Too many sign-in attempts; try again in ${retryAfter} s`),
  busy: () => new ApiError(503, 503001, 'Sign-in is busy; try again in 1 s'),
};

/** Who is trying: the address the request came from, the e-mail, the device cookie if any. */
export interface LoginAttempt {
  ip: string;
  email: string;
  /** The value of the `svc_opd` cookie the request carried, if any. */
  device?: string | null | undefined;
}

export interface LoginGuard {
  /**
   * Runs `check` (the password check) under the guard: throws `ApiError` 429 (locked, with
   * `retryAfter` seconds) or 503 (too many checks waiting) before running it; counts a failure
   * when it resolves false; returns what it resolved. `check` must do the hashing: the guard
   * bounds how many run at once.
   */
  attempt(a: LoginAttempt, check: () => Promise<boolean>): Promise<boolean>;
  /**
   * Forgets the failures that lock `email` from the attempt's address (and from its device, if it
   * is a device `email` signed in from): a password reset proved the owner (mail/reset-routes.ts).
   * The address's own count, of every e-mail, stays.
   */
  forgive(a: LoginAttempt): Promise<void>;
  /** A new device cookie value for a browser that signed in as `email` (set it as {@link DEVICE_COOKIE}). */
  trustDevice(email: string): Promise<string>;
  /** The `Set-Cookie` value for a device cookie. */
  deviceCookie(value: string, secure: boolean): string;
  /** How many counters are kept (they are pruned as they expire). */
  counters(): Promise<number>;
}

const sha = (s: string) => createHash('sha256').update(s).digest('base64url');

export function createLoginGuard(counters: WindowCounters, opts: LoginGuardOptions = {}): LoginGuard {
  const maxFailures = opts.maxFailures ?? 10;
  const maxAddress = opts.maxAddressFailures ?? 30;
  const windowMs = opts.windowMs ?? 15 * 60_000;
  const slots = opts.concurrentChecks ?? 1;
  const maxWaiting = opts.waitingChecks ?? 8;
  const clock = opts.now ?? Date.now;
  let running = 0;
  const waiting: (() => void)[] = [];

  const turn = async () => {
    if (running < slots) {
      running++;
      return;
    }
    if (waiting.length >= maxWaiting) {
      opts.onRefuse?.();
      throw loginErrors.busy();
    }
    // The slot is handed over by the one that finishes: `running` stays as it is.
    await new Promise<void>((ok) => waiting.push(ok));
  };
  const done = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const locked = (c: WindowCount, now: number) => {
    opts.onRefuse?.();
    return loginErrors.tooManyTries(Math.max(1, Math.ceil((c.until - now) / 1000)));
  };

  return {
    async attempt(a, check) {
      const now = clock();
      const email = a.email.trim().toLowerCase();
      const group = addressGroup(a.ip);
      const device = a.device && (await counters.read(deviceKey(sha(a.device), email), now)) ? sha(a.device) : null;
      // A known device counts on its own; anyone else on the e-mail and address.
      const pairKey = device ? `login d ${device}` : `login e ${email} ${group}`;
      const addressKey = `login a ${group}`;
      // Counted first, before the check: concurrent tries, in this process or another, each see
      // the others'. A try past a limit is refused and given back, so it does not count.
      const pair = (await counters.add(pairKey, 1, windowMs, now))!;
      if (pair.n > maxFailures) {
        await counters.add(pairKey, -1, windowMs, now);
        throw locked(pair, now);
      }
      if (!device) {
        const address = (await counters.add(addressKey, 1, windowMs, now))!;
        if (address.n > maxAddress) {
          await counters.add(pairKey, -1, windowMs, now);
          await counters.add(addressKey, -1, windowMs, now);
          throw locked(address, now);
        }
      }
      let ok = false;
      let ran = false;
      try {
        await turn();
        ran = true;
        try {
          ok = await check();
        } finally {
          done();
        }
      } finally {
        // Given back when right, and when the check never ran (busy, or a fault of ours).
        if (ok || !ran) {
          if (ok) await counters.remove(pairKey);
          else await counters.add(pairKey, -1, windowMs, clock());
          if (!device) await counters.add(addressKey, -1, windowMs, clock());
        }
      }
      return ok;
    },
    forgive: (a) => forgiveAttempt(counters, a, clock()),
    trustDevice: (email) => trustNewDevice(counters, email, clock()),
    counters: () => counters.size(clock()),
    deviceCookie(value, secure) {
      return `${DEVICE_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_DAYS * 86400}` + (secure ? '; Secure' : '');
    },
  };
}

/** {@link LoginGuard.trustDevice}: a new cookie value, remembered for the e-mail a year. */
async function trustNewDevice(counters: WindowCounters, email: string, now: number): Promise<string> {
  const value = randomBytes(24).toString('base64url');
  await counters.add(deviceKey(sha(value), email.trim().toLowerCase()), 1, DEVICE_DAYS * 86_400_000, now);
  return value;
}

/** {@link LoginGuard.forgive}: the pair's count goes, and a trusted device's. */
async function forgiveAttempt(counters: WindowCounters, a: LoginAttempt, now: number): Promise<void> {
  const email = a.email.trim().toLowerCase();
  await counters.remove(`login e ${email} ${addressGroup(a.ip)}`);
  if (a.device && (await counters.read(deviceKey(sha(a.device), email), now))) await counters.remove(`login d ${sha(a.device)}`);
}

/** A trusted device's key: the hash of its cookie and the e-mail it signed in as. */
const deviceKey = (hash: string, email: string) => `login device ${hash} ${email}`;

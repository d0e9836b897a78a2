import { addressGroup } from '../http/address-group.js';
import { ApiError, errors } from '../http/errors.js';
import type { WindowCounters } from '../store/window-counters.js';

/**
 * Failed credential checks on the visitor-side endpoints (`vc/s/`, `api/add_offline_message/`),
 * counted per client address (IPv6: per /64). Past `max` failures within `windowMs` of the first,
 * the address is refused (429 with `Retry-After`) before its credentials are looked at, right or
 * wrong, until the window ends. With ids that carry 21 random bits (page-view/public-ids.ts) this
 * leaves a prober a few dozen guesses in a space of millions. The site's own server sends
 * `add_offline_message` from one address for all its visitors; only its failures count, and a
 * server that keeps sending stale credentials is refused like a prober would be. The failures are
 * window counters (store/window-counters.ts): shared by every process on PostgreSQL.
 */
export interface CredentialGuardOptions {
  /** Failures per address in the window; 0 turns the guard off. Default 20. */
  max?: number;
  /** Length of the window, ms, from the first failure. Default 15 minutes. */
  windowMs?: number;
  /** Hears each refusal (the server's metrics). */
  onRefuse?: () => void;
}

export interface CredentialGuard {
  /** Runs `check`; a credentials error (403002) counts as a failure of the address. */
  run<T>(ip: string, check: () => Promise<T>): Promise<T>;
}

export function createCredentialGuard(counters: WindowCounters, opts: CredentialGuardOptions = {}): CredentialGuard {
  const max = opts.max ?? 20;
  const windowMs = opts.windowMs ?? 15 * 60_000;
  return {
    async run(ip, check) {
      if (max === 0) return check();
      const key = `credential ${addressGroup(ip)}`;
      const f = await counters.read(key, Date.now());
      if (f && f.n >= max) {
        opts.onRefuse?.();
        throw errors.tooManyRequests(Math.max(1, Math.ceil((f.until - Date.now()) / 1000)));
      }
      try {
        return await check();
      } catch (e) {
        if (e instanceof ApiError && e.code === 403002) await counters.add(key, 1, windowMs, Date.now());
        throw e;
      }
    },
  };
}

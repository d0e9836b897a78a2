import { addressGroup } from '../http/address-group.js';
import type { WindowCounters } from '../store/window-counters.js';

/**
 * First visits per site and client address: page views that name no visitor the server knows, so
 * that each makes a visitor, a session and a DT lease decision, the dearest request the server
 * takes (about 2 ms of the event loop on SQLite). The request limit of `w/` (1,200 a minute per
 * address, http/rate-limits.ts) let one script make 1,200 of them a minute, which held the event
 * loop busy for seconds and moved every other visitor's page-view p99 five times up (the
 * `abuse` bench's "DT pool scripting").
 *
 * So an address (IPv6: one /64) may make {@link FIRST_VISITS_PER_WINDOW} first visits of a site
 * per window of 10 seconds of the clock (60 a minute); past that the page view is refused with 429
 * and `Retry-After` (the seconds to the next window), and the snippet's outbox sends it again then,
 * so nothing is lost: the visitor sees the page's own numbers until then. Windows of 10 seconds,
 * not a minute: a burst the limit lets through is a sixth as long, and a refused visitor waits 10
 * seconds at most. Clock windows, in the guards' counters (window-counters.ts: memory on SQLite,
 * `window_counters` on PostgreSQL), so every process on one database counts into the same one.
 */

/** First visits one address may make per site and window. */
export const FIRST_VISITS_PER_WINDOW = 10;
export const FIRST_VISIT_WINDOW_MS = 10_000;

export interface FirstVisitLimit {
  /**
   * Whether the address has no first visit of the site left in this window: the seconds until the
   * next window then, else 0. Counts nothing: the route reads it before a batch runs, so that a
   * refused first visit costs no transaction.
   */
  spent(siteId: number, ip: string, now: number): Promise<number>;
  /** Counts a first visit: 0 when it fits, else the seconds until the next window (nothing counted then). */
  admit(siteId: number, ip: string, now: number): Promise<number>;
}

/** `perWindow` 0 turns the limit off; `onRefuse` hears each refusal (the server's metrics). */
export function firstVisitLimit(counters: WindowCounters, perWindow = FIRST_VISITS_PER_WINDOW, onRefuse = () => {}): FirstVisitLimit {
  const windowOf = (siteId: number, ip: string, now: number) => {
    const w = Math.floor(now / FIRST_VISIT_WINDOW_MS);
    const until = (w + 1) * FIRST_VISIT_WINDOW_MS;
    return { key: `first ${w} ${siteId} ${addressGroup(ip)}`, until, wait: Math.max(1, Math.ceil((until - now) / 1000)) };
  };
  return {
    async spent(siteId, ip, now) {
      if (perWindow <= 0) return 0;
      const { key, wait } = windowOf(siteId, ip, now);
      const count = await counters.read(key, now);
      if (!count || count.n < perWindow) return 0;
      onRefuse();
      return wait;
    },
    async admit(siteId, ip, now) {
      if (perWindow <= 0) return 0;
      const { key, until, wait } = windowOf(siteId, ip, now);
      const count = await counters.add(key, 1, until - now, now);
      if (count && count.n <= perWindow) return 0;
      await counters.add(key, -1, until - now, now);
      onRefuse();
      return wait;
    },
  };
}

/** Thrown by the page view when the limit refuses it: the write route answers 429 with `Retry-After`. */
export class FirstVisitRefused extends Error {
  constructor(readonly retryAfter: number) {
    super('Too many first visits from this address');
  }
}

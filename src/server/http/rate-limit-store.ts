import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCounters } from '../store/window-counters.js';

/**
 * The rate limits' counters in the database, for servers on PostgreSQL: several processes behind
 * one load balancer count into the same windows, and a restart forgets nothing. They are window
 * counters (window-counters.ts, one upsert per count), the same as the abuse guards': a key's
 * window starts with its first count. On SQLite (one process) the counters stay in
 * @fastify/rate-limit's memory store: a page view must not pay a write for them.
 */
export function databaseRateStore(counters: WindowCounters): FastifyRateLimitStoreCtor {
  class CounterRateStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = Date.now();
      counters.add(key, 1, timeWindow, now).then(
        (c) => callback(null, { current: c?.n ?? 1, ttl: Math.max(0, (c?.until ?? now + timeWindow) - now) }),
        (e: Error) => callback(e),
      );
    }
    child(): FastifyRateLimitStore {
      return new CounterRateStore();
    }
  }
  return CounterRateStore;
}

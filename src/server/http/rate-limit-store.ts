import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';

/**
 * The rate limits' counters in the database (`rate_counters`), for servers on PostgreSQL: several
 * processes behind one load balancer count into the same fixed windows, and a restart forgets
 * nothing. One statement per count: an upsert that starts a new window when the old one is over,
 * else adds one, and returns the count and the window's start. On SQLite (one process) the
 * counters stay in @fastify/rate-limit's memory store: a page view must not pay a write for them.
 */
export function databaseRateStore(db: Queryable): FastifyRateLimitStoreCtor {
  let counted = 0;
  class DatabaseRateStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = Date.now();
      // Now and then, the counters of windows long over go (every key's row is rewritten on its next count anyway).
      if (++counted % 1000 === 0) void dropCountersBefore(db, now - 2 * timeWindow).catch(() => {});
      countHit(db, key, now, timeWindow).then(
        (r) => callback(null, { current: r.hits, ttl: Math.max(0, r.window_start_ms + timeWindow - now) }),
        (e: Error) => callback(e),
      );
    }
    child(): FastifyRateLimitStore {
      return new DatabaseRateStore();
    }
  }
  return DatabaseRateStore;
}

/** Counts one request of `key`; a window that ended before `now` is replaced by one starting now. */
export async function countHit(
  db: Queryable,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ hits: number; window_start_ms: number }> {
  const over = sql<boolean>`${sql.ref('rate_counters.window_start_ms')} <= ${now - windowMs}`;
  return db
    .insertInto('rate_counters')
    .values({ key, window_start_ms: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN ${over} THEN 1 ELSE ${sql.ref('rate_counters.hits')} + 1 END`,
        window_start_ms: sql<number>`CASE WHEN ${over} THEN ${now} ELSE ${sql.ref('rate_counters.window_start_ms')} END`,
      }),
    )
    .returning(['hits', 'window_start_ms'])
    .executeTakeFirstOrThrow();
}

export async function dropCountersBefore(db: Queryable, before: number): Promise<void> {
  await db.deleteFrom('rate_counters').where('window_start_ms', '<', before).execute();
}

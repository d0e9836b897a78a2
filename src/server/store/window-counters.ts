import { sql } from 'kysely';
import type { Store } from './open.js';
import type { Queryable } from './queryable.js';

/**
 * Counters over a window that starts with a key's first count and ends `windowMs` later: what the
 * abuse guards remember (failed sign-ins, failed visitor credentials, property characters per
 * address and site, trusted sign-in devices).
 *
 * On SQLite (one process) they live in the process's memory: a page view must not pay a write for
 * them, and a restart forgets them. On PostgreSQL several processes answer the same clients, so a
 * limit counted in one process's memory would be N times the limit; there they live in the
 * `window_counters` table, one statement per count, and outlive a restart too.
 */
export interface WindowCount {
  n: number;
  /** When the window ends, ms. */
  until: number;
}

export interface WindowCounters {
  /**
   * Adds `delta` to `key`: a key without a running window starts one of `windowMs` at `now`
   * (when `delta` is positive; giving back to a window that is over does nothing). Returns the
   * count after the addition, undefined when there is none. Atomic: concurrent additions, from
   * any process, each see the others'.
   */
  add(key: string, delta: number, windowMs: number, now: number): Promise<WindowCount | undefined>;
  /** The count of `key`'s running window, if it has one. */
  read(key: string, now: number): Promise<WindowCount | undefined>;
  /** Ends `key`'s window. */
  remove(key: string): Promise<void>;
  /** How many keys have a running window (the tests check that ended ones are pruned). */
  size(now: number): Promise<number>;
}

/** Counters for one guard: in memory on SQLite, shared in the database on PostgreSQL. */
export function windowCounters(store: Pick<Store, 'db' | 'dialect'>): WindowCounters {
  return store.dialect === 'postgres' ? databaseCounters(store.db) : memoryCounters();
}

/** Keys kept in memory at most: past it the oldest go, so a flood of addresses cannot fill the heap. */
const MAX_ENTRIES = 100_000;

export function memoryCounters(maxEntries = MAX_ENTRIES): WindowCounters {
  const counts = new Map<string, WindowCount>();
  let pruned = 0;
  const prune = (now: number) => {
    if (now - pruned < 60_000 && counts.size < maxEntries) return;
    pruned = now;
    for (const [k, c] of counts) if (c.until <= now) counts.delete(k);
    // Still full: the oldest keys go (a Map iterates in insertion order).
    for (const k of counts.keys()) {
      if (counts.size < maxEntries) break;
      counts.delete(k);
    }
  };
  const live = (key: string, now: number) => {
    const c = counts.get(key);
    if (c && c.until <= now) {
      counts.delete(key);
      return undefined;
    }
    return c;
  };
  return {
    add(key, delta, windowMs, now) {
      prune(now);
      const c = live(key, now);
      if (c) c.n += delta;
      else if (delta > 0) counts.set(key, { n: delta, until: now + windowMs });
      return Promise.resolve(c ? { ...c } : delta > 0 ? { n: delta, until: now + windowMs } : undefined);
    },
    read(key, now) {
      const c = live(key, now);
      return Promise.resolve(c ? { ...c } : undefined);
    },
    remove(key) {
      counts.delete(key);
      return Promise.resolve();
    },
    size(now) {
      pruned = 0;
      prune(now);
      return Promise.resolve(counts.size);
    },
  };
}

export function databaseCounters(db: Queryable): WindowCounters {
  let added = 0;
  return {
    async add(key, delta, windowMs, now) {
      // Now and then the windows that are over go (a key's row is rewritten on its next count anyway).
      if (++added % 1000 === 0) void dropEndedCounters(db, now).catch(() => {});
      const row = delta > 0 ? await countUp(db, key, delta, windowMs, now) : await countDown(db, key, delta, now);
      return row ? { n: row.n, until: row.until_ms } : undefined;
    },
    async read(key, now) {
      const row = await db
        .selectFrom('window_counters')
        .select(['n', 'until_ms'])
        .where('key', '=', key)
        .where('until_ms', '>', now)
        .executeTakeFirst();
      return row ? { n: row.n, until: row.until_ms } : undefined;
    },
    async remove(key) {
      await db.deleteFrom('window_counters').where('key', '=', key).execute();
    },
    async size(now) {
      await dropEndedCounters(db, now);
      const row = await db
        .selectFrom('window_counters')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** One upsert: a window that is over is replaced by one starting at `now`, else `delta` is added. */
function countUp(db: Queryable, key: string, delta: number, windowMs: number, now: number) {
  const over = sql<boolean>`${sql.ref('window_counters.until_ms')} <= ${now}`;
  return db
    .insertInto('window_counters')
    .values({ key, n: delta, until_ms: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        n: sql<number>`CASE WHEN ${over} THEN ${delta} ELSE ${sql.ref('window_counters.n')} + ${delta} END`,
        until_ms: sql<number>`CASE WHEN ${over} THEN ${now + windowMs} ELSE ${sql.ref('window_counters.until_ms')} END`,
      }),
    )
    .returning(['n', 'until_ms'])
    .executeTakeFirstOrThrow();
}

/** Gives back to a running window only. */
function countDown(db: Queryable, key: string, delta: number, now: number) {
  return db
    .updateTable('window_counters')
    .set({ n: sql<number>`${sql.ref('n')} + ${delta}` })
    .where('key', '=', key)
    .where('until_ms', '>', now)
    .returning(['n', 'until_ms'])
    .executeTakeFirst();
}

async function dropEndedCounters(db: Queryable, now: number): Promise<void> {
  await db.deleteFrom('window_counters').where('until_ms', '<=', now).execute();
}

import { addressGroup } from '../http/address-group.js';
import type { WindowCounters } from '../store/window-counters.js';

/**
 * What a batch of many writes may cost the others. A write takes about 0.5 ms of synchronous
 * work (its statements, the write id, the handler's reads), so a batch of 50 chat messages or
 * properties held the event loop for 25 to 100 ms, and page views that arrived meanwhile waited
 * for all of it: the page-view p99 went 63 to 71 times up while a script sent such batches at the
 * request limit (`npm run bench` abuse section). Two rules bound that:
 *
 * - **Steps.** A batch of more than {@link STEP_WRITES} writes is stored in steps of that many,
 *   each in a group commit of its own, in order, with a turn of the event loop before each; and
 *   the steps of every heavy batch of the process pass one at a time (a turnstile), each after a
 *   pause as long as the step before it took (50 ms at most). So a group commit holds at most one
 *   step of someone's heavy batch, a page view waits for at most those few writes, not for 50 of
 *   each client's, and heavy batches hold the event loop for half of the time at most. Batches up to STEP_WRITES (a page view with its
 *   events: almost every batch the snippet sends) run as before, in one transaction.
 * - **A budget per address.** The writes of heavy batches count against their address (IPv6: one
 *   /64) per clock minute, {@link HEAVY_WRITES_PER_MINUTE} by default: past it the batch is refused
 *   whole with 429 and `Retry-After` (the snippet's outbox keeps the writes and sends them then),
 *   so one client cannot keep the turnstile busy. The request limit (http/rate-limits.ts) counts
 *   requests, which let 50 times as many writes through in big batches as in small ones.
 *
 * A stepped batch is atomic step by step, not as a whole (a batch up to STEP_WRITES still is):
 * every write has its own result and its own write id. A step that fails, or a process killed
 * between steps, leaves the steps before it stored and unanswered; the retry answers those from
 * their write ids and stores the rest once (test/e2e/durability.spec.ts).
 */

/**
 * A body longer than this, from an address whose budget of the minute is spent, is refused before
 * it is read (the write route's onRequest): a script that sends 50 KB batches as fast as it can
 * was parsed and validated whole, 400 times a second, to be refused. A batch of up to 8 writes the
 * snippet sends stays well under it unless it carries long properties or messages, and even those
 * only wait for the next minute (the outbox keeps them), and only on an address that sent 1,200
 * writes of heavy batches this minute.
 */
export const HEAVY_BODY_BYTES = 4096;

/** Writes stored in one transaction at most; a longer batch goes in steps. */
export const STEP_WRITES = 8;

/** Writes of heavy batches one address may send per minute. */
export const HEAVY_WRITES_PER_MINUTE = 1200;

const MINUTE = 60_000;
/** The longest pause between two steps (a step that waited long for the database is not all work). */
const MAX_PAUSE_MS = 50;

const pause = (ms: number) => new Promise<void>((resolve) => (ms >= 1 ? setTimeout(resolve, ms) : setImmediate(resolve)));

export interface HeavyBatches {
  /**
   * Counts a heavy batch's writes against its address: 0 when they fit this minute's budget,
   * else the seconds until the next minute (nothing is counted then).
   */
  admit(ip: string, writes: number, now: number): Promise<number>;
  /**
   * Whether the address's budget of this minute is spent (the smallest heavy batch would not fit):
   * the seconds until the next minute then, else 0. Counts nothing.
   */
  spent(ip: string, now: number): Promise<number>;
  /** Runs one step of a heavy batch when the steps before it, of every heavy batch, are done. */
  step<T>(run: () => Promise<T>): Promise<T>;
}

/** `perMinute` 0 turns the budget off (the steps stay). */
export function heavyBatches(counters: WindowCounters, perMinute = HEAVY_WRITES_PER_MINUTE): HeavyBatches {
  let tail: Promise<unknown> = Promise.resolve();
  // Windows of the clock's minutes, so that every process on one database counts into the same one.
  const windowOf = (ip: string, now: number) => {
    const minute = Math.floor(now / MINUTE);
    const until = (minute + 1) * MINUTE;
    return { key: `heavy ${minute} ${addressGroup(ip)}`, until, wait: Math.max(1, Math.ceil((until - now) / 1000)) };
  };
  return {
    async admit(ip, writes, now) {
      if (perMinute <= 0) return 0;
      const { key, until, wait } = windowOf(ip, now);
      const count = await counters.add(key, writes, until - now, now);
      if (count && count.n <= perMinute) return 0;
      await counters.add(key, -writes, until - now, now);
      return wait;
    },
    async spent(ip, now) {
      if (perMinute <= 0) return 0;
      const { key, wait } = windowOf(ip, now);
      const count = await counters.read(key, now);
      return count && count.n + STEP_WRITES + 1 > perMinute ? wait : 0;
    },
    step(run) {
      // setImmediate: requests read in this turn reach the group commit before the step does.
      let took = 0;
      const turn = tail
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(async () => {
          const started = performance.now();
          try {
            return await run();
          } finally {
            took = performance.now() - started;
          }
        });
      // The next step waits as long as this one took: heavy batches get half of the time at most,
      // so a page view that arrives while one runs finds the loop free again after one step.
      tail = turn.catch(() => {}).then(() => pause(Math.min(took, MAX_PAUSE_MS)));
      return turn;
    },
  };
}

import { sql, type ControlledTransaction, type Kysely, type Transaction } from 'kysely';
import type { Tables } from '../store/tables.js';

/**
 * Group commit: the write batches that arrive together share one transaction. A commit is the
 * dearest step of a page view (SQLite writes every changed page to the WAL; the pages of `hits`,
 * `client_writes` and their indexes are the same for every batch), so N concurrent page views
 * committed once cost far less than N commits.
 *
 * Each batch still stands alone: it runs in its own savepoint, and a batch that fails is rolled
 * back to it, so it undoes nothing of the others. Every batch is answered only after the shared
 * COMMIT, so a confirmed write is still on disk; if the COMMIT fails, every batch of the group
 * fails (none of them was stored).
 *
 * A group is what queued up during one turn of the event loop: the first batch schedules the run
 * with setImmediate, so requests whose bodies were read in the same turn join it; batches that
 * arrive while a group runs wait for the next. SAVEPOINT, RELEASE and ROLLBACK TO are standard
 * SQL: PostgreSQL runs this unchanged.
 */

export interface GroupCommit {
  /** Runs `work` in a transaction shared with the batches queued with it; resolves after the commit. */
  run<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T>;
}

interface Job {
  work: (trx: Transaction<Tables>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** `maxGroup`: batches per transaction at most, so that one commit never waits on too many. */
export function groupCommit(db: Kysely<Tables>, maxGroup = 64): GroupCommit {
  let queue: Job[] = [];
  // idle: nothing queued; scheduled: a run waits for the end of this turn; running: batches that
  // arrive now are taken by the running loop once its group has committed.
  let state: 'idle' | 'scheduled' | 'running' = 'idle';

  const runGroup = async (group: Job[]): Promise<void> => {
    const outcomes: Array<() => void> = [];
    let trx: ControlledTransaction<Tables> | null = null;
    try {
      trx = await db.startTransaction().execute();
      if (group.length === 1) {
        // Alone, the batch needs no savepoint: its failure rolls back a transaction of its own.
        const job = group[0]!;
        outcomes.push(settle(job, await job.work(trx)));
      } else {
        for (const job of group) {
          // Said in SQL: the SQLite driver (store/sqlite-driver.ts) has no savepoint methods.
          await SAVEPOINT.execute(trx);
          try {
            const value = await job.work(trx);
            await RELEASE.execute(trx);
            outcomes.push(settle(job, value));
          } catch (error) {
            await ROLLBACK_TO.execute(trx);
            await RELEASE.execute(trx);
            outcomes.push(() => job.reject(error));
          }
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The commit, a savepoint statement or a batch alone failed: nothing of the group is stored.
      if (trx && !trx.isCommitted && !trx.isRolledBack)
        await trx
          .rollback()
          .execute()
          .catch(() => {});
      for (const job of group) job.reject(error);
      return;
    }
    for (const answer of outcomes) answer();
  };

  const drain = async (): Promise<void> => {
    state = 'running';
    while (queue.length > 0) {
      const group = queue.length > maxGroup ? queue.splice(0, maxGroup) : queue;
      if (group === queue) queue = [];
      await runGroup(group);
    }
    state = 'idle';
  };

  return {
    run<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (state === 'idle') {
          state = 'scheduled';
          setImmediate(() => void drain());
        }
      });
    },
  };
}

const settle = (job: Job, value: unknown) => () => job.resolve(value);

const SAVEPOINT = sql`SAVEPOINT batch`;
const RELEASE = sql`RELEASE SAVEPOINT batch`;
const ROLLBACK_TO = sql`ROLLBACK TO SAVEPOINT batch`;

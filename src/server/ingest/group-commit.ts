import { sql, type ControlledTransaction, type Kysely, type Transaction } from 'kysely';
import { enterScope, groupSection } from '../store/batch-scope.js';
import type { Dialect } from '../store/migrations/columns.js';
import type { Pipeline } from '../store/pipelined-connection.js';
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
 * arrive while a group runs wait for the next.
 *
 * Lanes. SQLite has one connection: one group at a time (`lanes: 1`). On PostgreSQL a page view is
 * about ten statements, each a round trip, and a process that runs one group at a time spends its
 * time waiting for them; so groups run in several lanes at once, each on its own connection. A
 * batch goes to the lane of its visitor (`key`): one visitor's batches stay in order and in one
 * lane, so two lanes never wait for each other on a visitor's rows (their visitor and session
 * rows are what a page view locks), and cannot deadlock on them. Batches without a visitor (first
 * visits: rows of their own) go to the lane with the shortest queue.
 */

export interface GroupCommit {
  /**
   * Runs `work` in a transaction shared with the batches queued with it; resolves after the
   * commit. `key` (the visitor id, when the batch names one) chooses the lane.
   */
  run<T>(work: (trx: Transaction<Tables>) => Promise<T>, key?: number): Promise<T>;
}

export interface GroupCommitOptions {
  /** Groups run at once, each on a connection. Default 1. */
  lanes?: number;
  /** Batches per transaction at most, so that one commit never waits on too many. Default 64. */
  maxGroup?: number;
  /** PostgreSQL takes two savepoint statements in one round trip; SQLite's driver one at a time. */
  dialect?: Dialect;
  /**
   * PostgreSQL: each lane runs its groups on a pipelined connection of its own
   * (store/pipelined-connection.ts), made on first use. Without it, lanes take the pool's.
   */
  pipeline?: () => Pipeline;
}

interface Job {
  work: (trx: Transaction<Tables>) => Promise<unknown>;
  /** The visitor: batches of one key run in the order they came. */
  key: number | undefined;
  /** Its effects outside the transaction, kept if the batch runs again (store/batch-scope.ts). */
  effects?: Map<string, Promise<unknown>>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function groupCommit(db: Kysely<Tables>, opts: GroupCommitOptions = {}): GroupCommit {
  const maxGroup = opts.maxGroup ?? 64;
  // The savepoint of the next batch, set up as the batch before it is released.
  const next = opts.dialect === 'postgres' ? [RELEASE_AND_SAVEPOINT] : [RELEASE, SAVEPOINT];

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
        // Said in SQL: the SQLite driver (store/sqlite-driver.ts) has no savepoint methods. A
        // savepoint named `batch` stands before each batch: one that failed is rolled back to it
        // (which keeps it for the next); the last one is released by the COMMIT.
        await SAVEPOINT.execute(trx);
        for (const [i, job] of group.entries()) {
          let ok = true;
          try {
            outcomes.push(settle(job, await job.work(trx)));
          } catch (error) {
            ok = false;
            await ROLLBACK_TO.execute(trx);
            outcomes.push(() => job.reject(error));
          }
          if (ok && i < group.length - 1) for (const statement of next) await statement.execute(trx);
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

  const lanes = Array.from({ length: Math.max(1, opts.lanes ?? 1) }, () => {
    const make = opts.pipeline;
    if (!make) return lane(runGroup, maxGroup);
    let pipe: Pipeline | null = null;
    return lane((group) => runPipelinedGroup((pipe ??= make()), group), maxGroup);
  });
  return {
    run<T>(work: (trx: Transaction<Tables>) => Promise<T>, key?: number): Promise<T> {
      const chosen =
        key !== undefined && Number.isSafeInteger(key)
          ? lanes[Math.abs(key) % lanes.length]!
          : lanes.reduce((a, b) => (b.waiting() < a.waiting() ? b : a));
      return chosen.run(work, key) as Promise<T>;
    },
  };
}

/**
 * A group on a pipelined connection: the statements go out as they are made and are awaited
 * together, so a batch alone costs its own round trips and no more: BEGIN goes out with its first
 * statement, its writes that nobody awaits (store/pipelined-connection.ts `unawaited`) with the
 * COMMIT. A statement that failed makes PostgreSQL's COMMIT a rollback: the pipeline's failure()
 * tells the batch it failed.
 *
 * A group of several runs its batches at once (`runAtOnce`): their reads go out in one flight,
 * their writes with the COMMIT, so the group costs the round trips of its longest batch, not the
 * sum of its batches'. Batches of one visitor run one after another, in the order they came. Their
 * statements interleave, so a savepoint cannot undo one batch alone: when any batch fails (a
 * statement, or its code), the whole group is rolled back and runs again one batch after another,
 * each in its savepoint (`runOneByOne`), which answers the failing batch with its failure and
 * stores the others. A batch's code says where it must run alone in its group, and which of its
 * effects outside the transaction must not be made twice (store/batch-scope.ts).
 */
async function runPipelinedGroup(pipe: Pipeline, group: Job[]): Promise<void> {
  try {
    await pipe.ready();
  } catch (error) {
    for (const job of group) job.reject(error);
    return;
  }
  if (group.length === 1) return runAloneInGroup(pipe, group[0]!);
  const outcome = await runAtOnce(pipe, group);
  if (outcome === 'again') return runOneByOne(pipe, group);
  if ('failed' in outcome) {
    for (const job of group) job.reject(outcome.failed);
    return;
  }
  group.forEach((job, i) => job.resolve(outcome.values[i]));
}

/** A batch's run on a handle of its own (store/pipelined-connection.ts `handle`), closed when the work ends. */
function start(pipe: Pipeline, job: Job, section: { alone(): Promise<void>; end(): void }): () => Promise<unknown> {
  return () => {
    const handle = pipe.handle();
    enterScope(handle.db, { alone: section.alone, effects: (job.effects ??= new Map()) });
    return job.work(handle.db as unknown as Transaction<Tables>).finally(() => {
      handle.close();
      section.end();
    });
  };
}

async function runAloneInGroup(pipe: Pipeline, job: Job): Promise<void> {
  pipe.clear();
  void pipe.send('BEGIN').catch(() => {});
  let value: unknown;
  try {
    try {
      value = await start(pipe, job, groupSection()())();
    } catch (error) {
      const failure = pipe.failure() ?? error;
      await pipe.send('ROLLBACK');
      job.reject(failure);
      return;
    }
    await pipe.send('COMMIT', 'ROLLBACK');
    // A statement of the batch failed: the COMMIT rolled it back.
    if (pipe.failure() !== undefined) throw pipe.failure();
  } catch (error) {
    await pipe.send('ROLLBACK').catch(() => {});
    job.reject(error);
    return;
  }
  job.resolve(value);
}

/**
 * Every batch of the group at once, in one transaction. `again`: a batch failed, and nothing of the
 * group is stored; `failed`: the COMMIT itself failed (the connection, say).
 */
async function runAtOnce(pipe: Pipeline, group: Job[]): Promise<{ values: unknown[] } | { failed: unknown } | 'again'> {
  pipe.clear();
  void pipe.send('BEGIN').catch(() => {});
  const section = groupSection();
  // The run of each visitor's latest batch: the next of that visitor starts when it has ended.
  const last = new Map<number, Promise<unknown>>();
  const runs = group.map((job) => {
    const run = start(pipe, job, section());
    const before = job.key === undefined ? undefined : last.get(job.key);
    const p = before ? before.then(run, run) : run();
    if (job.key !== undefined) last.set(job.key, p);
    return p;
  });
  const settled = await Promise.allSettled(runs);
  // Every batch has ended and its handle is closed: nothing of this run follows the ROLLBACK.
  if (settled.some((s) => s.status === 'rejected') || pipe.failure() !== undefined) {
    await pipe.send('ROLLBACK').catch(() => {});
    return 'again';
  }
  try {
    await pipe.send('COMMIT', 'ROLLBACK');
  } catch (error) {
    return { failed: error };
  }
  // A statement that nobody awaited failed: the COMMIT rolled the group back.
  if (pipe.failure() !== undefined) return 'again';
  return { values: settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) };
}

/**
 * The group one batch after another, each after its savepoint, whose answer comes after every
 * statement of the batch; a batch that failed is rolled back to its savepoint, and the last batch's
 * end is awaited before the COMMIT, so that one failed batch never rolls back the others.
 */
async function runOneByOne(pipe: Pipeline, group: Job[]): Promise<void> {
  const outcomes: Array<() => void> = [];
  pipe.clear();
  void pipe.send('BEGIN').catch(() => {});
  try {
    void pipe.send('SAVEPOINT batch').catch(() => {});
    for (const job of group) {
      let outcome: () => void;
      try {
        const value = await start(pipe, job, groupSection()())();
        await pipe.send('RELEASE SAVEPOINT batch; SAVEPOINT batch', 'ROLLBACK TO SAVEPOINT batch');
        if (pipe.failure() !== undefined) throw pipe.failure();
        outcome = settle(job, value);
      } catch (error) {
        // The savepoint stands before the batch still: a failed RELEASE left it. Its answer comes
        // after every statement of the batch, whose failures are then the batch's alone; the first
        // of them is the batch's failure (what failed after it said only that the transaction was).
        const failure = pipe.failure() ?? error;
        await pipe.send('ROLLBACK TO SAVEPOINT batch');
        pipe.clear();
        outcome = () => job.reject(failure);
      }
      outcomes.push(outcome);
    }
    await pipe.send('COMMIT', 'ROLLBACK');
    if (pipe.failure() !== undefined) throw pipe.failure();
  } catch (error) {
    // BEGIN, a savepoint statement or the COMMIT failed: nothing of the group is stored.
    await pipe.send('ROLLBACK').catch(() => {});
    for (const job of group) job.reject(error);
    return;
  }
  for (const answer of outcomes) answer();
}

/** One lane: its queue, drained one group at a time. */
function lane(runGroup: (group: Job[]) => Promise<void>, maxGroup: number) {
  let queue: Job[] = [];
  // idle: nothing queued; scheduled: a run waits for the end of this turn; running: batches that
  // arrive now are taken by the running loop once its group has committed.
  let state: 'idle' | 'scheduled' | 'running' = 'idle';
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
    waiting: () => queue.length + (state === 'running' ? 1 : 0),
    run(work: Job['work'], key: number | undefined): Promise<unknown> {
      return new Promise((resolve, reject) => {
        queue.push({ work, key, resolve, reject });
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
// Two statements in one text: PostgreSQL's simple query protocol (a statement without parameters) takes it.
const RELEASE_AND_SAVEPOINT = sql`RELEASE SAVEPOINT batch; SAVEPOINT batch`;

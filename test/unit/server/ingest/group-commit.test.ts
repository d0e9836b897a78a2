import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../../src/server/store/open.js';
import { groupCommit } from '../../../../src/server/ingest/group-commit.js';
import { unawaited } from '../../../../src/server/store/pipelined-connection.js';
import { pipelineOf } from '../../../../src/server/store/postgres.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';

// The write route's group commit (ingest/group-commit.ts), on the database of this run.
// The batches insert rows of a simple keyed table (window_counters), which a duplicate key fails.

let store: Store;
let path: string;
afterEach(async () => {
  await store.close();
  dropDatabase(path);
});
async function open() {
  path = freshDbPath();
  store = await openStore({ path });
  return store;
}
const count = (key: string) => (trx: Parameters<Parameters<ReturnType<typeof groupCommit>['run']>[0]>[0]) =>
  trx.insertInto('window_counters').values({ key, n: 1, until_ms: 0 }).execute();
const keys = async () => (await store.db.selectFrom('window_counters').select('key').orderBy('key').execute()).map((r) => r.key);

describe('group commit', () => {
  it('a failing batch undoes only itself; the others of its group commit', async () => {
    const s = await open();
    const commits = groupCommit(s.db, { dialect: s.dialect });
    const outcomes = await Promise.allSettled([
      commits.run(count('a')),
      commits.run(async (trx) => {
        await count('b')(trx);
        throw new Error('batch b fails after its insert');
      }),
      commits.run(count('c')),
      // A statement error (a duplicate key) is undone the same way, and the batches after it go on.
      commits.run(count('a')),
      commits.run(count('d')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await keys()).toEqual(['a', 'c', 'd']);
  });

  it("one key's batches run in the order they came", async () => {
    const s = await open();
    const commits = groupCommit(s.db, { dialect: s.dialect, lanes: s.dialect === 'postgres' ? 4 : 1 });
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        commits.run(async (trx) => {
          await count('k' + String(i).padStart(2, '0'))(trx);
          order.push(i);
        }, 42),
      ),
    );
    expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect((await keys()).length).toBe(12);
  });

  it.runIf(testPostgresUrl)('on PostgreSQL, lanes run groups of different visitors at once', async () => {
    const s = await open();
    const commits = groupCommit(s.db, { dialect: s.dialect, lanes: 2 });
    // Visitor 1's batch waits until visitor 2's has started: one lane at a time would never end.
    let started!: () => void;
    const second = new Promise<void>((ok) => (started = ok));
    const timeout = new Promise((_, no) => setTimeout(() => no(new Error('lanes ran one at a time')), 5000));
    await Promise.race([
      Promise.all([
        commits.run(async (trx) => {
          await second;
          await count('one')(trx);
        }, 1),
        commits.run(async (trx) => {
          started();
          await count('two')(trx);
        }, 2),
      ]),
      timeout,
    ]);
    expect(await keys()).toEqual(['one', 'two']);
  });
});

describe.runIf(testPostgresUrl)('group commit on a pipelined connection', () => {
  const pipelined = (s: Store, lanes = 1) => groupCommit(s.db, { dialect: s.dialect, lanes, pipeline: () => pipelineOf(s.pool!) });
  // Sent and not awaited, as a page view's writes are: its failure is found at the batch's end.
  const later = (key: string) => (trx: Parameters<ReturnType<typeof count>>[0]) => unawaited(trx, [count(key)(trx)]);

  it('a failing batch undoes only itself, also when nobody awaited its failing write', async () => {
    const s = await open();
    const commits = pipelined(s);
    const outcomes = await Promise.allSettled([
      commits.run(later('a')),
      commits.run(async (trx) => {
        await later('b')(trx);
        throw new Error('batch b fails after its insert');
      }),
      commits.run(later('c')),
      // A duplicate key, sent and not awaited: the batch fails at its end, the others stand.
      commits.run(later('a')),
      commits.run(later('d')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await keys()).toEqual(['a', 'c', 'd']);
  });

  it('a batch alone whose unawaited write fails stores nothing, and the lane goes on', async () => {
    const s = await open();
    const commits = pipelined(s);
    await commits.run(later('x'));
    await expect(
      commits.run(async (trx) => {
        await later('y')(trx);
        await later('x')(trx);
      }),
    ).rejects.toThrow();
    await commits.run(later('z'));
    expect(await keys()).toEqual(['x', 'z']);
  });

  it("one key's batches run in the order they came, over several lanes", async () => {
    const s = await open();
    const commits = pipelined(s, 4);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        commits.run(async (trx) => {
          await later('k' + String(i).padStart(2, '0'))(trx);
          order.push(i);
        }, 42),
      ),
    );
    expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect((await keys()).length).toBe(12);
  });
});

describe.runIf(testPostgresUrl)('a pipelined lane whose connection is lost', () => {
  it('fails no later batch: the next group opens a new connection', async () => {
    const s = await open();
    const commits = groupCommit(s.db, { dialect: s.dialect, pipeline: () => pipelineOf(s.pool!) });
    const unhandled: unknown[] = [];
    const onError = (e: unknown) => unhandled.push(e);
    process.on('uncaughtException', onError);
    try {
      const pid = await commits.run(async (trx) => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0]!.pid);
      await sql`SELECT pg_terminate_backend(${pid})`.execute(s.db);
      // A batch sent before the client has heard of the loss fails with it; none after.
      await expect
        .poll(async () => {
          try {
            await commits.run(count('after'));
            return true;
          } catch {
            return false;
          }
        })
        .toBe(true);
      const again = await commits.run(
        async (trx) => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0]!.pid,
      );
      expect(again).not.toBe(pid);
      expect(await keys()).toEqual(['after']);
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(unhandled).toEqual([]);
  });
});

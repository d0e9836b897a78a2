import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { groupCommit, type GroupCommit } from '../../../../src/server/ingest/group-commit.js';
import { once } from '../../../../src/server/store/batch-scope.js';
import { openStore, type Store } from '../../../../src/server/store/open.js';
import { unawaited } from '../../../../src/server/store/pipelined-connection.js';
import { pipelineOf } from '../../../../src/server/store/postgres.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { adsDtSite, hitWrite } from '../helpers.js';
import { createTestServer } from '../test-server.js';

// On PostgreSQL the batches of a lane's group run at once in one transaction (ingest/group-commit.ts);
// a group in which one fails runs again one batch after another. What each batch is promised
// stays as when they ran one after another.

type Trx = Parameters<Parameters<GroupCommit['run']>[0]>[0];

let store: Store | null = null;
let path: string;
const LOG: string[] = [];
afterEach(async () => {
  if (store) {
    await store.close();
    dropDatabase(path);
    store = null;
  }
});
async function open(): Promise<GroupCommit> {
  path = freshDbPath();
  LOG.length = 0;
  const s = (store = await openStore({ path, onQuery: (text) => LOG.push(text) }));
  return groupCommit(s.db, { dialect: s.dialect, lanes: 1, pipeline: () => pipelineOf(s.pool!) });
}
const keys = async () => (await store!.db.selectFrom('window_counters').select('key').orderBy('key').execute()).map((r) => r.key);
const rowsOf = async (trx: Trx, prefix: string) =>
  (await trx.selectFrom('window_counters').select('key').where('key', 'like', `${prefix}%`).execute()).length;
/** A page view's shape: a read awaited first, then its write sent and not awaited. */
const readThenWrite = (key: string) => async (trx: Trx) => {
  await rowsOf(trx, key);
  await unawaited(trx, [trx.insertInto('window_counters').values({ key, n: 1, until_ms: 0 }).execute()]);
};
const begins = () => LOG.filter((s) => s === 'BEGIN').length;

describe.runIf(testPostgresUrl)('a group whose batches run at once', () => {
  it('a batch that breaks a constraint is answered with its own error; the others of its group are stored', async () => {
    const commits = await open();
    await commits.run(readThenWrite('taken'));
    LOG.length = 0;
    const outcomes = await Promise.allSettled([
      commits.run(readThenWrite('a'), 1),
      commits.run(readThenWrite('b'), 2),
      commits.run(readThenWrite('taken'), 3),
      commits.run(readThenWrite('c'), 4),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // A duplicate key, not the "transaction is aborted" the other batches met in the run at once.
    expect(((outcomes[2] as PromiseRejectedResult).reason as { code?: string }).code).toBe('23505');
    expect(await keys()).toEqual(['a', 'b', 'c', 'taken']);
    // The run at once and the run one batch after another.
    expect(begins()).toBe(2);
  });

  it("one visitor's batches run in the order they came: the second reads what the first wrote", async () => {
    const commits = await open();
    const seen = await Promise.all([
      commits.run(readThenWrite('v1 first'), 7),
      commits.run(async (trx) => rowsOf(trx, 'v1 '), 7),
      commits.run(async (trx) => rowsOf(trx, 'v1 '), 8),
    ]);
    expect(begins()).toBe(1);
    // Visitor 8's batch ran at once with visitor 7's first: it read before that one wrote.
    expect(seen.slice(1)).toEqual([1, 0]);
  });

  it('an effect outside the transaction is made once though its batch runs again, each time the batch makes it', async () => {
    const commits = await open();
    let runs = 0;
    let counted = 0;
    const outcomes = await Promise.allSettled([
      commits.run(async (trx) => {
        runs++;
        // Twice in the batch (two properties set, say): two effects, each made once.
        await once(trx, 'count', async () => counted++);
        await once(trx, 'count', async () => counted++);
        await readThenWrite('counted')(trx);
      }),
      commits.run(async () => {
        throw new Error('this batch fails');
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(runs).toBe(2);
    expect(counted).toBe(2);
    expect(await keys()).toEqual(['counted']);
  });

  it('a statement a failed batch makes after its end is never sent: not into the group run again', async () => {
    const commits = await open();
    let late: Promise<unknown> = Promise.resolve();
    const outcomes = await Promise.allSettled([
      commits.run(readThenWrite('a'), 1),
      commits.run(async (trx) => {
        // A branch of the batch that goes on after the batch has failed.
        late = (async () => {
          await rowsOf(trx, 'x');
          await trx.insertInto('window_counters').values({ key: 'late', n: 1, until_ms: 0 }).execute();
        })();
        late.catch(() => {});
        throw new Error('this batch fails before its branch ends');
      }, 2),
      commits.run(readThenWrite('b'), 3),
    ]);
    await late.catch(() => {});
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await keys()).toEqual(['a', 'b']);
  });
});

/** A site whose campaign gives a DT number of a pool of two. */
const dtSite = adsDtSite(['74990000001', '74990000002']);

describe.runIf(testPostgresUrl)('DT leases of page views in one group', () => {
  let server: ConsultantServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
    dropDatabase(path);
  });

  it('a pool number goes to one session: the batches that lease take turns', async () => {
    path = freshDbPath();
    LOG.length = 0;
    server = await createTestServer({
      dbPath: path,
      siteConfig: dtSite,
      bundleDir: '/nonexistent',
      publicUrl: 'http://svc.test/',
      postgresLanes: 1,
      onQuery: (text) => LOG.push(text),
      rateLimits: { ip: 0, visitor: 0, firstVisits: 0 },
      leasePolicy: false,
    });
    const s = server;
    const view = async (n: number, url: string) => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/w/site-a',
        remoteAddress: `203.0.113.${n}`,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ visitor: null, writes: [hitWrite(url)] }),
      });
      expect(res.statusCode).toBe(200);
      const r = (res.json() as WriteResponse).results[0]!.result as HitResult;
      return r.phones.find((p) => p.id === 'number=84951234567')!;
    };
    // The site read and the lane connected, as any page view after the first finds them.
    expect((await view(9, 'http://localhost/')).dt).toBe(false);
    LOG.length = 0;
    // Four first visits from four addresses, read in one turn: one group.
    const answers = await Promise.all([1, 2, 3, 4].map((n) => view(n, 'http://localhost/?utm_source=ads')));
    expect(begins(), LOG.join('\n')).toBe(1);
    const leased = answers.filter((p) => p.dt).map((p) => p.raw);
    expect(leased.sort()).toEqual(['74990000001', '74990000002']);
    expect(answers.filter((p) => !p.dt).map((p) => p.raw)).toEqual(['74950000000', '74950000000']);
    const rows = await sql<{ number: string }>`SELECT number FROM dt_leases ORDER BY number`.execute(s.store.db);
    expect(rows.rows.map((r) => r.number)).toEqual(['74990000001', '74990000002']);
  });
});

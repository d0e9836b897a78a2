import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { seenWrite } from '../../../../src/server/ingest/queries.js';
import { openStore, type Store } from '../../../../src/server/store/open.js';
import { connectionNames, fixedStatement, MOST_PER_CONNECTION, statementName } from '../../../../src/server/store/statement-names.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { syncPostgres } from '../../../support/sync-postgres.js';
import { hitWrite, testConfig, postWrites } from '../helpers.js';
import { createTestServer } from '../test-server.js';
import { startProtocolCounter, type ProtocolCounter } from './protocol-counter.js';

// PostgreSQL parses and plans a statement sent without a name on every run; a named one is
// prepared once per connection and then only bound and run. The wire tells which was sent
// (protocol-counter.ts: every Parse message, with the name it gives).

describe('names of statements', () => {
  it('the same text has the same name, within what PostgreSQL takes', () => {
    const text = 'select "id" from "hits" where "id" = $1';
    expect(statementName(text)).toBe(statementName(text));
    expect(statementName(text)).not.toBe(statementName(text + ' '));
    expect(statementName(text)).toMatch(/^s[0-9a-f]{16}$/);
  });

  it('a connection names statements with parameters, fixed ones only where asked, and no more than its cap', () => {
    const any = connectionNames(true);
    const fixedOnly = connectionNames(false);
    fixedStatement('select $1::int as fixed_text');
    expect(any('select $1::int as a', [1])).toBe(statementName('select $1::int as a'));
    expect(any('BEGIN', [])).toBeUndefined();
    expect(fixedOnly('select $1::int as a', [1])).toBeUndefined();
    expect(fixedOnly('select $1::int as fixed_text', [1])).toBe(statementName('select $1::int as fixed_text'));
    // Texts that vary (an IN list as long as the call's) stop being named at the cap; those named keep their names.
    for (let i = 2; i <= MOST_PER_CONNECTION + 10; i++) any(`select ${i} where $1 in (${'$1,'.repeat(i)}$1)`, [1]);
    expect(any('select $1::int as b', [1])).toBeUndefined();
    expect(any('select $1::int as a', [1])).toBe(statementName('select $1::int as a'));
  });
});

describe.runIf(testPostgresUrl)('named statements on PostgreSQL', () => {
  let counter: ProtocolCounter;
  let path: string;
  beforeAll(async () => {
    path = freshDbPath();
    counter = await startProtocolCounter(path, 0);
  });
  afterAll(async () => {
    await counter.close();
    dropDatabase(path);
  });

  describe('the page view', () => {
    let server: ConsultantServer;
    beforeAll(async () => {
      server = await createTestServer({
        dbPath: counter.url(path),
        siteConfig: testConfig,
        bundleDir: '/nonexistent',
        publicUrl: 'http://svc.test/',
        rateLimits: { ip: 0, visitor: 0, firstVisits: 0 },
        // The background workers' reads are not the requests'.
        conversions: { pollMs: 0 },
        notifications: { tickMs: 0 },
      });
    });
    afterAll(() => server.close());

    const post = (body: unknown) => postWrites(server, body);

    it('sends named statements, and a second page view of the visitor prepares nothing new', async () => {
      const { visitor } = await post({ visitor: null, writes: [hitWrite('http://localhost/')] });
      counter.reset();
      await post({ visitor, writes: [hitWrite()] });
      expect(counter.parsed().length).toBeGreaterThan(0);
      expect(counter.unnamed()).toEqual([]);
      counter.reset();
      await post({ visitor, writes: [hitWrite()] });
      expect(counter.counts().statements).toBeGreaterThan(2);
      expect(counter.parsed()).toEqual([]);
    });

    it('prepares its statements again on the connection that replaces a lost one', async () => {
      const { visitor } = await post({ visitor: null, writes: [hitWrite('http://localhost/')] });
      await post({ visitor, writes: [hitWrite()] });
      const admin = syncPostgres(path);
      try {
        // The write lanes' connections: the last statement of each was its group's COMMIT (the pool's transactions say `commit`).
        admin.exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'COMMIT'`);
      } finally {
        admin.close();
      }
      // The lane finds its connection lost when it next sends; the page view after that has a new one.
      await expect
        .poll(
          async () => {
            counter.reset();
            const res = await server.app.inject({
              method: 'POST',
              url: '/w/site-a',
              headers: { 'content-type': 'text/plain;charset=UTF-8' },
              payload: JSON.stringify({ visitor, writes: [hitWrite()] }),
            });
            return res.statusCode === 200 && (res.json() as WriteResponse).results.every((r) => r.success);
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      expect(counter.parsed().length).toBeGreaterThan(0);
      expect(counter.unnamed()).toEqual([]);
    });
  });

  describe('the pool', () => {
    let store: Store;
    beforeAll(async () => {
      store = await openStore({ path: counter.url(path) });
    });
    afterAll(() => store.close());
    afterEach(() => counter.reset());

    it('prepares a fixed statement once, and leaves others unnamed', async () => {
      await seenWrite(store.db, 1, 'w1');
      counter.reset();
      await seenWrite(store.db, 1, 'w2');
      expect(counter.counts().statements).toBe(1);
      expect(counter.parsed()).toEqual([]);
      await sql`SELECT ${1}::int AS n`.execute(store.db);
      await sql`SELECT ${1}::int AS n`.execute(store.db);
      expect(counter.parsed()).toEqual(['', '']);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HitResult } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { hitWrite, testConfig, postWrites } from '../helpers.js';
import { createTestServer } from '../test-server.js';
import { startProtocolCounter, type ProtocolCounter } from '../store/protocol-counter.js';

// What a lane's group of page views costs on PostgreSQL, counted on the wire
// (store/protocol-counter.ts): the page views of a group go out together, so a group of many costs
// the round trips of one page view, not one page view's after another's.

/** Page views of as many visitors, sent at once: one group of one lane. */
const N = 8;
/** What one page view alone costs (store/round-trips.test.ts). */
const GROUP_BUDGET = 2;

const LOG: string[] = [];
let counter: ProtocolCounter;
let server: ConsultantServer;
let path: string;

beforeAll(async () => {
  if (!testPostgresUrl) return;
  path = freshDbPath();
  counter = await startProtocolCounter(path);
  server = await createTestServer({
    dbPath: counter.url(path),
    siteConfig: testConfig,
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    onQuery: (sql) => LOG.push(sql),
    postgresLanes: 1,
    rateLimits: { ip: 0, visitor: 0, firstVisits: 0 },
    // The background workers' reads are not the requests'.
    conversions: { pollMs: 0 },
    notifications: { tickMs: 0 },
  });
});
afterAll(async () => {
  if (!testPostgresUrl) return;
  await server.close();
  await counter.close();
  dropDatabase(path);
});

const post = (body: unknown) => postWrites(server, body);

describe.runIf(testPostgresUrl)('round trips to PostgreSQL per group of page views', () => {
  it(`${N} page views of ${N} visitors in one group cost the round trips of one page view`, async () => {
    const visitors = [];
    for (let i = 0; i < N; i++) {
      const { visitor } = await post({ visitor: null, writes: [hitWrite('http://localhost/')] });
      // A session to go on with: what a returning visitor's page view is.
      await post({ visitor, writes: [hitWrite()] });
      visitors.push(visitor!);
    }
    counter.reset();
    LOG.length = 0;
    const outs = await Promise.all(visitors.map((visitor) => post({ visitor, writes: [hitWrite()] })));
    const { roundTrips, statements } = counter.counts();
    const said = `${roundTrips} round trips, ${statements} statements:\n${LOG.join('\n')}`;
    // The requests were read in one turn: one transaction took them all.
    expect(LOG.filter((s) => s === 'BEGIN').length, said).toBe(1);
    expect(outs.map((o) => (o.results[0]!.result as HitResult).visitor_id)).toEqual(visitors.map((v) => v.id));
    expect(roundTrips, said).toBeLessThanOrEqual(GROUP_BUDGET);
  });
});

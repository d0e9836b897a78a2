import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { dropDatabase, freshDbPath, rowsOf, testPostgresUrl } from '../../../support/test-database.js';
import { hitWrite, testConfig, wid, postWrites } from '../helpers.js';
import { createTestServer } from '../test-server.js';
import { startProtocolCounter, type ProtocolCounter } from './protocol-counter.js';

// What the write endpoint costs on PostgreSQL, counted on the wire (protocol-counter.ts): with the
// database a network hop away, every round trip is a wait of the request. The budgets are the most
// each path may take; a broken one names the statements sent.

const BUDGET = {
  firstVisit: 2,
  pageView: 2,
  returningVisit: 2,
  writeBatch: 2,
};

const LOG: string[] = [];
let counter: ProtocolCounter;
let server: ConsultantServer;
let path: string;
/** Rows read and changed beside the server, on a connection of their own (not through the counter). */
let rows: NonNullable<ReturnType<typeof rowsOf>>;

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
    // As the bench: the guards' counters (rate limits, first visits) are statements of their own, outside the batch.
    rateLimits: { ip: 0, visitor: 0, firstVisits: 0 },
    // The background workers' reads are not the request's.
    conversions: { pollMs: 0 },
    notifications: { tickMs: 0 },
  });
  rows = rowsOf(path)!;
});
afterAll(async () => {
  if (!testPostgresUrl) return;
  rows.close();
  await server.close();
  await counter.close();
  dropDatabase(path);
});

const post = (body: unknown) => postWrites(server, body);

/** The round trips and statements of one request. */
async function counted(body: unknown): Promise<{ roundTrips: number; statements: number; out: WriteResponse }> {
  counter.reset();
  LOG.length = 0;
  const out = await post(body);
  return { ...counter.counts(), out };
}

const said = (c: { statements: number }) => `${c.statements} statements:\n${LOG.join('\n')}`;

const firstVisit = () => ({ visitor: null, writes: [hitWrite('http://localhost/')] });

describe.runIf(testPostgresUrl)('round trips to PostgreSQL per request', () => {
  it('a first visit', async () => {
    // A first visit's lane follows its write id (ingest/route.ts): forty warm the four lanes
    // (a lane's first use opens its connection), all but once in tens of thousands.
    for (let i = 0; i < 40; i++) await post(firstVisit());
    const c = await counted(firstVisit());
    expect(c.out.visitor).not.toBeNull();
    expect(c.roundTrips, said(c)).toBeLessThanOrEqual(BUDGET.firstVisit);
  });

  it('a page view of a returning visitor, in its session', async () => {
    const { visitor } = await post(firstVisit());
    await post({ visitor, writes: [hitWrite()] });
    const c = await counted({ visitor, writes: [hitWrite()] });
    expect((c.out.results[0]!.result as HitResult).visitor_id).toBe(visitor!.id);
    expect(c.roundTrips, said(c)).toBeLessThanOrEqual(BUDGET.pageView);
  });

  it('a returning visit: a page view after the session went idle starts a new one', async () => {
    const { visitor } = await post(firstVisit());
    // The visitor's own lane is connected on its first use, once per process: not what a visit costs.
    const { results } = await post({ visitor, writes: [hitWrite()] });
    const session = (results[0]!.result as HitResult).session_id;
    rows.prepare('UPDATE sessions SET last_hit_ms = last_hit_ms - 3600000 WHERE visitor_id = ?').run(visitor!.id);
    const c = await counted({ visitor, writes: [hitWrite()] });
    expect((c.out.results[0]!.result as HitResult).session_id).not.toBe(session);
    expect(c.roundTrips, said(c)).toBeLessThanOrEqual(BUDGET.returningVisit);
  });

  it('a write batch: events on the page view', async () => {
    const h = hitWrite();
    const { visitor } = await post({ visitor: null, writes: [h] });
    const event = () => ({ id: wid(), type: 'event', hit: h.id, at: Date.now(), data: { category: 'cta', action: 'click' } });
    await post({ visitor, writes: [event()] });
    const c = await counted({ visitor, writes: [event(), event()] });
    expect(c.roundTrips, said(c)).toBeLessThanOrEqual(BUDGET.writeBatch);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WriteResponse } from '../../../../src/protocol.js';
import { createServer, type ConsultantServer } from '../../../../src/server/app.js';
import { SiteConfigSchema } from '../../../../src/server/site-import/site-config.js';
import { timestamp } from '../../../../src/server/store/time.js';
import { campaignParams } from '../../../../src/server/tracking/campaign.js';
import { hitWrite, wid } from '../helpers.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import { boundLimits, fullScans, statementCollector } from '../query-plans.js';

/** One site: a default number, a Google campaign with a DT pool of two, a Tiny one with a pool of one. */
const siteConfig = SiteConfigSchema.parse({
  customers: [
    {
      id: 1,
      name: 'Customer',
      sites: [
        {
          id: 1,
          domain: 'localhost',
          site_key: 'site-a',
          widget_key: 'wk-a',
          blocks: [{ id: 1, name: 'Main', selector: 'number=84951234567', numb: '74957770011' }],
          campaigns: [
            {
              id: 10,
              name: 'Google',
              condition_groups: [
                { id: 100, name: 'g', conditions: [{ id: 1000, ac_parameter: 'utm_source', ac_operator: '=', value: 'google' }] },
              ],
              blocks: [
                { id: 11, name: 'DT', selector: 'number=84951234567', numb: '74950000009', dt_pool: ['74990000001', '74990000002'] },
              ],
            },
            {
              id: 20,
              name: 'Tiny',
              condition_groups: [
                { id: 200, name: 't', conditions: [{ id: 2000, ac_parameter: 'utm_source', ac_operator: '=', value: 'tiny' }] },
              ],
              blocks: [{ id: 21, name: 'DT', selector: 'number=84951234567', numb: '74950000009', dt_pool: ['74993330001'] }],
            },
          ],
        },
      ],
    },
  ],
});

let server: ConsultantServer;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
});

/** A browser's User-Agent: the lease policy gives a known bot (inject's own) no number. */
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function send(visitor: WriteResponse['visitor'], writes: unknown[], remoteAddress = '203.0.113.1'): Promise<WriteResponse> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    remoteAddress,
    headers: { 'content-type': 'text/plain', origin: 'http://localhost', 'user-agent': BROWSER },
    payload: JSON.stringify({ visitor, writes }),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as WriteResponse;
  for (const r of body.results) expect(r).toMatchObject({ success: true });
  return body;
}

// The statements the page-view path runs, as the code runs them, must each read by index: a full
// scan of a table that grows with traffic makes every page view slower as the database grows.
// SQLite's plans (EXPLAIN QUERY PLAN): the run on PostgreSQL skips it; the indexes are the same.
describe.skipIf(!!testPostgresUrl)('the page-view path reads by index', () => {
  it('no statement of a page view, a DT lease, an event, a chat message or a request scans a growing table', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const statements = statementCollector();
    server = await createServer({ dbPath: ':memory:', siteConfig, bundleDir: '/nonexistent', onQuery: statements.onQuery });
    statements.start();

    // A first visit with a campaign: a visitor, a matched session, a number leased from the pool.
    const first = hitWrite('http://localhost/?utm_source=google');
    const a = await send(null, [first]);
    // A returning page view in the same session: the lease is extended.
    await send(a.visitor, [hitWrite('http://localhost/next')]);
    // An event on the first page view, and a retry of that page view whose answer was lost.
    await send(a.visitor, [{ id: wid(), type: 'event', hit: first.id, at: Date.now(), data: { category: 'c', action: 'a' } }]);
    await send(null, [first]);
    // The visitor comes back after the session ended: a new session carries the number over.
    vi.setSystemTime(new Date('2026-01-01T10:40:00Z'));
    await send(a.visitor, [hitWrite('http://localhost/?utm_source=google')]);
    // A pool of one: the second visitor finds it dry and is counted as an overflow (each from an
    // address of its own, under the lease policy's share per address).
    await send(null, [hitWrite('http://localhost/?utm_source=tiny')], '203.0.113.2');
    await send(null, [hitWrite('http://localhost/?utm_source=tiny')], '203.0.113.3');
    // A chat message and an offline request whose page view the server does not know take the
    // visitor's latest one (an index on the visitor's hits, not a scan of every site's).
    const unknownHit = wid();
    await send(a.visitor, [
      { id: wid(), type: 'chat_message', hit: unknownHit, at: Date.now(), data: { text: 'hello' } },
      { id: wid(), type: 'offline_request', hit: unknownHit, at: Date.now(), data: { name: 'A', message: 'call me' } },
    ]);

    const list = statements.list();
    // The path was driven: every traffic table was written and read.
    const touched = (table: string) => list.some((s) => new RegExp(`\\b(from|into|update) "${table}"`).test(s.sql));
    for (const table of [
      'visitors',
      'sessions',
      'hits',
      'goals',
      'client_writes',
      'dt_leases',
      'dt_overflows',
      'chats',
      'offline_messages',
    ]) {
      expect(touched(table), table).toBe(true);
    }
    expect(fullScans(server.store.sqlite!, list)).toEqual([]);
    // Values are bound, never written into the text: the driver caches prepared statements by
    // their text, and a text per campaign id or visitor would defeat it.
    const shapes = new Set(list.map((s) => s.sql.replace(/\b\d+\b/g, 'N')));
    expect(shapes.size).toBe(list.length);
    expect(boundLimits(list)).toEqual([]);
  });

  it('the check finds a full scan when there is one', async () => {
    server = await createServer({ dbPath: ':memory:', siteConfig, bundleDir: '/nonexistent' });
    const scans = fullScans(server.store.sqlite!, [
      { sql: 'select "h"."id" from "hits" as "h" where "h"."url" = ?', parameters: ['x'] },
      { sql: 'select "id" from "sessions" where "visitor_id" = ? order by "id" desc limit ?', parameters: [1, 1] },
      { sql: 'select "id" from "site_blocks" where "name" = ?', parameters: ['x'] },
    ]);
    // site_blocks is site data, not traffic: a scan of it is allowed.
    expect(scans.map((s) => s.table)).toEqual(['hits']);
  });
});

describe('page-view helpers', () => {
  it('campaignParams: a URL without a query names no campaign, and every answer is a fresh object', () => {
    const a = campaignParams('https://shop.example/catalog#?utm_source=x');
    expect(Object.values(a).every((v) => v === null)).toBe(true);
    a.utm_source = 'changed';
    expect(campaignParams('https://shop.example/').utm_source).toBeNull();
    expect(campaignParams('https://shop.example/?utm_source=ya').utm_source).toBe('ya');
  });

  it('timestamp writes the REST date-time form, UTC', () => {
    expect(timestamp(Date.UTC(2026, 10, 22, 9, 5, 7, 42))).toBe('2026-11-22 09:05:07.042');
  });
});

import { afterAll, afterEach, expect, it } from 'vitest';
import { expectAnswered, type ApiWorld } from '../api-helpers.js';
import { dtApiWorld } from '../dt-api-world.js';
import { hitWrite } from '../helpers.js';

const POOL = ['74990000001', '74990000002'];
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const HOUR = 3_600_000;

let w: ApiWorld;
afterEach(async () => {
  await w.server.close();
});
afterAll(() => expectAnswered(['GET pool_usage']));

async function view(ip: string, ua: string) {
  const res = await w.server.app.inject({
    method: 'POST',
    url: '/w/site-1',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain', 'user-agent': ua },
    payload: JSON.stringify({ visitor: null, writes: [hitWrite('https://a.test/?utm_source=ads')] }),
  });
  expect(res.statusCode).toBe(200);
}

interface Usage {
  size: number;
  hours: Array<{ at: string; leased: number; dry: number }>;
  week: { dry_visits: number; dry_hours: number; share_refusals: number };
  peak_wanted: number;
  suggested_size: number;
}

it('says how many numbers were leased at once hour by hour, how often the pool ran dry, and the size it needs', async () => {
  w = await dtApiWorld(POOL);
  const a = await w.login('a');
  await view('198.51.100.7', CHROME);
  await view('198.51.100.7', FIREFOX); // the address's share: no number, and not the pool's fault
  await view('203.0.113.5', SAFARI);
  await view('203.0.113.6', FIREFOX); // every number leased: dry
  // A lease of three hours ago, for half an hour, by the first session.
  const hourStart = Math.floor(w.clock.ms / HOUR) * HOUR;
  const s = w.server.db.prepare('SELECT session_id, visitor_id FROM dt_leases ORDER BY id LIMIT 1').get() as Record<string, number>;
  w.server.db
    .prepare('INSERT INTO dt_leases (site_id, block_id, number, session_id, visitor_id, start_ms, until_ms) VALUES (1, 11, ?, ?, ?, ?, ?)')
    .run(POOL[0], s.session_id, s.visitor_id, hourStart - 3 * HOUR + 60_000, hourStart - 3 * HOUR + 31 * 60_000);

  const res = await w.get('pool_usage', { session_key: a, block_id: 11 });
  expect(res.statusCode, res.body).toBe(200);
  const u = res.json().data as Usage;
  expect(u.size).toBe(2);
  expect(u.hours).toHaveLength(24);
  expect(u.hours.at(-1)).toEqual({ at: new Date(hourStart).toISOString(), leased: 2, dry: 1 });
  expect(u.hours.at(-4)).toMatchObject({ leased: 1, dry: 0 });
  expect(u.hours.at(-3)).toMatchObject({ leased: 0, dry: 0 });
  expect(u.week).toEqual({ dry_visits: 1, dry_hours: 1, share_refusals: 1 });
  // Two leased at once and one that found none: three wanted, a quarter more, rounded up.
  expect(u.peak_wanted).toBe(3);
  expect(u.suggested_size).toBe(4);
  expect(((await w.get('pool_usage', { session_key: a, block_id: 11, hours: 168 })).json().data as Usage).hours).toHaveLength(168);
});

it('refuses a block without a pool and another customer’s block', async () => {
  w = await dtApiWorld(POOL);
  const static_ = await w.get('pool_usage', { session_key: await w.login('a'), block_id: 1 });
  expect(static_.statusCode).toBe(400);
  expect(static_.json().message).toContain('dynamic pool');
  expect((await w.get('pool_usage', { session_key: await w.login('b'), block_id: 11 })).statusCode).toBe(404);
});

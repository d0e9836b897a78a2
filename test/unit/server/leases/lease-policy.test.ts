import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import type { LeasePolicyOptions } from '../../../../src/server/leases/lease-policy.js';
import { dropDatabase, freshDbPath } from '../../../support/test-database.js';
import { adsDtSite, hitWrite, wid } from '../helpers.js';
import { createTestServer } from '../test-server.js';

// Without the policy, five page views from one script leased all five numbers of the demo pool
// for 45 minutes, and the next real visitor got the reserved number.

const POOL = ['74990000001', '74990000002', '74990000003', '74990000004', '74990000005'];
/** A site with the demo's DT pool of five (utm_source = ads) and the reserved number on overflow. */
const siteConfig = adsDtSite(POOL);
const RESERVED = '74950000000';
const LANDING = 'http://localhost/?utm_source=ads';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const servers: ConsultantServer[] = [];
const cleanups: Array<() => void> = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const s of servers.splice(0)) await s.close();
  for (const c of cleanups.splice(0)) c();
});

async function start(leasePolicy?: LeasePolicyOptions | false, dbPath = ':memory:'): Promise<ConsultantServer> {
  const server = await createTestServer({
    dbPath,
    siteConfig,
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    // The policy must hold by itself (a script may rotate addresses): the first-visit limit, which
    // would refuse a dozen first visits from one address, is first-visits.test.ts's.
    rateLimits: { firstVisits: 0 },
    ...(leasePolicy !== undefined ? { leasePolicy } : {}),
  });
  servers.push(server);
  return server;
}

interface Client {
  ip: string;
  ua: string;
}

/** A batch from one client; answers the body. */
async function post(server: ConsultantServer, c: Client, visitor: WriteResponse['visitor'], writes: unknown[]): Promise<WriteResponse> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    remoteAddress: c.ip,
    headers: { 'content-type': 'text/plain', 'user-agent': c.ua },
    payload: JSON.stringify({ visitor, writes }),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as WriteResponse;
}

/** A page view: the number the page shows for the DT target, and the answer. */
async function view(server: ConsultantServer, c: Client, visitor: WriteResponse['visitor'] = null, url = LANDING) {
  const write = hitWrite(url);
  const body = await post(server, c, visitor, [write]);
  const r = body.results[0]!.result as HitResult;
  const phone = r.phones.find((p) => p.id === 'number=84951234567')!;
  return { visitor: body.visitor, r, raw: phone.raw, dt: phone.dt, hit: write.id };
}

const liveLeases = (server: ConsultantServer) =>
  server.db.prepare('SELECT number, session_id FROM dt_leases WHERE until_ms > ? ORDER BY number').all(Date.now()) as Array<{
    number: string;
    session_id: number;
  }>;
const overflows = (server: ConsultantServer) => Number(server.db.prepare('SELECT count(*) AS n FROM dt_overflows').pluck().get());

describe('the DT lease policy', () => {
  it('lets a scripted client from one address hold one number of five (20%); past it the reserved number, counted as overflow', async () => {
    const server = await start();
    const script: Client = { ip: '198.51.100.7', ua: CHROME };
    const seen = [];
    // A script at the rate limit: a fresh visitor (no cookie) per page view, all from one address.
    for (let i = 0; i < 10; i++) seen.push((await view(server, script)).raw);
    expect(seen.filter((n) => POOL.includes(n))).toHaveLength(1);
    expect(seen.filter((n) => n === RESERVED)).toHaveLength(9);
    expect(liveLeases(server)).toHaveLength(1);
    expect(overflows(server)).toBe(9);
    // The next real visitor, from another address, gets a number of the pool.
    const person = await view(server, { ip: '203.0.113.50', ua: FIREFOX });
    expect(POOL).toContain(person.raw);
    expect(person.dt).toBe(true);
  });

  it('groups IPv6 clients by their /64', async () => {
    const server = await start();
    const a = await view(server, { ip: '2001:db8:1:2::1', ua: CHROME });
    const b = await view(server, { ip: '2001:db8:1:2:ffff::9', ua: FIREFOX });
    const c = await view(server, { ip: '2001:db8:1:3::1', ua: FIREFOX });
    expect(POOL).toContain(a.raw);
    expect(b.raw).toBe(RESERVED);
    expect(POOL).toContain(c.raw);
  });

  it('lets one user-agent family hold two numbers of five (40%) on first leases, from any number of addresses', async () => {
    const server = await start();
    const seen = [];
    for (let i = 0; i < 6; i++) seen.push((await view(server, { ip: `198.51.100.${10 + i}`, ua: CHROME })).raw);
    expect(seen.filter((n) => POOL.includes(n))).toHaveLength(2);
    // Another family still gets one.
    expect(POOL).toContain((await view(server, { ip: '203.0.113.60', ua: SAFARI })).raw);
  });

  it('gives a known bot no number: it sees the reserved number and is not counted as an overflow', async () => {
    const server = await start();
    for (const ua of [GOOGLEBOT, 'python-requests/2.32.3', '']) {
      const bot = await view(server, { ip: '66.249.66.1', ua });
      expect(bot.raw).toBe(RESERVED);
      expect(bot.dt).toBe(false);
    }
    expect(liveLeases(server)).toEqual([]);
    expect(overflows(server)).toBe(0);
  });

  it('gives a first lease of three minutes, after which the number goes back to the pool', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const server = await start();
    // Every number taken, each from its own address, by three families (two first leases each at most).
    const first = [];
    for (let i = 0; i < 5; i++) first.push(await view(server, { ip: `198.51.100.${20 + i}`, ua: [FIREFOX, SAFARI, CHROME][i % 3]! }));
    expect(first.map((v) => v.raw).sort()).toEqual(POOL);
    // The page keeps the numbers no longer than the short lease.
    expect(first[0]!.r.phones_ttl).toBe(3 * 60_000);
    vi.setSystemTime(new Date('2026-01-01T10:02:59Z'));
    expect(liveLeases(server)).toHaveLength(5);
    expect((await view(server, { ip: '203.0.113.69', ua: CHROME })).raw).toBe(RESERVED);
    vi.setSystemTime(new Date('2026-01-01T10:03:01Z'));
    expect(liveLeases(server)).toEqual([]);
    // Unconfirmed, the numbers are free again: a new visitor gets one.
    expect(POOL).toContain((await view(server, { ip: '203.0.113.70', ua: CHROME })).raw);
  });

  it('makes the lease full on a second page view of the session: the session time and the lease minutes after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const server = await start();
    const person: Client = { ip: '203.0.113.80', ua: CHROME };
    const a = await view(server, person);
    vi.setSystemTime(new Date('2026-01-01T10:01:00Z'));
    const b = await view(server, person, a.visitor, 'http://localhost/next');
    expect(b.raw).toBe(a.raw);
    expect(b.r.phones_ttl).toBe((30 + 15) * 60_000);
    // Long after the first lease would have ended, the number is still the visitor's.
    vi.setSystemTime(new Date('2026-01-01T10:40:00Z'));
    expect(liveLeases(server)).toEqual([{ number: a.raw, session_id: a.r.session_id }]);
    vi.setSystemTime(new Date('2026-01-01T10:46:01Z'));
    expect(liveLeases(server)).toEqual([]);
  });

  it('makes the lease full on any other write of the visitor (an event)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const server = await start();
    const person: Client = { ip: '203.0.113.81', ua: SAFARI };
    const a = await view(server, person);
    vi.setSystemTime(new Date('2026-01-01T10:02:00Z'));
    const ev = await post(server, person, a.visitor, [
      { id: wid(), type: 'event', hit: a.hit, at: Date.now(), data: { category: 'c', action: 'click' } },
    ]);
    expect(ev.results[0]).toMatchObject({ success: true });
    vi.setSystemTime(new Date('2026-01-01T10:20:00Z'));
    expect(liveLeases(server)).toEqual([{ number: a.raw, session_id: a.r.session_id }]);
  });

  it('holds the share across two servers on one database, against concurrent first visits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-lease-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    cleanups.push(() => {
      dropDatabase(dbPath);
      rmSync(dir, { recursive: true, force: true });
    });
    const a = await start(undefined, dbPath);
    const b = await start(undefined, dbPath);
    const script: Client = { ip: '198.51.100.99', ua: CHROME };
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => view(i % 2 ? b : a, script)));
    expect(all.filter((v) => POOL.includes(v.raw))).toHaveLength(1);
    expect(liveLeases(a)).toHaveLength(1);
    expect(overflows(a)).toBe(11);
  });

  it('is off with leasePolicy: false (what the server did before: the script takes the whole pool)', async () => {
    const server = await start(false);
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push((await view(server, { ip: '198.51.100.7', ua: CHROME })).raw);
    expect([...seen].sort()).toEqual(POOL);
  });
});

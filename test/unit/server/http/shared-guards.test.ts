import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer, ServerOptions } from '../../../../src/server/app.js';
import { databaseCounters, memoryCounters, type WindowCounters } from '../../../../src/server/store/window-counters.js';
import { openStore, type Store } from '../../../../src/server/store/open.js';
import { FIRST_VISIT_WINDOW_MS } from '../../../../src/server/tracking/first-visits.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { consultantConfig, PASSWORD } from '../consultant-helpers.js';
import { hitWrite, wid } from '../helpers.js';
import { createTestServer } from '../test-server.js';

// The abuse guards (sign-in, visitor credentials, property quotas) share their counters between
// processes: counted in each process's memory, N processes on PostgreSQL behind a load balancer
// would allow N times each limit, and a restart would forget every lock. They live in
// `window_counters` there.

const stores: Store[] = [];
const servers: ConsultantServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const s of stores.splice(0)) await s.close();
  vi.useRealTimers();
});

async function counterKinds(): Promise<[string, WindowCounters][]> {
  const kinds: [string, WindowCounters][] = [['memory', memoryCounters()]];
  const path = freshDbPath();
  const store = await openStore({ path });
  stores.push(store);
  kinds.push([`database (${store.dialect})`, databaseCounters(store.db)]);
  return kinds;
}

describe('window counters', () => {
  it('count within a window from the first count, give back, end, and restart', async () => {
    for (const [kind, c] of await counterKinds()) {
      const t = 1_000_000;
      expect(await c.add('k', 1, 100, t), kind).toEqual({ n: 1, until: t + 100 });
      expect(await c.add('k', 2, 100, t + 50), kind).toEqual({ n: 3, until: t + 100 });
      expect(await c.add('k', -1, 100, t + 60), kind).toEqual({ n: 2, until: t + 100 });
      expect(await c.read('k', t + 99), kind).toEqual({ n: 2, until: t + 100 });
      // Over: nothing to read, nothing to give back to, and the next count starts a new window.
      expect(await c.read('k', t + 100), kind).toBeUndefined();
      expect(await c.add('k', -1, 100, t + 100), kind).toBeUndefined();
      expect(await c.add('k', 1, 100, t + 150), kind).toEqual({ n: 1, until: t + 250 });
      await c.remove('k');
      expect(await c.read('k', t + 150), kind).toBeUndefined();
      await c.add('other', 1, 10, t);
      expect(await c.size(t + 5), kind).toBe(1);
      expect(await c.size(t + 10), kind).toBe(0);
    }
  });

  it('concurrent additions each see the others', async () => {
    for (const [kind, c] of await counterKinds()) {
      const counts = await Promise.all(Array.from({ length: 20 }, () => c.add('busy', 1, 60_000, 5_000)));
      expect(
        counts.map((x) => x!.n).sort((a, b) => a - b),
        kind,
      ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    }
  });
});

/** Two servers on one PostgreSQL database: what two processes behind a load balancer are. */
async function twoServers(
  opts: Partial<ServerOptions>,
): Promise<[ConsultantServer, ConsultantServer, string, () => Promise<ConsultantServer>]> {
  const dbPath = freshDbPath();
  const make = async () => {
    const s = await createTestServer({
      dbPath,
      siteConfig: await consultantConfig(),
      bundleDir: '/nonexistent',
      publicUrl: 'http://svc.test/',
      ...opts,
    });
    servers.push(s);
    return s;
  };
  const a = await make();
  const b = await make();
  return [a, b, dbPath, make];
}

const login = (s: ConsultantServer, email: string, password: string, remoteAddress: string, cookie?: string) =>
  s.app.inject({
    method: 'POST',
    url: '/op/api/login',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { email, password },
  });

describe.runIf(testPostgresUrl)('the guards across server processes on PostgreSQL', () => {
  it('sign-in failures through one process lock the pair in the other, and after a restart', async () => {
    const [a, b, dbPath, restart] = await twoServers({ loginGuard: { maxFailures: 4 } });
    for (let i = 0; i < 2; i++) expect((await login(a, 'anna@example.com', 'bad' + i, '203.0.113.7')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(b, 'anna@example.com', 'bad' + i, '203.0.113.7')).statusCode).toBe(401);
    expect((await login(a, 'anna@example.com', PASSWORD, '203.0.113.7')).statusCode).toBe(429);
    expect((await login(b, 'anna@example.com', PASSWORD, '203.0.113.7')).statusCode).toBe(429);
    // A process started now (a restart) still refuses.
    await a.close();
    servers.splice(servers.indexOf(a), 1);
    const c = await restart();
    expect((await login(c, 'anna@example.com', PASSWORD, '203.0.113.7')).statusCode).toBe(429);
    dropLater(dbPath);
  });

  it('a device trusted by one process is known to the other', async () => {
    const [a, b, dbPath] = await twoServers({ loginGuard: { maxFailures: 2 } });
    const first = await login(a, 'anna@example.com', PASSWORD, '192.0.2.10');
    const device = ([] as string[])
      .concat(first.headers['set-cookie'] ?? [])
      .find((x) => x.startsWith('svc_opd='))!
      .split(';')[0]!;
    for (let i = 0; i < 3; i++) await login(b, 'anna@example.com', 'guess' + i, '192.0.2.10');
    expect((await login(b, 'anna@example.com', PASSWORD, '192.0.2.10')).statusCode).toBe(429);
    expect((await login(b, 'anna@example.com', PASSWORD, '192.0.2.10', device)).statusCode).toBe(200);
    dropLater(dbPath);
  });

  it('failed visitor credentials through one process refuse the address in the other', async () => {
    const [a, b, dbPath] = await twoServers({ credentialGuard: { max: 3 } });
    const vcs = (s: ConsultantServer, hi: number) =>
      s.app.inject({ method: 'GET', url: `/vc/s/?k=nope&ur=x&ci=1&hi=${hi}&vn=x`, remoteAddress: '2001:db8:5::1' });
    expect((await vcs(a, 1)).statusCode).toBe(403);
    expect((await vcs(b, 2)).statusCode).toBe(403);
    expect((await vcs(a, 3)).statusCode).toBe(403);
    expect((await vcs(b, 4)).statusCode).toBe(429);
    dropLater(dbPath);
  });

  it('the hourly property quota of an address holds across processes', async () => {
    const [a, b, dbPath] = await twoServers({ propertyQuota: { charsPerAddressHour: 10_000 }, rateLimits: { ip: 0, visitor: 0 } });
    const post = async (s: ConsultantServer) => {
      const h = hitWrite();
      const res = await s.app.inject({
        method: 'POST',
        url: '/w/site-a',
        remoteAddress: '203.0.113.9',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({
          visitor: null,
          writes: [h, { id: wid(), type: 'property_set', hit: h.id, at: Date.now(), data: { name: 'p', value: 'z'.repeat(4000) } }],
        }),
      });
      const r = res.json() as WriteResponse;
      return r.results[1]!.success;
    };
    // The quota counts in the clock's hours: start at the top of one, so the test never spans two.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    // 4,001 characters each: two fit in 10,000, the third does not, whichever process takes it.
    expect([await post(a), await post(b), await post(a), await post(b)]).toEqual([true, true, false, false]);
    dropLater(dbPath);
  });

  it("the write endpoints' request limit of an address, and the heavy batches' budget, hold across processes", async () => {
    const [a, b, dbPath] = await twoServers({ rateLimits: { ip: 4, visitor: 0, heavyWrites: 30 } });
    const post = (s: ConsultantServer, ip: string, writes: unknown[]) =>
      s.app.inject({
        method: 'POST',
        url: '/w/site-a',
        remoteAddress: ip,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ visitor: null, writes }),
      });
    const view = () => [hitWrite()];
    // The heavy budget counts in minutes of the clock (Date.now): start early in one, so that the
    // two heavy batches never fall into two minutes.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Math.floor(Date.now() / 60_000) + 1) * 60_000 + 20);
    const codes = [];
    for (const s of [a, b, a, b, a]) codes.push((await post(s, '203.0.113.20', view())).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    // 20 writes a batch: the second one, through the other process, is past 30.
    const heavy = () => {
      const h = hitWrite();
      return [
        h,
        ...Array.from({ length: 19 }, (_, i) => ({
          id: wid(),
          type: 'property_set',
          hit: h.id,
          at: Date.now(),
          data: { name: 'p' + i, value: 'v' },
        })),
      ];
    };
    expect((await post(a, '203.0.113.21', heavy())).statusCode).toBe(200);
    expect((await post(b, '203.0.113.21', heavy())).statusCode).toBe(429);
    dropLater(dbPath);
  });

  it('the first visits of an address hold across processes', async () => {
    const [a, b, dbPath] = await twoServers({ rateLimits: { ip: 0, visitor: 0, firstVisits: 3 } });
    const view = (s: ConsultantServer) =>
      s.app.inject({
        method: 'POST',
        url: '/w/site-a',
        remoteAddress: '203.0.113.22',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ visitor: null, writes: [hitWrite()] }),
      });
    // The limit counts in windows of the clock (Date.now): start early in one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Math.floor(Date.now() / FIRST_VISIT_WINDOW_MS) + 1) * FIRST_VISIT_WINDOW_MS + 20);
    const codes = [];
    for (const s of [a, b, a, b]) codes.push((await view(s)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    dropLater(dbPath);
  }, 30_000);
});

/** The shared schema is dropped once both servers have closed (afterEach closes them first). */
function dropLater(dbPath: string) {
  servers.push({ close: async () => dropDatabase(dbPath) } as ConsultantServer);
}

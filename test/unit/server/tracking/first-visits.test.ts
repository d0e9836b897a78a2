import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import type { WriteLimits } from '../../../../src/server/http/rate-limits.js';
import { FIRST_VISIT_WINDOW_MS } from '../../../../src/server/tracking/first-visits.js';
import { HEAVY_BODY_BYTES } from '../../../../src/server/ingest/heavy-batches.js';
import { hitWrite, testConfig, testServer, wid } from '../helpers.js';

// The abuse bench: the request limit of `w/` (1,200 a minute per address) let one
// script make 1,200 first visits a minute, each a visitor, a session and a DT lease decision, and
// moved every other visitor's page-view p99 five times up (tracking/first-visits.ts). And refused
// requests were read and parsed whole before the refusal (http/rate-limits.ts, ingest/route.ts).

let server: ConsultantServer | undefined;
// The limits count in windows of the clock (Date.now): the tests set it rather than wait for a window.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.useRealTimers();
});

async function start(rateLimits: WriteLimits) {
  server = await testServer(testConfig, { rateLimits });
  return server;
}

function send(s: ConsultantServer, body: unknown, ip: string, site = 'site-a') {
  return s.app.inject({
    method: 'POST',
    url: '/w/' + site,
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const firstVisit = (s: ConsultantServer, ip: string, site = 'site-a') =>
  send(s, { visitor: null, writes: [hitWrite(site === 'site-a' ? 'http://localhost/' : 'http://other.example/')] }, ip, site);

async function count(s: ConsultantServer, table: 'visitors' | 'sessions' | 'hits'): Promise<number> {
  const row = await s.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The limit counts in clock windows: a test starts early in one, so that its requests share it. */
function earlyInWindow(): void {
  vi.setSystemTime((Math.floor(Date.now() / FIRST_VISIT_WINDOW_MS) + 1) * FIRST_VISIT_WINDOW_MS + 20);
}

describe('first visits per site and address', () => {
  it('past the limit a first visit gets 429 with Retry-After and stores nothing; others go on', async () => {
    const s = await start({ firstVisits: 3 });
    const known = (await firstVisit(s, '192.0.2.250')).json() as WriteResponse;
    earlyInWindow();
    for (let i = 0; i < 3; i++) expect((await firstVisit(s, '203.0.113.5')).statusCode).toBe(200);
    const [visitors, sessions, hits] = [await count(s, 'visitors'), await count(s, 'sessions'), await count(s, 'hits')];
    const res = await firstVisit(s, '203.0.113.5');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^429002: /) });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(FIRST_VISIT_WINDOW_MS / 1000);
    expect([await count(s, 'visitors'), await count(s, 'sessions'), await count(s, 'hits')]).toEqual([visitors, sessions, hits]);
    // Another address, another site from the same address, and a known visitor from it go on.
    expect((await firstVisit(s, '203.0.113.6')).statusCode).toBe(200);
    expect((await firstVisit(s, '203.0.113.5', 'site-b')).statusCode).toBe(200);
    expect((await send(s, { visitor: known.visitor, writes: [hitWrite()] }, '203.0.113.5')).statusCode).toBe(200);
  });

  it('takes the page view again in the next window (what the outbox does after Retry-After)', async () => {
    const s = await start({ firstVisits: 1 });
    earlyInWindow();
    expect((await firstVisit(s, '203.0.113.7')).statusCode).toBe(200);
    const refused = hitWrite();
    const res = await send(s, { visitor: null, writes: [refused] }, '203.0.113.7');
    expect(res.statusCode).toBe(429);
    vi.setSystemTime(Date.now() + Number(res.headers['retry-after']) * 1000);
    const again = await send(s, { visitor: null, writes: [refused] }, '203.0.113.7');
    expect(again.statusCode).toBe(200);
    expect((again.json() as WriteResponse).results[0]).toMatchObject({ id: refused.id, success: true });
  });

  it('counts a page view naming a visitor the server does not know: a made-up visitor is a first visit too', async () => {
    const s = await start({ firstVisits: 3 });
    earlyInWindow();
    const madeUp = (i: number) => ({ visitor: { id: 2 ** 40 + i, token: 'f'.repeat(32) }, writes: [hitWrite()] });
    for (let i = 0; i < 3; i++) expect((await send(s, madeUp(i), '203.0.113.8')).statusCode).toBe(200);
    const visitors = await count(s, 'visitors');
    expect((await send(s, madeUp(3), '203.0.113.8')).statusCode).toBe(429);
    expect((await firstVisit(s, '203.0.113.8')).statusCode).toBe(429);
    expect(await count(s, 'visitors')).toBe(visitors);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const s = await start({ firstVisits: 2 });
    earlyInWindow();
    expect((await firstVisit(s, '2001:db8:5:6::1')).statusCode).toBe(200);
    expect((await firstVisit(s, '2001:db8:5:6:ffff::2')).statusCode).toBe(200);
    expect((await firstVisit(s, '2001:db8:5:6::3')).statusCode).toBe(429);
    expect((await firstVisit(s, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('0 turns it off', async () => {
    const s = await start({ firstVisits: 0 });
    for (let i = 0; i < 15; i++) expect((await firstVisit(s, '203.0.113.9')).statusCode).toBe(200);
  });

  it('defaults to 10 per window', async () => {
    const s = await start({});
    earlyInWindow();
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await firstVisit(s, '203.0.113.10')).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('refusals before the body is read', () => {
  it('past the address limit a request is refused unparsed: a malformed body gets 429, not 400', async () => {
    const s = await start({ ip: 2, visitor: 0 });
    for (let i = 0; i < 2; i++) expect((await firstVisit(s, '203.0.113.11')).statusCode).toBe(200);
    const res = await send(s, '{"visitor": null, "writes": [', '203.0.113.11');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address's malformed body is still read, and answered as such.
    expect((await send(s, '{"visitor": null, "writes": [', '203.0.113.12')).statusCode).toBe(400);
  });

  it('once the heavy-batch budget is spent, a long body is refused unread and a short one is read', async () => {
    const s = await start({ ip: 0, visitor: 0, heavyWrites: 100, firstVisits: 0 });
    // The budget counts per clock minute: the test starts early in one.
    vi.setSystemTime((Math.floor(Date.now() / 60_000) + 1) * 60_000 + 20);
    const first = hitWrite();
    const v = ((await send(s, { visitor: null, writes: [first] }, '203.0.113.13')).json() as WriteResponse).visitor!;
    const prop = (k: number) => ({
      id: wid(),
      type: 'property_set',
      hit: first.id,
      at: Date.now(),
      data: { name: 'p' + (k % 40), value: 'v' },
    });
    const batch = () => ({ visitor: v, writes: Array.from({ length: 50 }, (_, k) => prop(k)) });
    expect((await send(s, batch(), '203.0.113.13')).statusCode).toBe(200);
    expect((await send(s, batch(), '203.0.113.13')).statusCode).toBe(200);
    // Malformed, so that only a refusal before parsing answers 429.
    const long = '{"visitor": null, "writes": [' + ' '.repeat(HEAVY_BODY_BYTES);
    const res = await send(s, long, '203.0.113.13');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await send(s, '{"visitor": null, "writes": [', '203.0.113.13')).statusCode).toBe(400);
    // A small batch from the address is taken; another address's long body is read.
    expect((await send(s, { visitor: v, writes: [prop(1)] }, '203.0.113.13')).statusCode).toBe(200);
    expect((await send(s, long, '203.0.113.14')).statusCode).toBe(400);
  });
});

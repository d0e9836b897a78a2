import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import type { WriteLimits } from '../../../../src/server/http/rate-limits.js';
import { hitWrite, testConfig, testServer, wid } from '../helpers.js';

let server: ConsultantServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(rateLimits: WriteLimits) {
  server = await testServer(testConfig, { rateLimits });
  return server;
}

const post = (body: unknown, ip: string, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/w/site-a',
  remoteAddress: ip,
  headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
  payload: JSON.stringify(body),
});

/** A visitor of site-a with a page view, made from an address the tests do not count. */
async function visitor(s: ConsultantServer) {
  const h = hitWrite();
  const r = (await s.app.inject(post({ visitor: null, writes: [h] }, '192.0.2.250'))).json() as WriteResponse;
  return { ref: r.visitor!, hit: h.id, creds: r.results[0]!.result as HitResult };
}
const event = (hit: string) => ({ id: wid(), type: 'event', hit, at: Date.now(), data: { category: 'c', action: 'a' } });

function expect429(res: Awaited<ReturnType<ConsultantServer['app']['inject']>>, windowS: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/^429002: Too many requests; retry after \d+ s$/) });
  const after = Number(res.headers['retry-after']);
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThanOrEqual(windowS);
}

describe('rate limits of the write endpoints', () => {
  it('per IP: past the limit a 429 with Retry-After and CORS headers; other addresses go on', async () => {
    const s = await start({ ip: 3, visitor: 0 });
    const origin = { origin: 'http://localhost' };
    for (let i = 0; i < 3; i++)
      expect((await s.app.inject(post({ visitor: null, writes: [hitWrite()] }, '198.51.100.1', origin))).statusCode).toBe(200);
    const refused = hitWrite();
    const res = await s.app.inject(post({ visitor: null, writes: [refused] }, '198.51.100.1', origin));
    expect429(res, 60);
    // The page can read the refusal and its Retry-After: the outbox keeps the writes till then.
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost');
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/retry-after/i);
    expect(s.db.prepare('SELECT count(*) n FROM hits WHERE client_id = ?').get(refused.id)).toEqual({ n: 0 });
    expect((await s.app.inject(post({ visitor: null, writes: [hitWrite()] }, '198.51.100.2'))).statusCode).toBe(200);
    // IPv6: one /64 is one client.
    for (let i = 0; i < 3; i++)
      expect((await s.app.inject(post({ visitor: null, writes: [hitWrite()] }, `2001:db8::${i + 1}`))).statusCode).toBe(200);
    expect((await s.app.inject(post({ visitor: null, writes: [hitWrite()] }, '2001:db8::ff'))).statusCode).toBe(429);
  });

  it('per visitor: one visitor from many addresses is held, another visitor is not', async () => {
    const s = await start({ ip: 0, visitor: 4 });
    const v = await visitor(s);
    for (let i = 0; i < 4; i++)
      expect((await s.app.inject(post({ visitor: v.ref, writes: [event(v.hit)] }, `203.0.113.${i}`))).statusCode).toBe(200);
    expect429(await s.app.inject(post({ visitor: v.ref, writes: [event(v.hit)] }, '203.0.113.99')), 60);
    // Naming the visitor's id with another token is not that visitor: it cannot use up its allowance.
    const w2 = await visitor(s);
    expect((await s.app.inject(post({ visitor: w2.ref, writes: [event(w2.hit)] }, '203.0.113.1'))).statusCode).toBe(200);
    expect(
      (await s.app.inject(post({ visitor: { id: w2.ref.id, token: 'f'.repeat(32) }, writes: [hitWrite()] }, '203.0.113.1'))).statusCode,
    ).toBe(200);
  });

  it('the window ends and writes are taken again', async () => {
    // Long enough for the first write to end inside it on a busy machine (its page view's work is
    // counted in it); then writes are taken again, and not before the window has ended.
    const windowMs = 2_000;
    const s = await start({ ip: 1, visitor: 0, windowMs });
    const write = async () => (await s.app.inject(post({ visitor: null, writes: [hitWrite()] }, '198.51.100.7'))).statusCode;
    const started = Date.now();
    expect(await write()).toBe(200);
    expect(await write()).toBe(429);
    await expect.poll(write, { timeout: windowMs + 5_000, interval: 100 }).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(windowMs - 50);
  });

  it('add_offline_message and vc/s are limited per IP and per visitor too', async () => {
    const routes = await start({});
    expect([...routes.limitedRoutes].sort()).toEqual(['GET /vc/s/', 'HEAD /vc/s/', 'POST /api/add_offline_message/', 'POST /w/:siteKey']);
    for (const kind of ['ip', 'visitor'] as const) {
      const s = await start(kind === 'ip' ? { ip: 2, visitor: 0 } : { ip: 0, visitor: 2 });
      const v = await visitor(s);
      const c = v.creds;
      const ipOf = (i: number) => (kind === 'ip' ? '198.51.100.9' : `198.51.100.${10 + i}`);
      const offline = (i: number): InjectOptions => ({
        method: 'POST',
        url: '/api/add_offline_message/',
        remoteAddress: ipOf(i),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          key: c.key,
          uri: c.uri,
          visitor_id: String(c.visitor_id),
          hit_id: String(c.hit_id),
          session_id: String(c.session_id),
          name: `n${i}`,
        }).toString(),
      });
      const vcs = (i: number): InjectOptions => ({
        method: 'GET',
        url: `/vc/s/?k=${c.key}&ur=${c.uri}&ci=${c.visitor_id}&hi=${c.hit_id}&vn=n${i}`,
        remoteAddress: ipOf(i),
        headers: { origin: 'http://anywhere.example' },
      });
      for (const req of [offline, vcs]) {
        for (let i = 0; i < 2; i++) {
          const ok = await s.app.inject(req(i));
          expect(ok.statusCode, `${kind} ${i} ${ok.body}`).toBe(200);
        }
        const res = await s.app.inject(req(2));
        expect429(res, 60);
        if (req === vcs) expect(res.headers['access-control-allow-origin']).toBe('*');
      }
      expect((s.db.prepare('SELECT count(*) n FROM offline_messages').get() as { n: number }).n).toBe(2);
      await s.close();
      server = undefined;
    }
  });

  it('0 turns a limit off', async () => {
    const s = await start({ ip: 0, visitor: 0 });
    const v = await visitor(s);
    for (let i = 0; i < 30; i++)
      expect((await s.app.inject(post({ visitor: v.ref, writes: [event(v.hit)] }, '198.51.100.3'))).statusCode).toBe(200);
  });
});

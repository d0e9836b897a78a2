import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { REFUSAL_HOLD_DEFAULTS, type RefusalHold } from '../../../../src/server/http/refusal-hold.js';
import { hitWrite, testConfig, testServer } from '../helpers.js';

/**
 * The refusal hold (http/refusal-hold.ts): a client past a limit waits for its 429, so a flood's
 * connections send one request per hold each; answers that are no refusal are never held, and no
 * more than `max` refusals wait at once.
 */

let server: ConsultantServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(refusalHold?: RefusalHold) {
  server = await testServer(testConfig, { rateLimits: { ip: 1, visitor: 0, firstVisits: 0 }, ...(refusalHold && { refusalHold }) });
  return server;
}

const pageView = (ip: string): InjectOptions => ({
  method: 'POST',
  url: '/w/site-a',
  remoteAddress: ip,
  headers: { 'content-type': 'text/plain;charset=UTF-8' },
  payload: JSON.stringify({ visitor: null, writes: [hitWrite()] }),
});

/** The status and how long the answer took, ms. */
async function timed(s: ConsultantServer, req: InjectOptions) {
  const t = performance.now();
  const res = await s.app.inject(req);
  return { status: res.statusCode, ms: performance.now() - t, retryAfter: res.headers['retry-after'] };
}

describe('refusal hold', () => {
  it('holds a 429 for its time, with its Retry-After; an answer that is no refusal is not held', async () => {
    // A hold far longer than a page view takes on a busy machine (0.6 s seen on PostgreSQL under a load of 15), and a first page view from another
    // address before the measured ones, so that the database's cold start is not taken for a hold.
    const s = await start({ ms: 3000 });
    expect((await timed(s, pageView('198.51.100.9'))).status).toBe(200);
    const ok = await timed(s, pageView('198.51.100.1'));
    expect(ok.status).toBe(200);
    expect(ok.ms).toBeLessThan(3000);
    const refused = await timed(s, pageView('198.51.100.1'));
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeDefined();
    expect(refused.ms).toBeGreaterThanOrEqual(2990);
    // Another address is not held behind it.
    const other = await timed(s, pageView('198.51.100.2'));
    expect(other.status).toBe(200);
    expect(other.ms).toBeLessThan(3000);
  });

  it('holds at most `max` refusals at once; past that a refusal is answered at once', async () => {
    const s = await start({ ms: 1500, max: 2 });
    expect((await timed(s, pageView('198.51.100.3'))).status).toBe(200);
    const all = await Promise.all([0, 1, 2, 3].map(() => timed(s, pageView('198.51.100.3'))));
    expect(all.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    const held = all.filter((r) => r.ms >= 1490).length;
    expect(held).toBe(2);
  });

  it('is off unless given (createServer); the server command turns it on', async () => {
    const s = await start();
    expect((await timed(s, pageView('198.51.100.4'))).status).toBe(200);
    const refused = await timed(s, pageView('198.51.100.4'));
    expect(refused.status).toBe(429);
    // Not held for the second the server command holds a refusal by default.
    expect(refused.ms).toBeLessThan(REFUSAL_HOLD_DEFAULTS.ms);
  });
});

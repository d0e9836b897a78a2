import Fastify from 'fastify';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createTestServer } from '../test-server.js';
import { openSse, sseSupport, type StreamLimits } from '../../../../src/server/http/sse.js';
import type { WriteResponse } from '../../../../src/protocol.js';
import { hitWrite, testConfig } from '../helpers.js';

// Open event streams are capped: without a cap, 1,100 `GET /os/<site_key>` from one client use up
// the process's file descriptors, and `/health` and `svc.js` stop answering.

let server: ConsultantServer | undefined;
const streams: AbortController[] = [];
afterEach(async () => {
  for (const c of streams.splice(0)) c.abort();
  await server?.close();
  server = undefined;
});

async function start(streamLimits: StreamLimits) {
  server = await createTestServer({ dbPath: ':memory:', siteConfig: testConfig, bundleDir: '/nonexistent', streamLimits });
  return server.listen(0, '127.0.0.1');
}

/** Opens a stream and waits for its answer's head; the stream stays open until the test ends. */
async function open(url: string) {
  const ctl = new AbortController();
  streams.push(ctl);
  const res = await fetch(url, { signal: ctl.signal });
  return { res, ctl };
}

describe('event streams', () => {
  it('are capped per address: past the cap 429 with the envelope and Retry-After; /health still answers', async () => {
    const base = await start({ perAddress: 3, total: 100 });
    const ok = [];
    for (let i = 0; i < 3; i++) ok.push(await open(base + 'os/site-a'));
    expect(ok.map((s) => s.res.status)).toEqual([200, 200, 200]);
    const refused = await open(base + 'os/site-a');
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get('retry-after')).toBe('30');
    expect(await refused.res.json()).toEqual({ success: false, message: '429003: Too many open streams from this address' });
    // The chat stream counts toward the same cap.
    const view = await fetch(base + 'w/site-a', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ visitor: null, writes: [hitWrite()] }),
    });
    const { visitor } = (await view.json()) as WriteResponse;
    expect((await open(`${base}c/site-a?v=${visitor!.id}&t=${visitor!.token}`)).res.status).toBe(429);
    // Refused before the route does any work (no site lookup, no visitor read): an unknown site or
    // visitor, a console stream without a sign-in get the same 429, not 404, 403 or 401.
    expect((await open(base + 'os/no-such-site')).res.status).toBe(429);
    expect((await open(`${base}c/site-a?v=1&t=wrong`)).res.status).toBe(429);
    expect((await open(base + 'op/api/stream')).res.status).toBe(429);
    expect((await fetch(base + 'health')).status).toBe(200);
    // A closed stream gives its place back.
    ok[0]!.ctl.abort();
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = (await open(base + 'os/site-a')).res.status;
    }
    expect(again).toBe(200);
  });

  it('end unopened when the client left while the route was still reading, and give its place back', async () => {
    // A route reads (a session, a site) before it opens its stream; a client that goes meanwhile
    // has closed its connection before the stream could listen for that.
    // The test's fetch keeps its aborted connections a few seconds: close() does not wait for them.
    const app = Fastify({ forceCloseConnections: true });
    sseSupport(app, { perAddress: 1, total: 10 });
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let waiting = (_gone: { closed: Promise<unknown> }) => {};
    const arrived = new Promise<{ closed: Promise<unknown> }>((r) => (waiting = r));
    let ended = 0;
    app.get<{ Querystring: { slow?: string } }>('/stream', async (req, reply) => {
      if (req.query.slow) {
        waiting({ closed: once(reply.raw, 'close') });
        await gate;
      }
      const sse = openSse(app, reply, () => ended++);
      sse.send(null, 'open');
    });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const ctl = new AbortController();
      void fetch(base + '/stream?slow=1', { signal: ctl.signal }).catch(() => undefined);
      const { closed } = await arrived;
      ctl.abort();
      await closed;
      release();
      await expect.poll(() => ended).toBe(1);
      // The address's one place is free: the next stream opens and says its first event.
      const next = new AbortController();
      const res = await fetch(base + '/stream', { signal: next.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('data: open')) text += (await reader.read()).value ?? '';
      next.abort();
      await expect.poll(() => ended).toBe(2);
    } finally {
      release();
      await app.close();
    }
  });

  it('are capped in total: past it 503', async () => {
    const base = await start({ perAddress: 100, total: 4 });
    for (let i = 0; i < 4; i++) expect((await open(base + 'os/site-a')).res.status).toBe(200);
    const refused = await open(base + 'os/site-a');
    expect(refused.res.status).toBe(503);
    expect((await refused.res.json()).message).toMatch(/^503002: /);
    expect((await fetch(base + 'health')).status).toBe(200);
  });
});

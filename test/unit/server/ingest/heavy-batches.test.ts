import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { memoryCounters } from '../../../../src/server/store/window-counters.js';
import { heavyBatches, STEP_WRITES } from '../../../../src/server/ingest/heavy-batches.js';
import { createTestServer } from '../test-server.js';
import { hitWrite, testConfig, wid } from '../helpers.js';

// The abuse bench: a batch of 50 chat messages or properties held the event loop for
// tens of milliseconds, page views waited behind all of it, and the request limit let 50 times
// as many such writes through as small batches. ingest/heavy-batches.ts stores them in steps and
// gives each address a budget of them.

let server: ConsultantServer;
beforeEach(async () => {
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: testConfig,
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    rateLimits: { ip: 0, visitor: 0, heavyWrites: 100 },
  });
});
afterEach(async () => {
  await server.close();
});

async function post(body: unknown, ip = '203.0.113.9') {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify(body),
  });
  return res;
}
const chat = (hit: string, text: string) => ({ id: wid(), type: 'chat_message', hit, at: Date.now(), data: { text } });
const prop = (hit: string, name: string) => ({ id: wid(), type: 'property_set', hit, at: Date.now(), data: { name, value: 'v' } });

async function firstVisit(ip: string) {
  const h = hitWrite();
  const r = (await post({ visitor: null, writes: [h] }, ip)).json() as WriteResponse;
  return { visitor: r.visitor!, hit: h.id };
}

async function storedWrites(ids: string[]): Promise<number> {
  const rows = await server.store.db.selectFrom('client_writes').select('id').where('id', 'in', ids).execute();
  return rows.length;
}

describe('a batch of more than STEP_WRITES writes', () => {
  it('lets page views that arrive with it through before it is done, and keeps its own order', async () => {
    // Three visitors send 40 chat messages each at once, then a fourth visitor a page view.
    const senders = await Promise.all(['198.51.100.1', '198.51.100.2', '198.51.100.3'].map(firstVisit));
    const viewer = await firstVisit('198.51.100.4');
    const done: string[] = [];
    const heavy = senders.map((s, i) => {
      const writes = Array.from({ length: 40 }, (_, k) => chat(s.hit, `visitor ${i} message ${k}`));
      return post({ visitor: s.visitor, writes }, `198.51.100.${i + 1}`).then((res) => {
        done.push('heavy ' + i);
        return { res, writes };
      });
    });
    const view = post({ visitor: viewer.visitor, writes: [hitWrite('http://localhost/next')] }, '198.51.100.4').then((res) => {
      done.push('page view');
      return res;
    });
    const [views, ...batches] = await Promise.all([view, ...heavy]);
    expect((views.json() as WriteResponse).results[0]!.success).toBe(true);
    // Before: the page view joined the group of the three batches and was answered after them.
    expect(done[0]).toBe('page view');
    for (const [i, b] of batches.entries()) {
      const r = b.res.json() as WriteResponse;
      expect(r.results.map((x) => x.id)).toEqual(b.writes.map((w) => w.id));
      expect(r.results.every((x) => x.success)).toBe(true);
      const texts = await server.store.db
        .selectFrom('chat_messages')
        .innerJoin('chats', 'chats.id', 'chat_messages.chat_id')
        .select('chat_messages.message')
        .where('chats.visitor_id', '=', senders[i]!.visitor.id)
        .orderBy('chat_messages.id')
        .execute();
      expect(texts.map((t) => t.message)).toEqual(b.writes.map((w) => w.data.text));
    }
  });

  it("carries a first visit's visitor from step to step, and a retry stores nothing twice", async () => {
    const h = hitWrite();
    const writes = [h, ...Array.from({ length: 3 * STEP_WRITES }, (_, i) => prop(h.id, 'p' + i))];
    const first = (await post({ visitor: null, writes })).json() as WriteResponse;
    expect(first.visitor).not.toBeNull();
    expect(first.results.every((x) => x.success)).toBe(true);
    const again = (await post({ visitor: null, writes })).json() as WriteResponse;
    expect(again.visitor).toEqual(first.visitor);
    expect(again.results).toEqual(first.results);
    const props = await server.store.db
      .selectFrom('visitor_properties')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('visitor_id', '=', first.visitor!.id)
      .executeTakeFirstOrThrow();
    expect(Number(props.n)).toBe(3 * STEP_WRITES);
  });
});

describe('the budget of heavy batches per address', () => {
  // The budget is the clock minute's: each test runs within one, however slow the machine, from
  // a second after a minute begins.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a batch past it whole with 429 and Retry-After, storing nothing of it', async () => {
    const a = await firstVisit('203.0.113.5');
    const batch = () => Array.from({ length: 50 }, (_, k) => prop(a.hit, 'n' + (k % 40)));
    expect((await post({ visitor: a.visitor, writes: batch() }, '203.0.113.5')).statusCode).toBe(200);
    expect((await post({ visitor: a.visitor, writes: batch() }, '203.0.113.5')).statusCode).toBe(200);
    const refused = batch();
    const res = await post({ visitor: a.visitor, writes: refused }, '203.0.113.5');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^429002: /) });
    expect(await storedWrites(refused.map((w) => w.id))).toBe(0);
    // Small batches do not count and are not refused; another address has a budget of its own.
    const small = Array.from({ length: STEP_WRITES }, (_, k) => prop(a.hit, 's' + k));
    expect((await post({ visitor: a.visitor, writes: small }, '203.0.113.5')).statusCode).toBe(200);
    expect((await post({ visitor: a.visitor, writes: batch() }, '203.0.113.6')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const a = await firstVisit('2001:db8:1:2::1');
    const batch = () => Array.from({ length: 50 }, (_, k) => prop(a.hit, 'n' + (k % 40)));
    expect((await post({ visitor: a.visitor, writes: batch() }, '2001:db8:1:2::1')).statusCode).toBe(200);
    expect((await post({ visitor: a.visitor, writes: batch() }, '2001:db8:1:2:ffff::9')).statusCode).toBe(200);
    expect((await post({ visitor: a.visitor, writes: batch() }, '2001:db8:1:2::2')).statusCode).toBe(429);
    expect((await post({ visitor: a.visitor, writes: batch() }, '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('the turnstile of heavy steps', () => {
  it('lets the next step start only after a pause as long as the step before took', async () => {
    const heavy = heavyBatches(memoryCounters());
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    let firstEnded = 0;
    let secondStarted = 0;
    await Promise.all([
      heavy.step(async () => {
        busy(30);
        firstEnded = performance.now();
      }),
      heavy.step(async () => {
        secondStarted = performance.now();
      }),
    ]);
    // Timers may fire a little early; a step right after the other would start within a turn.
    expect(secondStarted - firstEnded).toBeGreaterThanOrEqual(25);
  });
});

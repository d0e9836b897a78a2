// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Write, WriteResult } from '../../../src/protocol.js';
import type * as OutboxModule from '../../../src/snippet/outbox.js';

/**
 * The outbox against a scripted server: fetch is stubbed so each test decides what every request
 * gets (an answer, a status, a network error) and when. The e2e suite runs the real server.
 */

interface Req {
  url: string;
  body: { visitor: unknown; writes: Write[] };
  keepalive: boolean;
  resolve(r: Response): void;
  reject(e: unknown): void;
}

let reqs: Req[];
let beacons: Array<{ url: string; body: { writes: Write[] } }>;
let warn: MockInstance<typeof console.warn>;
const listeners: Array<[EventTarget, string, EventListenerOrEventListenerObject]> = [];
const token = 't'.repeat(32);

type Outbox = typeof OutboxModule;

/**
 * A fresh snippet instance (a page, or a tab) started for site-a. `first`: what the page does in
 * the task that starts it (the snippet queues its page view there): sending waits for the end of
 * that task (a microtask), so those writes travel with the stored ones.
 */
async function page(first?: (o: Outbox) => void) {
  vi.resetModules();
  const outbox = await import('../../../src/snippet/outbox.js');
  const { _state } = await import('../../../src/snippet/state.js');
  Object.assign(_state, { _key: 'site-a', _host: 'http://svc.test/', _started: true, _sending: true, _hit: 'hit00000001' });
  outbox._loadOutbox();
  first?.(outbox);
  return { ...outbox, state: _state };
}

/** Answers a request as the server does: every write stored, unless `refuse` names it. */
function answer(r: Req, refuse: string[] = [], extra: Partial<WriteResult> = {}) {
  const results = r.body.writes.map((w) =>
    refuse.includes(w.id) ? { id: w.id, success: false, code: 'invalid: x' } : { id: w.id, success: true, ...extra },
  );
  r.resolve(new Response(JSON.stringify({ success: true, visitor: { id: 7, token }, results }), { status: 200 }));
}

function fail(r: Req, status: number, headers: Record<string, string> = {}) {
  r.resolve(new Response(JSON.stringify({ success: false, message: `${status}000: nope` }), { status, headers }));
}

/** The site's storage record (`_svc_<key>`): visitor `v`, writes `w`, cached numbers `p`/`u`. */
const record = () => JSON.parse(localStorage.getItem('_svc_site-a') || '{}');
const stored = (): Write[] => record().w || [];
const types = (r: Req) => r.body.writes.map((w) => (w.data as { n?: number }).n ?? w.type);
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  // happy-dom's AbortSignal.timeout runs on real timers: the same signal here, on the fake clock.
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), ms);
    return ctl.signal;
  });
  localStorage.clear();
  reqs = [];
  beacons = [];
  vi.stubGlobal(
    'fetch',
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        reqs.push({ url, body: JSON.parse(init.body as string), keepalive: !!init.keepalive, resolve, reject });
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => (beacons.push({ url, body: JSON.parse(body) }), true),
  });
  // Each page() adds its own listeners to the one test window: take them away after each test.
  for (const t of [window, document]) {
    const add = t.addEventListener.bind(t);
    vi.spyOn(t, 'addEventListener').mockImplementation((type: string, fn: EventListenerOrEventListenerObject, o?: unknown) => {
      listeners.push([t, type, fn]);
      add(type, fn, o as AddEventListenerOptions);
    });
  }
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  for (const [t, type, fn] of listeners.splice(0)) t.removeEventListener(type, fn);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('outbox', () => {
  it('sends writes in order, one request at a time, and keeps them stored until confirmed', async () => {
    const p = await page();
    const got: WriteResult[] = [];
    p._add('event', { n: 1 } as never, (r) => got.push(r));
    p._add('event', { n: 2 } as never);
    await tick();
    expect(reqs).toHaveLength(1);
    expect(types(reqs[0]!)).toEqual([1, 2]);
    expect(reqs[0]!.url).toBe('http://svc.test/w/site-a');
    expect(reqs[0]!.keepalive).toBe(true);
    p._add('event', { n: 3 } as never);
    await tick(5000);
    expect(reqs).toHaveLength(1); // the third waits for the first request's answer
    expect(stored().map((w) => (w.data as { n: number }).n)).toEqual([1, 2, 3]);
    answer(reqs[0]!);
    await tick();
    expect(got).toEqual([{ id: expect.any(String), success: true }]);
    expect(reqs).toHaveLength(2);
    expect(types(reqs[1]!)).toEqual([3]);
    // The visitor the server named is sent from now on and kept in localStorage (no cookie).
    expect(reqs[1]!.body.visitor).toEqual({ id: 7, token });
    expect(record().v).toEqual({ id: 7, token });
    expect(document.cookie).toBe('');
    expect(stored().map((w) => (w.data as { n: number }).n)).toEqual([3]);
    answer(reqs[1]!);
    await tick();
    expect(record()).toEqual({ v: { id: 7, token }, w: [] });
  });

  it('sends the stored visitor as stored and keeps the other parts of the record', async () => {
    const v = { id: 5, token: 'x'.repeat(20) };
    const cached = { p: [{ id: 'number=74951234567', raw: '74957770011' }], u: Date.now() + 60000 };
    localStorage.setItem('_svc_site-a', JSON.stringify({ v, ...cached }));
    const p = await page();
    p._add('event', { n: 1 } as never);
    await tick();
    expect(reqs[0]!.body.visitor).toEqual(v);
    expect(record()).toMatchObject({ v, ...cached, w: [expect.objectContaining({ data: { n: 1 } })] });
    answer(reqs[0]!);
    await tick();
    expect(record()).toEqual({ v: { id: 7, token }, ...cached, w: [] });
  });

  it('reads an unreadable record as empty and starts a new one', async () => {
    for (const junk of ['{oops', '5', 'null', '"text"', '[1,2]']) {
      localStorage.setItem('_svc_site-a', junk);
      reqs = [];
      const p = await page();
      p._add('event', { n: 1 } as never);
      await tick();
      expect(reqs[0]!.body.visitor, junk).toBeNull();
      expect(types(reqs[0]!)).toEqual([1]);
      expect(stored().map((w) => (w.data as { n: number }).n)).toEqual([1]);
    }
  });

  it('backs off exponentially with jitter after network errors, up to a minute', async () => {
    const p = await page();
    const rnd = vi.spyOn(Math, 'random').mockReturnValue(0); // the shortest jitter: half the base
    p._add('event', { n: 1 } as never);
    await tick();
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      reqs.at(-1)!.reject(new TypeError('Failed to fetch'));
      await tick();
      const before = reqs.length;
      let waited = 0;
      while (reqs.length === before) {
        await tick(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    // The longest jitter: one and a half times the base, the base capped at a minute.
    rnd.mockReturnValue(0.999);
    reqs.at(-1)!.reject(new TypeError('Failed to fetch'));
    await tick(89000);
    expect(reqs).toHaveLength(10);
    await tick(1000);
    expect(reqs).toHaveLength(11);
    // Success resets the back-off.
    answer(reqs.at(-1)!);
    await tick();
    expect(stored()).toEqual([]);
  });

  it('waits as long as Retry-After says, and retries a request that timed out', async () => {
    const p = await page();
    p._add('event', { n: 1 } as never);
    await tick();
    fail(reqs[0]!, 503, { 'Retry-After': '7' });
    await tick(6900);
    expect(reqs).toHaveLength(1);
    await tick(100);
    expect(reqs).toHaveLength(2);
    // No answer within 10 s: the request is aborted and tried again (the second failure: 1-3 s).
    await tick(10000);
    await tick(3000);
    expect(reqs.length).toBeGreaterThanOrEqual(3);
    expect(types(reqs.at(-1)!)).toEqual([1]);
  });

  it('writes made during a back-off wait for the retry instead of cutting it short', async () => {
    const p = await page();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    p._add('event', { n: 1 } as never);
    await tick();
    for (let i = 0; i < 3; i++) {
      reqs.at(-1)!.reject(new TypeError('Failed to fetch'));
      await tick();
      await tick(500 * 2 ** i);
    }
    expect(reqs).toHaveLength(4);
    reqs.at(-1)!.reject(new TypeError('Failed to fetch'));
    await tick();
    // The fourth back-off is 4 s; a burst of writes meanwhile sends nothing and does not lengthen it.
    for (let n = 2; n < 12; n++) p._add('event', { n } as never);
    await tick(3900);
    expect(reqs).toHaveLength(4);
    await tick(100);
    expect(reqs).toHaveLength(5);
    expect(types(reqs[4]!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('starts again at once when the browser comes back online', async () => {
    const p = await page();
    p._add('event', { n: 1 } as never);
    await tick();
    for (let i = 0; i < 5; i++) {
      reqs.at(-1)!.reject(new TypeError('offline'));
      await tick(60000);
    }
    const n = reqs.length;
    reqs.at(-1)!.reject(new TypeError('offline'));
    await tick();
    window.dispatchEvent(new Event('online'));
    await tick();
    expect(reqs).toHaveLength(n + 1);
  });

  it('sends what an earlier page left, first, on the next page load', async () => {
    const a = await page();
    a._add('hit', { n: 1 } as never);
    a._add('event', { n: 2 } as never);
    await tick();
    reqs[0]!.reject(new TypeError('offline'));
    await tick();
    // The page is gone; the next one loads the stored writes before its own.
    reqs = [];
    vi.clearAllTimers();
    await page((b) => b._add('hit', { n: 3 } as never));
    await tick();
    expect(reqs).toHaveLength(1);
    expect(types(reqs[0]!)).toEqual([1, 2, 3]);
    answer(reqs[0]!);
    await tick();
    expect(stored()).toEqual([]);
  });

  it("keeps the writes of two tabs of one site: neither drops the other's", async () => {
    const n = () => stored().map((w) => (w.data as { n: number }).n);
    const a = await page((o) => o._add('event', { n: 1 } as never));
    // Each tab's task ends before the other's starts.
    vi.advanceTimersByTime(0);
    // Another tab: its own memory, the same localStorage.
    await page((b) => b._add('event', { n: 2 } as never));
    vi.advanceTimersByTime(0);
    a._add('event', { n: 3 } as never);
    // Stored in a task after the one that made it: a pass over the page and the send of its page
    // view do not wait for localStorage.
    expect(n()).toEqual([1, 2]);
    vi.advanceTimersByTime(0);
    expect(n()).toEqual([1, 2, 3]);
    await tick();
    // Tab b loaded tab a's first write and sends it too: the server stores each id once.
    expect(reqs.map(types)).toEqual([[1], [1, 2]]);
    answer(reqs[0]!);
    await tick();
    expect(n()).toEqual([2, 3]);
    expect(types(reqs[2]!)).toEqual([3]);
    answer(reqs[1]!);
    await tick();
    expect(n()).toEqual([3]);
    answer(reqs[2]!);
    await tick();
    expect(stored()).toEqual([]);
  });

  it('stores the writes of one task once, in the next task', async () => {
    const setItem = vi.spyOn(localStorage, 'setItem');
    // The start (the stored queue) and three writes in the page's first task.
    const p = await page((o) => [1, 2, 3].forEach((n) => o._add('event', { n } as never)));
    expect(setItem).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(stored().map((w) => (w.data as { n: number }).n)).toEqual([1, 2, 3]);
    // A write of a later task gets a store of its own.
    p._add('event', { n: 4 } as never);
    vi.advanceTimersByTime(0);
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(stored()).toHaveLength(4);
  });

  it('stores writes again when the page is hidden, in case another tab overwrote the list', async () => {
    const p = await page();
    p._add('event', { n: 1 } as never);
    localStorage.setItem('_svc_site-a', '{}'); // a racing tab's read-modify-write
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as unknown as { visibilityState?: string }).visibilityState;
    expect(stored().map((w) => (w.data as { n: number }).n)).toEqual([1]);
  });

  it('beacons the whole queue from its head when the page is hidden, reads excepted', async () => {
    const p = await page();
    p._add('hit', { n: 1 } as never);
    await tick(); // in flight now
    p._add('property_get', { n: 2 } as never, undefined, false);
    p._add('event', { n: 3 } as never);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    delete (document as unknown as { visibilityState?: string }).visibilityState;
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('http://svc.test/w/site-a');
    expect(beacons[0]!.body.writes.map((w) => (w.data as { n: number }).n)).toEqual([1, 3]);
    // Reads never reach storage either.
    expect(stored().map((w) => (w.data as { n: number }).n)).toEqual([1, 3]);
  });

  it('answers a request the server cannot take (400, 413) as failed, write by write, and goes on', async () => {
    const p = await page();
    const got: Record<number, WriteResult> = {};
    for (const n of [1, 2]) p._add('event', { n } as never, (r) => (got[n] = r));
    await tick();
    fail(reqs[0]!, 413);
    await tick();
    expect(got[1]).toMatchObject({ success: false, code: '413000: nope' });
    expect(got[2]).toMatchObject({ success: false, code: '413000: nope' });
    expect(stored()).toEqual([]);
    // Not stuck: the next write goes out at once, alone.
    p._add('event', { n: 3 } as never, (r) => (got[3] = r));
    await tick();
    expect(types(reqs[1]!)).toEqual([3]);
    fail(reqs[1]!, 400);
    await tick();
    expect(got[3]).toMatchObject({ success: false, code: '400000: nope' });
    p._add('event', { n: 4 } as never, (r) => (got[4] = r));
    await tick();
    answer(reqs[2]!);
    await tick();
    expect(got[4]!.success).toBe(true);
    expect(reqs).toHaveLength(3);
  });

  it('stops retrying in this page when the site is refused, and keeps the writes for later', async () => {
    const p = await page();
    p._add('event', { n: 1 } as never);
    await tick();
    fail(reqs[0]!, 404);
    await tick(120000);
    expect(reqs).toHaveLength(1);
    expect(stored()).toHaveLength(1);
    // Said in svc.debug.js only: the production build warns about the page's own calls alone.
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps each request under the size limits, and a big write alone without keepalive', async () => {
    const p = await page();
    const big = 'я'.repeat(4000);
    for (let n = 1; n <= 12; n++) p._add('event', { n, big } as never);
    p._add('event', { n: 13, big: 'x'.repeat(22000) } as never);
    await tick();
    const sizes: number[][] = [];
    while (reqs.length > sizes.length) {
      const r = reqs[sizes.length]!;
      sizes.push(types(r) as number[]);
      const bytes = new TextEncoder().encode(JSON.stringify(r.body)).length;
      if (r.body.writes.length > 1) expect(bytes).toBeLessThan(64 * 1024);
      expect(r.keepalive).toBe(JSON.stringify(r.body).length < 21500);
      answer(r);
      await tick();
    }
    expect(sizes.flat()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(sizes.every((s) => s.length <= 5)).toBe(true);
    expect(sizes.at(-1)).toEqual([13]);
  });

  it('drops stored entries that are not writes, and writes older than a week', async () => {
    localStorage.setItem(
      '_svc_site-a',
      JSON.stringify({
        w: [
          null,
          5,
          { id: 3 },
          { id: 'old', type: 'event', hit: 'h', at: Date.now() - 8 * 864e5, data: {} },
          { id: 'ok', type: 'event', hit: 'h', at: Date.now(), data: {} },
        ],
      }),
    );
    await page();
    await tick();
    expect(reqs[0]!.body.writes.map((w) => w.id)).toEqual(['ok']);
  });

  it('keeps writes made before the site key was known and stores them once it is', async () => {
    vi.resetModules();
    const outbox = await import('../../../src/snippet/outbox.js');
    const { _state } = await import('../../../src/snippet/state.js');
    outbox._add('event', { n: 1 } as never);
    await tick();
    expect(reqs).toHaveLength(0);
    expect(Object.keys(localStorage)).toEqual([]);
    Object.assign(_state, { _key: 'site-a', _host: 'http://svc.test/', _started: true, _sending: true });
    outbox._loadOutbox();
    expect(Object.keys(localStorage)).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(stored().map((w) => (w.data as { n: number }).n)).toEqual([1]);
    outbox._add('event', { n: 2 } as never);
    await tick();
    expect(types(reqs[0]!)).toEqual([1, 2]);
  });

  it('calls back once per answer, and a throwing callback harms nothing', async () => {
    const p = await page();
    let calls = 0;
    p._add('event', { n: 1 } as never, () => {
      calls++;
      throw new Error('user code');
    });
    p._add('event', { n: 2 } as never);
    await tick();
    answer(reqs[0]!);
    await tick();
    expect(calls).toBe(1);
    expect(stored()).toEqual([]);
    expect(warn.mock.calls.some((c) => String(c[1]).includes('callback failed'))).toBe(true);
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

/** Fresh snippet modules per test: the snippet keeps its state in module scope, like on a page. */
async function install(queue: unknown) {
  vi.resetModules();
  (window as unknown as { __cs: unknown }).__cs = queue;
  const { _install } = await import('../../../src/snippet/install.js');
  const { _state } = await import('../../../src/snippet/state.js');
  return { svc: _install(window, 'http://svc.test/'), state: _state };
}

let sent: Array<{ url: string; body: { writes: Array<{ type: string; data: Record<string, unknown> }> } }>;
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  sent = [];
  delete (window as unknown as { Svc?: unknown }).Svc;
  localStorage.clear();
  // The server is not under test here (the e2e suite runs the real one): record what is sent.
  vi.stubGlobal('fetch', (url: string, init: { body: string }) => {
    sent.push({ url, body: JSON.parse(init.body) });
    return new Promise(() => {});
  });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  // The fetch stub stays: timers of an earlier test's module instance may still send, and must
  // not reach a real network.
  warn.mockRestore();
});

describe('command queue', () => {
  it('applies configuration commands first, then the rest in queue order', async () => {
    const order: string[] = [];
    const { state } = await install([
      ['onReady', () => order.push('ready')],
      ['trackEvent', 'c', 'first'],
      ['setDynamicalReplacement', true],
      ['setUIPhoneMaskFormat', '+7 (###) ###-##-##'],
      ['setCsAccount', 'site-a'],
    ]);
    expect(state._key).toBe('site-a');
    expect(state._dyn).toBe(true);
    expect(state._mask).toBe('+7 (###) ###-##-##');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // The page view was queued before the event although the event came first in the queue.
    expect(sent[0]!.body.writes.map((w) => w.type)).toEqual(['hit', 'event']);
    expect(sent[0]!.url).toBe('http://svc.test/w/site-a');
  });

  it('runs pushes after load at once and warns about unknown or malformed commands without throwing', async () => {
    const { svc, state } = await install([['setCsAccount', 'site-a']]);
    const q = (window as unknown as { __cs: { push(...c: unknown[]): number } }).__cs;
    expect(q.push(['setDynamicalReplacement', true])).toBe(1);
    expect(state._dyn).toBe(true);
    expect(q.push(['nope'], 'x', [], [1], null, ['push', 1])).toBe(0);
    expect(svc.push(['trackEvent', 1n])).toBe(1); // ran; trackEvent itself refused its arguments
    const texts = warn.mock.calls.map((c) => c.join(' '));
    expect(texts.some((t) => t.includes('unknown command nope'))).toBe(true);
    expect(texts.filter((t) => t.includes('bad command'))).toHaveLength(4);
    expect(texts.some((t) => t.includes('event: ') && t.includes('BigInt'))).toBe(true);
  });

  it('waits for a site key pushed after load, then starts', async () => {
    const { state } = await install(undefined);
    expect(state._started).toBeFalsy();
    (window as unknown as { Svc: { push(...c: unknown[]): number } }).Svc.push(['setCsAccount', 'late-key']);
    expect(state._started).toBe(true);
    await vi.waitFor(() => expect(sent.map((r) => r.url)).toContain('http://svc.test/w/late-key'));
  });

  it('ignores a __cs that is not an array, and a second install', async () => {
    const { svc } = await install({ not: 'an array' });
    const { _install } = await import('../../../src/snippet/install.js');
    expect(_install(window, 'http://elsewhere.test/')).toBe(svc);
    // Both said in svc.debug.js only (the production build warns about refused calls alone).
    expect(warn).not.toHaveBeenCalled();
  });

  it('normalises setCsHost to a base URL ending with a slash and refuses non-http URLs', async () => {
    const { state } = await install([
      ['setCsHost', 'https://consultant.example/path/svc.js?x=1'],
      ['setCsAccount', 'k'],
    ]);
    expect(state._host).toBe('https://consultant.example/path/');
    delete (window as unknown as { Svc?: unknown }).Svc;
    const { state: s2 } = await install([['setCsHost', 'javascript:alert(1)']]);
    expect(s2._host).toBe('http://svc.test/');
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in EventSource: records the streams opened, lets the test speak or stay silent. */
class FakeSource {
  static opened: FakeSource[] = [];
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 0;
  constructor(public url: string) {
    FakeSource.opened.push(this);
  }
  close() {
    this.readyState = 2;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  FakeSource.opened = [];
  vi.stubGlobal('EventSource', FakeSource);
  (window as unknown as { Svc: unknown }).Svc = {
    getCredentials: () => ({ consultant_server_url: 'http://svc.test/', site_key: 'site-a' }),
  };
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenStatus', () => {
  it('answers once, on the first message', async () => {
    const m = await import('../../../src/widgets/operator-status.js');
    const got: boolean[] = [];
    m.whenStatus(() => got.push(m.online));
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['http://svc.test/os/site-a']);
    FakeSource.opened[0]!.onmessage!({ data: '1' });
    await vi.advanceTimersByTimeAsync(m.FIRST_STATUS_MS * 2);
    expect(got).toEqual([true]);
  });

  it('goes on without a status when the stream stays silent (a buffering proxy), and only once', async () => {
    const m = await import('../../../src/widgets/operator-status.js');
    const got: boolean[] = [];
    m.whenStatus(() => got.push(m.online));
    await vi.advanceTimersByTimeAsync(m.FIRST_STATUS_MS - 1);
    expect(got).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(got).toEqual([false]);
    // The first word arriving late changes the live status, and calls nobody twice.
    FakeSource.opened[0]!.onmessage!({ data: '1' });
    expect(got).toEqual([false]);
    expect(m.status()).toBe(true);
  });
});

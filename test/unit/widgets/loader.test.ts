// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The core's loader of svc-widgets.js (src/snippet/widgets.ts) against a stand-in for the bundle's
 * module and for the server's page-view answer (the e2e suite loads the real bundle in Chromium).
 */
const HOST = 'http://svc.test/';
const BUNDLE = HOST + 'svc-widgets.js';

/** The stand-in module: records what it opens and how often the status is read. */
let opened: string[];
let online: boolean;
let reads: number;
const bundle = () => ({
  open: (name: string) => void opened.push(name),
  status: () => (reads++, online),
});

/** Answers after `answer()`, so that calls can queue before the page view is answered. */
let answer: () => void;

async function install() {
  vi.resetModules();
  (window as unknown as { __cs: unknown }).__cs = [['setCsAccount', 'site-a']];
  const answered = new Promise<void>((ok) => (answer = ok));
  vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
    await answered;
    const body = JSON.parse(init.body);
    const results = body.writes.map((w: { id: string }) => ({
      id: w.id,
      success: true,
      result: {
        visitor_id: 1,
        session_id: 1,
        hit_id: 1,
        key: 'k',
        uri: 'svc.test',
        consultant_server_url: HOST,
        settings: { captcha: false, lang: 'ru' },
      },
    }));
    return new Response(JSON.stringify({ success: true, visitor: { id: 1, token: 't'.repeat(32) }, results }));
  });
  const { _install } = await import('../../../src/snippet/install.js');
  return _install(window, HOST);
}

const ready = () => new Promise((ok) => window.Svc.onReady(ok));

beforeEach(() => {
  opened = [];
  online = false;
  reads = 0;
  delete (window as unknown as { Svc?: unknown }).Svc;
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  for (const u of [BUNDLE, BUNDLE + '?1', BUNDLE + '?2']) vi.doUnmock(u);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('widget bundle loader', () => {
  it('after a failed import asks a new address (the browser keeps a failed module failed), then keeps the loaded bundle', async () => {
    const fail = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const second = vi.fn(bundle);
    vi.doMock(BUNDLE, fail);
    vi.doMock(BUNDLE + '?1', second);
    vi.doMock(BUNDLE + '?2', () => Promise.reject(new Error('not asked')));
    const svc = await install();
    answer();
    await ready();
    svc.openSiteRequestPanel();
    await vi.waitFor(() => expect(fail).toHaveBeenCalledTimes(1));
    svc.openSiteRequestPanel();
    await vi.waitFor(() => expect(opened).toEqual(['request']));
    svc.openChatWindow();
    await vi.waitFor(() => expect(opened).toEqual(['request', 'chat']));
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('getOperatorStatus asks the bundle for the status stream once, however often it is polled, and answers its live value', async () => {
    const load = vi.fn(bundle);
    vi.doMock(BUNDLE, load);
    const svc = await install();
    // Polled before the page view's answer: nothing is queued per call.
    for (let i = 0; i < 20; i++) expect(svc.getOperatorStatus()).toBe(false);
    answer();
    await ready();
    await vi.waitFor(() => expect(opened).toEqual(['status']));
    expect(svc.getOperatorStatus()).toBe(false);
    online = true;
    expect(svc.getOperatorStatus()).toBe(true);
    online = false;
    expect(svc.getOperatorStatus()).toBe(false);
    expect(opened).toEqual(['status']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the status load failed, the bundle a widget brings later answers the status (and so opens the stream)', async () => {
    const failed = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    vi.doMock(BUNDLE, failed);
    vi.doMock(BUNDLE + '?1', bundle);
    const svc = await install();
    answer();
    await ready();
    expect(svc.getOperatorStatus()).toBe(false);
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    expect(reads).toBe(0);
    svc.openSiteRequestPanel();
    await vi.waitFor(() => expect(opened).toEqual(['request']));
    online = true;
    expect(svc.getOperatorStatus()).toBe(true);
    expect(reads).toBe(1);
  });

  it('a page that neither opens a widget nor asks for the status imports nothing', async () => {
    const load = vi.fn(bundle);
    vi.doMock(BUNDLE, load);
    const svc = await install();
    answer();
    await ready();
    svc.getCredentials();
    await new Promise((ok) => setTimeout(ok, 20));
    expect(load).not.toHaveBeenCalled();
  });
});

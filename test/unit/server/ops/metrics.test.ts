import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { hitWrite, testConfig, testServer } from '../helpers.js';

let servers: ConsultantServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** One sample of the text format: `name{a="x",b="y"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus' text exposition format (comments and HELP/TYPE lines skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; 0 when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

async function scrape(s: ConsultantServer, token?: string): Promise<Sample[]> {
  const res = await fetch(s.metricsUrl()!, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await res.text());
}

const pageView = (s: ConsultantServer, ip: string) =>
  s.app.inject({
    method: 'POST',
    url: '/w/site-a',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify({ visitor: null, writes: [hitWrite('http://localhost/')] }),
  });

describe('Prometheus metrics', () => {
  it('count page views, writes, requests and refusals; served on their own listener only', async () => {
    const s = await testServer(testConfig, { rateLimits: { ip: 1 }, metricsListener: { port: 0 } });
    servers.push(s);
    const publicUrl = await s.listen(0);
    const before = await scrape(s);
    expect(valueOf(before, 'svc_page_views_total')).toBe(0);
    expect(valueOf(before, 'svc_refusals_total', { guard: 'rate_limit' })).toBe(0);

    expect((await pageView(s, '203.0.113.7')).statusCode).toBe(200);
    expect((await pageView(s, '203.0.113.7')).statusCode).toBe(429);

    const after = await scrape(s);
    expect(valueOf(after, 'svc_page_views_total')).toBe(1);
    expect(valueOf(after, 'svc_writes_total', { type: 'hit', result: 'ok' })).toBe(1);
    expect(valueOf(after, 'svc_refusals_total', { guard: 'rate_limit' })).toBe(1);
    const requests = { method: 'POST', route: '/w/:siteKey' };
    expect(valueOf(after, 'svc_http_request_duration_seconds_count', { ...requests, status: '200' })).toBe(1);
    expect(valueOf(after, 'svc_http_request_duration_seconds_count', { ...requests, status: '429' })).toBe(1);
    expect(valueOf(after, 'svc_open_event_streams')).toBe(0);
    expect(valueOf(after, 'svc_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(after.some((x) => x.name === 'svc_nodejs_eventloop_lag_p99_seconds')).toBe(true);

    // Not on the public port, and the listener answers nothing but /metrics.
    expect((await fetch(publicUrl + 'metrics')).status).toBe(404);
    expect((await fetch(s.metricsUrl()!.replace('/metrics', '/health'))).status).toBe(404);
  });

  it('count each REST function under its own route, and made-up names under the pattern', async () => {
    const s = await testServer(testConfig, { metricsListener: { port: 0 } });
    servers.push(s);
    await s.listen(0);
    const call = (url: string, method: 'GET' | 'POST' = 'GET') =>
      s.app.inject({ method, url, headers: { accept: 'application/json' }, ...(method === 'POST' ? { payload: {} } : {}) });
    expect((await call('/api/v1/journal/')).statusCode).toBe(401);
    expect((await call('/api/v1/journal')).statusCode).toBe(401);
    expect((await call('/api/v1/visitor/42/')).statusCode).toBe(401);
    expect((await call('/api/v1/made_up_1/')).statusCode).toBe(404);
    expect((await call('/api/v1/made_up_2/')).statusCode).toBe(404);
    const samples = await scrape(s);
    const count = (route: string, status: string) =>
      valueOf(samples, 'svc_http_request_duration_seconds_count', { method: 'GET', route, status });
    expect(count('/api/v1/journal/', '401')).toBe(2);
    expect(count('/api/v1/visitor/', '401')).toBe(1);
    expect(count('/api/v1/:function/', '404')).toBe(2);
    expect(samples.some((x) => x.labels.route?.startsWith('/api/v1/made_up'))).toBe(false);
  });

  it('count the refusals of the first-visit guard and failed writes', async () => {
    const s = await testServer(testConfig, { rateLimits: { firstVisits: 1 } });
    servers.push(s);
    const text = async () => parseMetrics(await s.metrics.registry.metrics());
    expect(valueOf(await text(), 'svc_refusals_total', { guard: 'first_visit' })).toBe(0);
    let refused = false;
    // One first visit per address and 10-second window: the second one of the same window is refused.
    for (let i = 0; i < 3 && !refused; i++) refused = (await pageView(s, '203.0.113.9')).statusCode === 429;
    expect(refused).toBe(true);
    expect(valueOf(await text(), 'svc_refusals_total', { guard: 'first_visit' })).toBeGreaterThanOrEqual(1);
    const res = await s.app.inject({
      method: 'POST',
      url: '/w/site-a',
      remoteAddress: '203.0.113.10',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({
        visitor: null,
        writes: [
          { id: 'write0001', type: 'event', hit: 'pageview01', at: Date.now(), data: { category: 'c', action: 'a' } },
          { id: 'write0002', type: 'nonsense', hit: 'pageview01', at: Date.now(), data: {} },
        ],
      }),
    });
    expect(res.statusCode).toBe(200);
    const after = await text();
    expect(valueOf(after, 'svc_writes_total', { type: 'event', result: 'unknown_visitor' })).toBe(1);
    expect(valueOf(after, 'svc_writes_total', { type: 'other', result: 'unknown_type' })).toBe(1);
  });

  it('each server counts its own: two in one process share nothing', async () => {
    const a = await testServer(testConfig);
    const b = await testServer(testConfig);
    servers.push(a, b);
    expect((await pageView(a, '203.0.113.8')).statusCode).toBe(200);
    const text = async (s: ConsultantServer) => parseMetrics(await s.metrics.registry.metrics());
    expect(valueOf(await text(a), 'svc_page_views_total')).toBe(1);
    expect(valueOf(await text(b), 'svc_page_views_total')).toBe(0);
    // The process's own figures are the same process's for both.
    for (const s of [a, b]) expect((await text(s)).some((x) => x.name === 'svc_process_cpu_seconds_total')).toBe(true);
  });

  it('let a closed server go: nothing of the process keeps it alive', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const closed = async () => {
      const s = await testServer(testConfig);
      expect((await pageView(s, '203.0.113.11')).statusCode).toBe(200);
      await s.metrics.registry.metrics();
      const app = new WeakRef(s.app);
      await s.close();
      return app;
    };
    const apps = [await closed(), await closed()];
    // A few turns for what the close scheduled (a socket's end, a timer's last run) to finish.
    for (let i = 0; i < 20 && apps.some((a) => a.deref()); i++) {
      await new Promise((r) => setTimeout(r, 25));
      gc();
    }
    expect(apps.map((a) => a.deref() === undefined)).toEqual([true, true]);
  });

  it('with a token, a scrape without it is refused', async () => {
    const s = await testServer(testConfig, { metricsListener: { port: 0, token: 'scrape-secret' } });
    servers.push(s);
    await s.listen(0);
    expect((await fetch(s.metricsUrl()!)).status).toBe(401);
    expect((await fetch(s.metricsUrl()!, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect(valueOf(await scrape(s, 'scrape-secret'), 'svc_page_views_total')).toBe(0);
  });
});

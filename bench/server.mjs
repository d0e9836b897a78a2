// Server throughput: requests per second and p99 latency of the page-view endpoint (POST
// /w/<site_key> with one `hit` write, each a new page view of one returning visitor) under
// autocannon, as ratios to a bare node:http server answering a fixed JSON body, measured in the
// same run on the same machine. Both servers run in child processes; the load generator here.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSplit, splitText } from './cpu.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function start(args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}

export function load(opts) {
  return new Promise((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));
}

let seq = 0;
export const wid = () => `b${process.pid.toString(36)}${(seq++).toString(36).padStart(10, '0')}`;

/** A first page view through `url`: a returning visitor for the measured page views to name. */
export async function visitorOf(url) {
  const first = wid();
  const res = await fetch(url + 'w/demo-site', {
    method: 'POST',
    body: JSON.stringify({
      visitor: null,
      writes: [{ id: first, type: 'hit', hit: first, at: Date.now(), data: { url: 'http://localhost/', title: 'Bench', referrer: '' } }],
    }),
  });
  return (await res.json()).visitor;
}

/** autocannon options that send a new page view of one of `visitors` (in turn) on each request. */
export function pageViews(url, visitors, connections, duration) {
  let turn = 0;
  const body = () => {
    const id = wid();
    return JSON.stringify({
      visitor: visitors[turn++ % visitors.length],
      writes: [{ id, type: 'hit', hit: id, at: Date.now(), data: { url: 'http://localhost/page', title: 'Bench', referrer: '' } }],
    });
  };
  return {
    url: url + 'w/demo-site',
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    requests: [{ setupRequest: (r) => ({ ...r, body: body() }) }],
  };
}

/** Visitors for the many-visitor rows: as many as connections, so each request is another's. */
export const MANY = 20;

/** The demo customer's REST session on `url`: POSTs a function with its args (the key in a header), answers its data. */
export async function demoApi(url) {
  const login = await fetch(url + 'api/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'demo', password: 'demo-password' }),
  });
  const key = (await login.json()).data.session_key;
  return async (fn, args) => {
    const res = await fetch(url + `api/v1/${fn}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ args }),
    });
    if (!res.ok) throw new Error(`${fn}: ${res.status} ${await res.text()}`);
    return (await res.json()).data;
  };
}

export const name = 'server';
export const title = 'Server throughput (autocannon, page-view endpoint vs bare node:http)';

/** Runs the section; `duration` seconds per measurement, `connections` concurrent. */
export async function run({ duration = 5, connections = 20 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const bare = await start(['bench/bare-server.mjs']);
  const svc = await start(['dist/node/server/main.js'], {
    SVC_PORT: '0',
    SVC_DB: join(dir, 'bench.db'),
    SVC_SITE_CONFIG: join(root, 'demo-site/site-config.json'),
    // One visitor at thousands of page views a second is what the rate limits exist to refuse:
    // they are off here, so that the endpoint's own cost is what is measured.
    SVC_RATE_IP: '0',
    SVC_RATE_VISITOR: '0',
    SVC_RATE_FIRST_VISITS: '0',
  });
  try {
    // One returning visitor (every page view locks its one session row), then 20 (a page view each
    // in turn: what a busy site's traffic looks like to the server).
    const visitor = await visitorOf(svc.url);
    const many = [];
    for (let i = 0; i < MANY; i++) many.push(await visitorOf(svc.url));
    const common = { connections, duration, headers: { 'content-type': 'text/plain;charset=UTF-8' }, method: 'POST' };
    // Warm both up, then measure the baseline and the endpoint back to back.
    // The bare server gets a page view's body too (it reads and ignores it).
    const sample = JSON.stringify({
      visitor,
      writes: [
        { id: wid(), type: 'hit', hit: wid(), at: Date.now(), data: { url: 'http://localhost/page', title: 'Bench', referrer: '' } },
      ],
    });
    await load({ ...common, url: bare.url, duration: 1, body: sample });
    await load(pageViews(svc.url, [visitor], connections, 1));
    const base = await load({ ...common, url: bare.url, body: sample });
    const pageCpu = await cpuSplit();
    const page = await load(pageViews(svc.url, [visitor], connections, duration));
    const pageSplit = await pageCpu.since(page['2xx']);
    const spreadCpu = await cpuSplit();
    const spread = await load(pageViews(svc.url, many, connections, duration));
    const spreadSplit = await spreadCpu.since(spread['2xx']);
    const errors = page.errors + page.non2xx + spread.errors + spread.non2xx;
    const figures = {
      connections,
      duration,
      baseline: { rps: base.requests.average, p99_ms: base.latency.p99 },
      pageView: { rps: page.requests.average, p99_ms: page.latency.p99, errors, cpuMsPerPageView: pageSplit },
      manyVisitors: { visitors: MANY, rps: spread.requests.average, p99_ms: spread.latency.p99, cpuMsPerPageView: spreadSplit },
      rpsRatio: page.requests.average / base.requests.average,
      manyRpsRatio: spread.requests.average / base.requests.average,
      p99Ratio: page.latency.p99 / Math.max(base.latency.p99, 1),
    };
    return {
      figures,
      rows: [
        ['requests/s, page view / bare', `${figures.rpsRatio.toFixed(3)}× (${figures.pageView.rps} / ${figures.baseline.rps})`, 'reported'],
        [
          'p99 latency, page view / bare',
          `${figures.p99Ratio.toFixed(1)}× (${figures.pageView.p99_ms} / ${figures.baseline.p99_ms} ms)`,
          'reported',
        ],
        [
          `requests/s, ${MANY} visitors / bare`,
          `${figures.manyRpsRatio.toFixed(3)}× (${spread.requests.average} / ${base.requests.average}), p99 ${spread.latency.p99} ms`,
          'reported',
        ],
        ['CPU per page view, 1 visitor', splitText(pageSplit), 'reported'],
        [`CPU per page view, ${MANY} visitors`, splitText(spreadSplit), 'reported'],
        ['errors and non-2xx answers', errors, '0'],
      ],
    };
  } finally {
    svc.stop();
    bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

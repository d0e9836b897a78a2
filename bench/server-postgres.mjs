// The page-view section of server.mjs on PostgreSQL: one server process, then two processes on
// the same database (each loaded by its own autocannon, half the connections each, figures
// summed), as ratios to a bare node:http server measured in the same run, with the p99 latency.
// PostgreSQL as the tests get it (scripts/postgres.mjs: SVC_TEST_PG, else a throw-away cluster),
// here with fsync on, as a real server runs.
import pg from 'pg';
import { providePostgres } from '../scripts/postgres.mjs';
import { load, start, wid } from './server.mjs';

export const name = 'server-postgres';
export const title = 'Server throughput on PostgreSQL (page-view endpoint, 1 and 2 processes, vs bare node:http)';

const config = new URL('../demo-site/site-config.json', import.meta.url).pathname;

/** A first page view through `url`: the returning visitor the measured page views name. */
async function visitorOf(url) {
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

/** autocannon options that send a new page view of `visitor` on each request. */
function pageViews(url, visitor, connections, duration) {
  const body = () => {
    const id = wid();
    return JSON.stringify({
      visitor,
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

export async function run({ duration = 5, connections = 20 } = {}) {
  const postgres = await providePostgres({ install: true, log: () => {} });
  const db = `svc_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(postgres.url);
  url.pathname = '/' + db;
  const env = { SVC_PORT: '0', SVC_DB: url.toString(), SVC_SITE_CONFIG: config, SVC_RATE_IP: '0', SVC_RATE_VISITOR: '0' };
  const bare = await start(['bench/bare-server.mjs']);
  const servers = [];
  try {
    const [a, b] = await Promise.all([start(['dist/node/server/main.js'], env), start(['dist/node/server/main.js'], env)]);
    servers.push(a, b);
    const [va, vb] = [await visitorOf(a.url), await visitorOf(b.url)];
    const common = { connections, duration, headers: { 'content-type': 'text/plain;charset=UTF-8' }, method: 'POST' };
    await load({ ...common, url: bare.url, duration: 1, body: '{}' });
    await load(pageViews(a.url, va, connections, 1));
    await load(pageViews(b.url, vb, connections, 1));
    const base = await load({ ...common, url: bare.url, body: '{}' });
    const one = await load(pageViews(a.url, va, connections, duration));
    const two = await Promise.all([
      load(pageViews(a.url, va, connections / 2, duration)),
      load(pageViews(b.url, vb, connections / 2, duration)),
    ]);
    const twoRps = two[0].requests.average + two[1].requests.average;
    const twoP99 = Math.max(two[0].latency.p99, two[1].latency.p99);
    const errors = one.errors + one.non2xx + two.reduce((n, r) => n + r.errors + r.non2xx, 0);
    const figures = {
      connections,
      duration,
      baseline: { rps: base.requests.average, p99_ms: base.latency.p99 },
      oneProcess: { rps: one.requests.average, p99_ms: one.latency.p99, rpsRatio: one.requests.average / base.requests.average },
      twoProcesses: { rps: twoRps, p99_ms: twoP99, rpsRatio: twoRps / base.requests.average },
      errors,
    };
    return {
      figures,
      rows: [
        [
          'requests/s, 1 process / bare',
          `${figures.oneProcess.rpsRatio.toFixed(3)}× (${one.requests.average} / ${base.requests.average})`,
          'reported',
        ],
        ['p99 latency, 1 process', `${one.latency.p99} ms (bare ${base.latency.p99} ms)`, 'reported'],
        [
          'requests/s, 2 processes / bare',
          `${figures.twoProcesses.rpsRatio.toFixed(3)}× (${twoRps} / ${base.requests.average})`,
          'reported',
        ],
        ['p99 latency, 2 processes', `${twoP99} ms`, 'reported'],
        ['errors and non-2xx answers', errors, '0'],
      ],
    };
  } finally {
    for (const s of servers) s.stop();
    bare.stop();
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
  }
}

// The page-view section of server.mjs on PostgreSQL: one server process, then two processes on
// the same database (each loaded by its own autocannon, half the connections each, figures summed),
// for one returning visitor per process and for 20, as ratios to a bare node:http server measured in the same run, with the p99 latency.
// PostgreSQL as the tests get it (scripts/postgres.mjs: SVC_TEST_PG, else a throw-away cluster),
// here with fsync on, as a real server runs.
import pg from 'pg';
import { providePostgres } from '../scripts/postgres.mjs';
import { load, MANY, pageViews, start, visitorOf } from './server.mjs';

export const name = 'server-postgres';
export const title = 'Server throughput on PostgreSQL (page-view endpoint, 1 and 2 processes, vs bare node:http)';

const config = new URL('../demo-site/site-config.json', import.meta.url).pathname;

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
    // Each process's own returning visitor (as the SQLite section's one), then 20 visitors each.
    const [va, vb] = [[await visitorOf(a.url)], [await visitorOf(b.url)]];
    const [ma, mb] = [[], []];
    for (let i = 0; i < MANY; i++) {
      ma.push(await visitorOf(a.url));
      mb.push(await visitorOf(b.url));
    }
    const common = { connections, duration, headers: { 'content-type': 'text/plain;charset=UTF-8' }, method: 'POST' };
    await load({ ...common, url: bare.url, duration: 1, body: '{}' });
    await load(pageViews(a.url, va, connections, 1));
    await load(pageViews(b.url, vb, connections, 1));
    const base = await load({ ...common, url: bare.url, body: '{}' });
    const measure = async (one, two) => {
      const single = await load(pageViews(a.url, one, connections, duration));
      const pair = await Promise.all([
        load(pageViews(a.url, one, connections / 2, duration)),
        load(pageViews(b.url, two, connections / 2, duration)),
      ]);
      const rps = pair[0].requests.average + pair[1].requests.average;
      return {
        oneProcess: { rps: single.requests.average, p99_ms: single.latency.p99, rpsRatio: single.requests.average / base.requests.average },
        twoProcesses: { rps, p99_ms: Math.max(pair[0].latency.p99, pair[1].latency.p99), rpsRatio: rps / base.requests.average },
        errors: single.errors + single.non2xx + pair.reduce((n, r) => n + r.errors + r.non2xx, 0),
      };
    };
    const oneVisitor = await measure(va, vb);
    const manyVisitors = await measure(ma, mb);
    const figures = {
      connections,
      duration,
      baseline: { rps: base.requests.average, p99_ms: base.latency.p99 },
      oneVisitor,
      manyVisitors,
      visitors: MANY,
    };
    const row = (label, f) => [
      [
        `requests/s, ${label}, 1 process / bare`,
        `${f.oneProcess.rpsRatio.toFixed(3)}× (${f.oneProcess.rps} / ${base.requests.average}), p99 ${f.oneProcess.p99_ms} ms`,
        'reported',
      ],
      [
        `requests/s, ${label}, 2 processes / bare`,
        `${f.twoProcesses.rpsRatio.toFixed(3)}× (${f.twoProcesses.rps} / ${base.requests.average}), p99 ${f.twoProcesses.p99_ms} ms`,
        'reported',
      ],
    ];
    return {
      figures,
      rows: [
        ...row('1 visitor', oneVisitor),
        ...row(`${MANY} visitors`, manyVisitors),
        ['bare p99', `${base.latency.p99} ms`, 'reported'],
        ['errors and non-2xx answers', oneVisitor.errors + manyVisitors.errors, '0'],
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

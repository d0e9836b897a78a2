// The page-view section of server.mjs on PostgreSQL: one server process, then two processes on
// the same database (each loaded by its own autocannon, half the connections each, figures summed),
// for one returning visitor per process and for 20, as ratios to a bare node:http server measured in the same run, with the p99 latency.
// PostgreSQL as the tests get it (scripts/postgres.mjs: SVC_TEST_PG, else a throw-away cluster),
// here with fsync on, as a real server runs. Last, a database "1 ms away" (a delaying proxy), with
// 1 and 4 group-commit lanes (what the lanes are for), and one request at a time (what a page
// view's round trips cost it).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { providePostgres } from '../scripts/postgres.mjs';
import { backendPids, cpuSplit, splitText } from './cpu.mjs';
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
  const env = {
    SVC_PORT: '0',
    SVC_DB: url.toString(),
    SVC_SITE_CONFIG: config,
    SVC_RATE_IP: '0',
    SVC_RATE_VISITOR: '0',
    SVC_RATE_FIRST_VISITS: '0',
  };
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
    // CPU per page view of each part, and how busy the cores were (bench/cpu.mjs).
    const backends = () => backendPids(admin, db);
    const measure = async (one, two) => {
      const singleCpu = await cpuSplit(backends);
      const single = await load(pageViews(a.url, one, connections, duration));
      const singleSplit = await singleCpu.since(single['2xx']);
      const pairCpu = await cpuSplit(backends);
      const pair = await Promise.all([
        load(pageViews(a.url, one, connections / 2, duration)),
        load(pageViews(b.url, two, connections / 2, duration)),
      ]);
      const pairSplit = await pairCpu.since(pair[0]['2xx'] + pair[1]['2xx']);
      const rps = pair[0].requests.average + pair[1].requests.average;
      return {
        oneProcess: {
          rps: single.requests.average,
          p99_ms: single.latency.p99,
          rpsRatio: single.requests.average / base.requests.average,
          cpuMsPerPageView: singleSplit,
        },
        twoProcesses: {
          rps,
          p99_ms: Math.max(pair[0].latency.p99, pair[1].latency.p99),
          rpsRatio: rps / base.requests.average,
          cpuMsPerPageView: pairSplit,
        },
        errors: single.errors + single.non2xx + pair.reduce((n, r) => n + r.errors + r.non2xx, 0),
      };
    };
    const oneVisitor = await measure(va, vb);
    const manyVisitors = await measure(ma, mb);
    // A database on another machine: the same cluster behind a proxy that holds every packet 1 ms
    // each way, one process with 1 group-commit lane, then one with the default 4.
    const remote = { ...env, SVC_DB: `postgres://${url.username}@127.0.0.1:${await delayProxy(Number(url.port), 1)}${url.pathname}` };
    const remoteRps = {};
    let remoteAlone = null;
    for (const lanes of [1, 4]) {
      const s = await start(['dist/node/server/main.js'], { ...remote, SVC_PG_LANES: String(lanes) });
      servers.push(s);
      const visitors = [];
      for (let i = 0; i < MANY; i++) visitors.push(await visitorOf(s.url));
      await load(pageViews(s.url, visitors, connections, 1));
      const r = await load(pageViews(s.url, visitors, connections, duration));
      remoteRps[lanes] = { rps: r.requests.average, p99_ms: r.latency.p99, errors: r.errors + r.non2xx };
      // One request at a time: a page view's latency is its round trips to the database, with no
      // queue and (nearly) no contention for the cores in it.
      if (lanes === 4) {
        const alone = await load(pageViews(s.url, visitors, 1, duration));
        remoteAlone = {
          rps: alone.requests.average,
          p50_ms: alone.latency.p50,
          p99_ms: alone.latency.p99,
          errors: alone.errors + alone.non2xx,
        };
      }
    }
    const figures = {
      connections,
      duration,
      baseline: { rps: base.requests.average, p99_ms: base.latency.p99 },
      oneVisitor,
      manyVisitors,
      visitors: MANY,
      remoteDatabase: { delayMsEachWay: 1, lanes: remoteRps, oneConnection: remoteAlone },
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
    const cpuRows = (label, f) => [
      [`CPU per page view, ${label}, 1 process`, splitText(f.oneProcess.cpuMsPerPageView), 'reported'],
      [`CPU per page view, ${label}, 2 processes`, splitText(f.twoProcesses.cpuMsPerPageView), 'reported'],
    ];
    return {
      figures,
      rows: [
        ...row('1 visitor', oneVisitor),
        ...row(`${MANY} visitors`, manyVisitors),
        ...cpuRows('1 visitor', oneVisitor),
        ...cpuRows(`${MANY} visitors`, manyVisitors),
        ...[1, 4].map((lanes) => [
          `requests/s, ${MANY} visitors, database 1 ms away, ${lanes} lane${lanes > 1 ? 's' : ''}`,
          `${remoteRps[lanes].rps}, p99 ${remoteRps[lanes].p99_ms} ms`,
          'reported',
        ]),
        [
          'page view latency, database 1 ms away, one request at a time',
          `p50 ${remoteAlone.p50_ms} ms, p99 ${remoteAlone.p99_ms} ms (${remoteAlone.rps} a second)`,
          'reported',
        ],
        ['bare p99', `${base.latency.p99} ms`, 'reported'],
        [
          'errors and non-2xx answers',
          oneVisitor.errors + manyVisitors.errors + remoteRps[1].errors + remoteRps[4].errors + remoteAlone.errors,
          '0',
        ],
      ],
    };
  } finally {
    for (const s of servers) s.stop();
    bare.stop();
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await postgres.stop();
    proxy?.kill();
  }
}

let proxy = null;

/**
 * A TCP proxy to 127.0.0.1:`port` that holds each chunk `delayMs` in each direction
 * (bench/delay-proxy.mjs), in a child process: its timers are not held up by the load generator
 * in this one. Resolves with its port.
 */
function delayProxy(port, delayMs) {
  const script = fileURLToPath(new URL('delay-proxy.mjs', import.meta.url));
  proxy = spawn(process.execPath, [script, String(port), String(delayMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proxy.stdout.on('data', (d) => {
      out += d;
      const m = /^(\d+)\n/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    proxy.on('exit', (code) => reject(new Error(`delay proxy exited with ${code} before listening`)));
  });
}

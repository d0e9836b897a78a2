// Capacity under abuse: on a generated SQLite database of 1M page views, `/health` and
// page-view latency (p50, p99) at rest, then while each attack of the findings runs at the
// largest rate the limits allow (bench/abuse-attacks.mjs, one worker thread each), as ratios to
// the rest figures. Goal: no attack moves the page-view p99 by more than 2×. Also the share of a
// DT pool a scripted client holds (finding 7), and whether a real visitor still gets a number.
//
// The server is the built one (dist/node, a child process) behind a pretend proxy: it trusts
// X-Forwarded-For, so the attacker and the probe's visitors each have addresses of their own, as
// on the internet. The probe is sequential (one request at a time, a health check then a page view
// of one of 40 returning visitors), so its latencies are the server's, not a queue of its own.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { start } from './server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const name = 'abuse';
export const title = 'Capacity under abuse (1M page views in SQLite; latency under each attack / at rest)';

const ALL_ATTACKS = [
  'event-stream flood',
  'login flood',
  'credential probing',
  'call-back flood without captcha',
  'property batches',
  'long User-Agent',
  'unknown-hit chat writes',
  'DT pool scripting',
  'console wake by POSTs',
];
/** SVC_BENCH_ATTACKS="property batches,unknown-hit chat writes" runs those alone (an A/B of one fix). */
const ATTACKS = process.env.SVC_BENCH_ATTACKS
  ? process.env.SVC_BENCH_ATTACKS.split(',').filter((a) => ALL_ATTACKS.includes(a))
  : ALL_ATTACKS;
const PAGE_VIEWS = 1_000_000;
const VISITORS = 100_000;
const SESSIONS = 250_000;
/** How long latency is sampled per phase. */
const PHASE_MS = 6000;
const SITE = 'demo-site';
/** Each attack comes from an address of its own: the limits of one do not carry into the next. */
const attackerOf = (i) => `198.51.100.${10 + i}`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** The demo's DT pools (demo-site/site-config.json): two blocks of five numbers. */
const POOL_SIZE = 5;

/** mulberry32: the same database on every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The database: the server's own schema and the demo seed (a first start of the built server), then
 * 100k visitors, 250k sessions and 1M page views of the demo site inserted directly, in one
 * transaction. Ids as the server makes them (public-ids.ts): a sequence number times 2^21 plus 21
 * random bits.
 */
export async function generate(dbPath) {
  const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
  const server = await createServer({ dbPath, siteConfig: join(root, 'demo-site/site-config.json'), bundleDir: join(root, 'dist') });
  await server.close();
  const db = new Database(dbPath);
  const rand = prng(20);
  const SPAN = 2 ** 21;
  const id = (i) => (i + 1) * SPAN + Math.floor(rand() * SPAN);
  const now = Date.now();
  const ts = (ms) => new Date(ms).toISOString().replace('T', ' ').slice(0, 23);
  const started = performance.now();
  const visitor = db.prepare('INSERT INTO visitors (id, site_id, token, created_at, visits_count) VALUES (?, 1, ?, ?, 1)');
  const session = db.prepare(
    'INSERT INTO sessions (id, site_id, visitor_id, ac_id, start_time, last_hit_ms, ip, user_agent) VALUES (?, 1, ?, -1, ?, ?, ?, ?)',
  );
  const hit = db.prepare(
    'INSERT INTO hits (id, site_id, visitor_id, session_id, client_id, hit_time, url, title, referrer, is_spa) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, 0)',
  );
  db.transaction(() => {
    const visitors = [];
    for (let i = 0; i < VISITORS; i++) {
      const v = id(i);
      visitors.push(v);
      visitor.run(
        v,
        Math.floor(rand() * 2 ** 52)
          .toString(16)
          .padStart(32, '0'),
        ts(now - 30 * 86_400_000),
      );
    }
    let h = 0;
    for (let s = 0; s < SESSIONS; s++) {
      const v = visitors[Math.floor(rand() * VISITORS)];
      const sid = id(s);
      // Spread over the last 30 days, ending an hour ago: no session of the generated ones is live.
      const begin = now - 3_600_000 - Math.floor(rand() * 30 * 86_400_000);
      const views = Math.floor((PAGE_VIEWS * (s + 1)) / SESSIONS) - h;
      session.run(sid, v, ts(begin), begin + views * 30_000, `10.${(s >> 16) & 255}.${(s >> 8) & 255}.${s & 255}`, BROWSER);
      for (let k = 0; k < views; k++, h++) {
        hit.run(id(h), v, sid, 'g' + h.toString(36), ts(begin + k * 30_000), `http://localhost/page/${h % 500}`, 'Page', '');
      }
    }
  })();
  db.close();
  return Math.round(performance.now() - started);
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const round = (x) => Math.round(x * 100) / 100;

let seq = 0;
const wid = () => `p${Date.now().toString(36)}${(seq++).toString(36).padStart(7, '0')}`;
export const hitWrite = (url) => {
  const id = wid();
  return { id, type: 'hit', hit: id, at: Date.now(), data: { url, title: 'Probe', referrer: '' } };
};

export async function post(base, path, body, ip, extra = {}) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-forwarded-for': ip, 'user-agent': BROWSER, ...extra },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/**
 * Samples latency for `ms`: one health check, then one page view of the next returning visitor,
 * one at a time. Answers p50 and p99 of each, in ms, and the page views that were not answered 200.
 */
export async function probe(base, visitors, ms) {
  const health = [];
  const views = [];
  let failed = 0;
  const until = performance.now() + ms;
  for (let i = 0; performance.now() < until; i++) {
    let t = performance.now();
    const h = await fetch(base + 'health', { headers: { 'x-forwarded-for': '203.0.113.250' } });
    await h.arrayBuffer();
    health.push(performance.now() - t);
    const v = visitors[i % visitors.length];
    t = performance.now();
    const r = await fetch(base + 'w/' + SITE, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': v.ip, 'user-agent': BROWSER },
      body: JSON.stringify({ visitor: v.visitor, writes: [hitWrite('http://localhost/probe')] }),
    });
    await r.arrayBuffer();
    views.push(performance.now() - t);
    if (r.status !== 200) failed++;
    // A short pause: a steady stream of visitors, not a load test of its own.
    await new Promise((ok) => setTimeout(ok, 5));
  }
  return {
    health: { p50: round(pct(health, 50)), p99: round(pct(health, 99)), n: health.length },
    pageView: { p50: round(pct(views, 50)), p99: round(pct(views, 99)), n: views.length },
    failed,
  };
}

/** Runs an attack in a worker while the probe samples; answers both. */
async function underAttack(base, attack, ip, state, visitors, during) {
  const worker = new Worker(join(root, 'bench/abuse-attacks.mjs'), { workerData: { attack, url: base, ip, state } });
  const messages = [];
  const next = () => new Promise((ok, fail) => (worker.once('message', ok), worker.once('error', fail)));
  await next(); // ready
  await new Promise((ok) => setTimeout(ok, 500));
  const latency = await probe(base, visitors, PHASE_MS);
  const extra = during ? await during() : {};
  const done = next();
  worker.postMessage('stop');
  messages.push(await done);
  await worker.terminate();
  const { sent, perSecond, statuses } = messages[0];
  return { latency, attack: { sent, perSecond, statuses }, ...extra };
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-abuse-'));
  const dbPath = join(dir, 'abuse.db');
  let svc = null;
  try {
    const generateMs = await generate(dbPath);
    svc = await start(['dist/node/server/main.js'], {
      SVC_PORT: '0',
      SVC_DB: dbPath,
      SVC_SITE_CONFIG: join(root, 'demo-site/site-config.json'),
      SVC_TRUST_PROXY: '1',
    });
    const base = svc.url;
    // The probe's 40 returning visitors, each from an address of its own.
    const visitors = [];
    for (let i = 0; i < 40; i++) {
      const ip = `203.0.113.${i + 1}`;
      const r = await post(base, 'w/' + SITE, { visitor: null, writes: [hitWrite('http://localhost/')] }, ip);
      visitors.push({ ip, visitor: r.body.visitor });
    }
    // Three signed-in consoles (the console-wake attack holds their streams).
    const consoleCookies = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(base + 'op/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10' },
        body: JSON.stringify({ email: 'operator@demo.test', password: 'demo-operator' }),
      });
      await res.arrayBuffer();
      consoleCookies.push(
        res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      );
    }
    // Warm-up: the server opens a database the generator has just written, and its page cache is
    // cold; with 1 s of it the rest phase before the attacks measured 33-43 ms p99 against 14-17 ms
    // for the phase after them (two runs on a quiet machine), which made every ratio look smaller.
    await probe(base, visitors, 6000);
    const restBefore = await probe(base, visitors, PHASE_MS);
    const results = {};
    for (const [i, attack] of ATTACKS.entries()) {
      const ip = attackerOf(i);
      // The attacker's own visitor, for the writes that need one.
      const first = hitWrite('http://localhost/');
      const own = await post(base, 'w/' + SITE, { visitor: null, writes: [first] }, ip);
      const state = { visitor: own.body.visitor, hitId: first.id, consoleCookies };
      const during =
        attack === 'DT pool scripting'
          ? async () => {
              // What the script holds at the end of its run, and what the next real visitor gets.
              const db = new Database(dbPath, { readonly: true });
              const held = db
                .prepare('SELECT block_id, count(*) AS n FROM dt_leases WHERE until_ms > ? AND address_group = ? GROUP BY block_id')
                .all(Date.now(), ip);
              db.close();
              const share = Math.max(0, ...held.map((h) => h.n)) / POOL_SIZE;
              const person = await post(
                base,
                'w/' + SITE,
                { visitor: null, writes: [hitWrite('http://localhost/?utm_source=yandex&yclid=2')] },
                '192.0.2.77',
              );
              const dt = (person.body.results?.[0]?.result?.phones ?? []).some((p) => p.dt);
              return { poolShare: share, realVisitorGetsDtNumber: dt };
            }
          : null;
      results[attack] = await underAttack(base, attack, ip, state, visitors, during);
      // Let the server drain what the attack left in flight before the next one.
      await new Promise((ok) => setTimeout(ok, 1000));
    }
    // At rest again: the ratios are to the mean of both rest phases, which a machine shared with
    // other work moves too.
    const restAfter = await probe(base, visitors, PHASE_MS);
    const mean = (k, q) => round((restBefore[k][q] + restAfter[k][q]) / 2);
    const rest = {
      health: { p50: mean('health', 'p50'), p99: mean('health', 'p99') },
      pageView: { p50: mean('pageView', 'p50'), p99: mean('pageView', 'p99') },
      before: restBefore,
      after: restAfter,
    };

    const rows = [
      [
        'database',
        `${PAGE_VIEWS / 1e6}M page views, ${VISITORS / 1000}k visitors, ${SESSIONS / 1000}k sessions (generated in ${(generateMs / 1000).toFixed(1)} s)`,
        '',
      ],
      [
        'at rest: /health p50 / p99',
        `${rest.health.p50} / ${rest.health.p99} ms (before ${restBefore.health.p99}, after ${restAfter.health.p99})`,
        'reported',
      ],
      [
        'at rest: page view p50 / p99',
        `${rest.pageView.p50} / ${rest.pageView.p99} ms (p99 before ${restBefore.pageView.p99}, after ${restAfter.pageView.p99})`,
        'reported',
      ],
    ];
    const over = [];
    for (const attack of ATTACKS) {
      const r = results[attack];
      const ratio = (a, b) => round(a / Math.max(b, 0.01));
      r.ratios = {
        healthP50: ratio(r.latency.health.p50, rest.health.p50),
        healthP99: ratio(r.latency.health.p99, rest.health.p99),
        pageViewP50: ratio(r.latency.pageView.p50, rest.pageView.p50),
        pageViewP99: ratio(r.latency.pageView.p99, rest.pageView.p99),
      };
      if (r.ratios.pageViewP99 > 2) over.push(attack);
      const refused = Object.entries(r.attack.statuses)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');
      rows.push([
        `${attack}: page view p50 / p99`,
        `${r.ratios.pageViewP50}× / ${r.ratios.pageViewP99}× (${r.latency.pageView.p50} / ${r.latency.pageView.p99} ms; ${r.latency.failed} failed)`,
        'p99 ≤ 2×',
      ]);
      rows.push([`${attack}: /health p50 / p99`, `${r.ratios.healthP50}× / ${r.ratios.healthP99}×`, 'reported']);
      rows.push([`${attack}: attack sent`, `${r.attack.perSecond}/s (${refused})`, '']);
    }
    const dt = results['DT pool scripting'];
    if (dt)
      rows.push([
        'pool share held by the scripted client',
        `${Math.round(dt.poolShare * 100)}% (a real visitor then gets a DT number: ${dt.realVisitorGetsDtNumber ? 'yes' : 'no'})`,
        '≤ 20%',
      ]);
    rows.push(['attacks moving the page-view p99 past 2×', over.length ? over.join(', ') : 'none', 'none']);
    return { rows, figures: { generateMs, rest, attacks: results, over } };
  } finally {
    svc?.stop();
    // The server's SQLite files are removed after it has exited.
    await new Promise((ok) => setTimeout(ok, 500));
    rmSync(dir, { recursive: true, force: true });
  }
}

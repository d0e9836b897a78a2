// Reports at scale: SQLite databases of 10k, 100k and 1M page views spread
// over a year, made by a seeded generator, and the time of every report function for a month and
// for the year at each size, with the growth factor from 100k to 1M. A report over a fixed range
// should grow far less than the table: the paged ones read one page and count by index.
//
// The reports run through the real function path: the built server (dist/node) in this process,
// each call an HTTP request through Fastify's `inject` (routing, session check, argument schema,
// the function, its queries, the answer's schema and serialization), the figure the median of
// RUNS calls after one warm-up call.
//
// Generation goes around HTTP: the built server creates the schema (its real migrations) and the
// customer, sites, campaigns and API user (its real seed), then the traffic is inserted with
// prepared statements in one transaction. Databases are kept in bench-results/reports-db/ (git
// ignored), named by size, seed and generator version, so a rerun skips generation; a schema
// added since (a new migration) is applied when the server opens the kept file.
//
// PostgreSQL is an extra row when `--postgres URL` (or SVC_BENCH_PG) names a server: the same
// databases copied into schemas of its own there (postgresCopy).
//
// `node bench/reports.mjs [--sizes 10000,100000] [--runs 5] [--postgres URL] [--against DIR]` runs
// the section alone (build first); `--against` times another built tree (a worktree of an earlier
// version) on the same databases in turns with this one, and prints both and their ratio.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const name = 'reports';
export const title = 'Reports at scale (SQLite; median ms per report call, through Fastify inject)';

export const SIZES = [10_000, 100_000, 1_000_000];
const SEED = 17;
/** Bump when the generated data changes shape: kept databases of another version are not reused. */
const GENERATOR = 1;
const RUNS = 5;

/** The year of traffic (UTC); the month measured is its June. */
const YEAR_START = Date.UTC(2025, 0, 1);
const YEAR_MS = 365 * 864e5;
const RANGES = {
  month: { date_from: '2025-06-01', date_till: '2025-07-01' },
  year: { date_from: '2025-01-01', date_till: '2026-01-01' },
};

/** Traffic shape, per session (about 4 page views each). */
const SHAPE = {
  hitsPerSession: 4,
  sessionsPerVisitor: 2.5,
  goal: 0.05,
  chat: 0.02,
  offline: 0.01,
  callback: 0.01,
  call: 0.01,
  /** Share of visitors merged into an earlier visitor's person (they left the same phone). */
  merged: 0.1,
  /** Share of communications tagged, and of those with a sale. */
  tagged: 0.1,
  sale: 0.03,
};

/** Site 1 gets 85% of the traffic and five campaigns; site 2 the rest and none. */
const CAMPAIGNS = [
  { id: 10, name: 'Yandex Direct', utm: 'yandex' },
  { id: 11, name: 'Google Ads', utm: 'google' },
  { id: 12, name: 'Mailing', utm: 'mail' },
  { id: 13, name: 'VK', utm: 'vk' },
  { id: 14, name: 'Partners', utm: 'partner' },
];
const SEARCH = [
  ['https://www.google.com/search?q=tickets', 'google', 'tickets'],
  ['https://yandex.ru/search/?text=buy+tickets', 'yandex', 'buy tickets'],
  ['https://www.bing.com/search?q=concert', 'bing', 'concert'],
];
const TAGS = ['Target', 'Sale', 'Нецелевой'];

const site = (id, domain, campaigns) => ({
  id,
  domain,
  site_key: `bench-${id}`,
  widget_key: `wk-bench-${id}`,
  user_phone: null,
  origins: [],
  settings: { captcha: false, lang: 'ru' },
  blocks: [],
  campaigns: campaigns.map((c, i) => ({
    id: c.id,
    name: c.name,
    condition_groups: [
      { id: 100 + i, name: 'utm', conditions: [{ id: 1000 + i, ac_parameter: 'utm_source', ac_operator: '=', value: c.utm }] },
    ],
    blocks: [],
  })),
});
const SITE_CONFIG = {
  customers: [{ id: 1, name: 'Bench', employees: [], sites: [site(1, 'a.test', CAMPAIGNS), site(2, 'b.test', [])] }],
};
const LOGIN = 'bench';
const PASSWORD = 'bench-password';

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

const ts = (ms) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/** The built server of the tree at `tree` (this one unless `--against` names another). */
async function serverModules(tree = root) {
  const app = await import(pathToFileURL(join(tree, 'dist/node/server/app.js')).href);
  // The seed's hash is made by this tree's code: an earlier tree keeps it elsewhere.
  const pw = await import(pathToFileURL(join(root, 'dist/node/server/identity/password.js')).href);
  return { createServer: app.createServer, hashPassword: pw.hashPassword };
}

async function openServer(dbPath, tree = root) {
  const { createServer, hashPassword } = await serverModules(tree);
  return createServer({
    dbPath,
    siteConfig: SITE_CONFIG,
    bundleDir: join(tree, 'dist'),
    publicUrl: 'http://bench.test/',
    apiSeed: {
      customers: [{ id: 1 }],
      users: [{ login: LOGIN, password_hash: await hashPassword(PASSWORD, 1024), customer_id: 1 }],
      tags: TAGS.map((name) => ({ customer_id: 1, name })),
    },
    onWarning: () => {},
  });
}

/**
 * Fills a new database with `pageViews` page views and what comes with them. Sessions start at
 * random moments of the year, in time order (ids grow with time, as the server makes them); each
 * session is a visitor's, new or returning; communications hang off sessions.
 */
async function generate(dbPath, pageViews) {
  const started = performance.now();
  const server = await openServer(dbPath);
  await server.close();
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const rand = prng(SEED * 1_000_003 + pageViews);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const sessions = Math.round(pageViews / SHAPE.hitsPerSession);
  const tags = db.prepare('SELECT id, name FROM tags WHERE customer_id = 1 ORDER BY id').all();
  const ins = (table, cols) => db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
  const visitor = ins('visitors', ['id', 'site_id', 'token', 'created_at', 'first_ac_id', 'visits_count', 'person_id']);
  const visitorSeen = db.prepare('UPDATE visitors SET visits_count = ?, first_ac_id = ? WHERE id = ?');
  const session = ins('sessions', [
    'id',
    'site_id',
    'visitor_id',
    'ac_id',
    'start_time',
    'last_hit_ms',
    'ip',
    'user_agent',
    'browser_name',
    'os_name',
    'country',
    'city',
    'referrer',
    'referrer_domain',
    'search_engine',
    'search_query',
    'entrance_page',
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'yclid',
  ]);
  const hit = ins('hits', ['id', 'site_id', 'visitor_id', 'session_id', 'client_id', 'hit_time', 'url', 'title', 'referrer']);
  const goal = ins('goals', ['id', 'site_id', 'visitor_id', 'session_id', 'hit_id', 'name', 'category', 'action', 'start_time']);
  const chat = ins('chats', [
    'id',
    'site_id',
    'visitor_id',
    'session_id',
    'hit_id',
    'ac_id',
    'visitor_type',
    'status',
    'start_time',
    'start_ms',
    'answer_ms',
    'end_ms',
    'employee_id',
    'operator_name',
    'messages_count',
    'operator_message_count',
    'visitor_message_count',
    'page_url',
  ]);
  const message = ins('chat_messages', ['id', 'chat_id', 'sourse', 'user_id', 'message', 'date_time']);
  const offline = ins('offline_messages', [
    'id',
    'site_id',
    'visitor_id',
    'session_id',
    'hit_id',
    'date_time',
    'source',
    'name',
    'email',
    'phone',
    'message',
    'page_url',
    'ac_id',
    'visitor_first_ac',
    'visitor_type',
    'visits_count',
    'country',
    'city',
    'search_engine',
    'search_query',
    'referrer',
    'utm_source',
  ]);
  const call = ins('calls', [
    'id',
    'site_id',
    'communication_type',
    'call_date',
    'session_start',
    'status',
    'numa',
    'numb',
    'wait_time',
    'duration',
    'direction',
    'page_url',
    'visitor_id',
    'session_id',
    'hit_id',
    'ac_id',
    'visitor_first_ac',
    'visits_count',
    'visitor_type',
    'country',
    'city',
    'search_engine',
    'search_query',
    'utm_source',
    'request_status',
    'dispatch_state',
  ]);
  const phone = db.prepare('INSERT INTO visitor_phones (visitor_id, digits, phone, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const tagLink = ins('tag_links', ['object_type', 'object_id', 'tag_id', 'site_id', 'created_at']);
  const sale = ins('sales', ['object_type', 'object_id', 'site_id', 'sale_date', 'cost_kopecks', 'created_at']);

  // Session start times over the year, sorted: ids follow time.
  const starts = new Float64Array(sessions);
  for (let i = 0; i < sessions; i++) starts[i] = YEAR_START + Math.floor(rand() * YEAR_MS);
  starts.sort();

  const ids = { visitor: 0, hit: 0, goal: 0, chat: 0, message: 0, offline: 0, call: 0 };
  /** Visitors so far, per site: [id, visits, firstAc]. */
  const known = [[], [], []];
  const counts = { visitors: 0, sessions, hits: 0, goals: 0, chats: 0, messages: 0, offline: 0, calls: 0, tags: 0, sales: 0 };
  const mark = (type, id, siteId, at) => {
    if (rand() < SHAPE.tagged) {
      tagLink.run(type, id, pick(tags).id, siteId, at);
      counts.tags++;
    }
    if (rand() < SHAPE.sale) {
      sale.run(
        type,
        id,
        siteId,
        ts(Date.parse(at.replace(' ', 'T') + 'Z') + Math.floor(rand() * 20 * 864e5)),
        100 * Math.floor(1 + rand() * 50000),
        at,
      );
      counts.sales++;
    }
  };
  db.transaction(() => {
    for (let s = 0; s < sessions; s++) {
      const sid = s + 1;
      const siteId = rand() < 0.85 ? 1 : 2;
      const begin = starts[s];
      const at = ts(begin);
      // A returning visitor (one of the last ones of the site: returns come soon) or a new one.
      const pool = known[siteId];
      let v;
      if (pool.length && rand() > 1 / SHAPE.sessionsPerVisitor) {
        v = pool[Math.max(0, pool.length - 1 - Math.floor(rand() * Math.min(pool.length, 2000)))];
      } else {
        const vid = ++ids.visitor;
        // A merged visitor's person is an earlier visitor's (same phone): persons.ts keeps the older id.
        const person = pool.length && rand() < SHAPE.merged ? pick(pool)[3] : vid;
        v = [vid, 0, -1, person];
        pool.push(v);
        visitor.run(vid, siteId, vid.toString(16).padStart(32, '0'), at, -1, 0, person);
        counts.visitors++;
      }
      const ac = siteId === 1 && rand() < 0.6 ? pick(CAMPAIGNS) : null;
      const search = !ac && rand() < 0.5 ? pick(SEARCH) : null;
      v[1]++;
      if (v[2] === -1 && ac) v[2] = ac.id;
      const type = v[1] === 1 ? 'new' : 'returning';
      const views = 1 + Math.floor(rand() * (2 * SHAPE.hitsPerSession - 1));
      const entrance = `http://${siteId === 1 ? 'a' : 'b'}.test/${ac ? `?utm_source=${ac.utm}` : ''}`;
      session.run(
        sid,
        siteId,
        v[0],
        ac?.id ?? -1,
        at,
        begin + views * 30_000,
        `10.${(s >> 16) & 255}.${(s >> 8) & 255}.${s & 255}`,
        'Mozilla/5.0',
        'Chrome',
        'Linux',
        'Russia',
        pick(['Moscow', 'Kazan', 'Omsk']),
        search?.[0] ?? null,
        search ? new URL(search[0]).hostname : null,
        search?.[1] ?? null,
        search?.[2] ?? null,
        entrance,
        ac?.utm ?? null,
        ac ? 'cpc' : null,
        ac ? `c${ac.id}` : null,
        ac?.id === 10 ? `y${sid}` : null,
      );
      const firstHit = ids.hit + 1;
      for (let k = 0; k < views; k++) {
        const h = ++ids.hit;
        hit.run(
          h,
          siteId,
          v[0],
          sid,
          'g' + h.toString(36),
          ts(begin + k * 30_000),
          k ? `${entrance}page/${h % 300}` : entrance,
          'Page',
          k ? '' : (search?.[0] ?? ''),
        );
      }
      counts.hits += views;
      visitorSeen.run(v[1], v[2], v[0]);
      const later = (k) => ts(begin + k * 30_000 + 5000);
      const ctx = [ac?.id ?? -1, v[2], type, v[1], 'Russia', 'Moscow', search?.[1] ?? null, search?.[2] ?? null];
      if (rand() < SHAPE.goal) {
        const id = ++ids.goal;
        goal.run(id, siteId, v[0], sid, firstHit, 'order', 'shop', 'order', later(1));
        mark('goal', id, siteId, later(1));
        counts.goals++;
      }
      if (rand() < SHAPE.chat) {
        const id = ++ids.chat;
        const n = 2 + Math.floor(rand() * 9);
        const startMs = begin + 60_000;
        const status = pick(['succeed', 'succeed', 'lost', 'refused']);
        chat.run(
          id,
          siteId,
          v[0],
          sid,
          firstHit,
          ac?.id ?? -1,
          type,
          status,
          ts(startMs),
          startMs,
          startMs + 20_000,
          startMs + n * 40_000,
          null,
          'Anna',
          n,
          n >> 1,
          n - (n >> 1),
          entrance,
        );
        for (let m = 0; m < n; m++)
          message.run(++ids.message, id, m % 2 ? 'Оператор' : 'Посетитель', null, `message ${m}`, ts(startMs + m * 40_000));
        mark('chat', id, siteId, ts(startMs));
        counts.chats++;
        counts.messages += n;
      }
      const number = `7916${String(v[3] % 10_000_000).padStart(7, '0')}`;
      if (rand() < SHAPE.offline) {
        const id = ++ids.offline;
        offline.run(
          id,
          siteId,
          v[0],
          sid,
          firstHit,
          later(2),
          'form',
          'Ivan',
          null,
          number,
          'call me',
          entrance,
          ctx[0],
          ctx[1],
          ctx[2],
          ctx[3],
          ctx[4],
          ctx[5],
          ctx[6],
          ctx[7],
          search?.[0] ?? null,
          ac?.utm ?? null,
        );
        phone.run(v[0], number, number, later(2));
        mark('offline_message', id, siteId, later(2));
        counts.offline++;
      }
      for (const [share, kind] of [
        [SHAPE.callback, 'sitephone'],
        [SHAPE.call, 'call'],
      ]) {
        if (rand() >= share) continue;
        const id = ++ids.call;
        const answered = rand() < 0.8;
        call.run(
          id,
          siteId,
          kind,
          later(3),
          at,
          answered ? 'normal' : 'lost',
          number,
          '74957770011',
          12,
          answered ? 95 : 0,
          kind === 'call' ? 'in' : 'out',
          entrance,
          v[0],
          sid,
          firstHit,
          ctx[0],
          ctx[1],
          ctx[3],
          ctx[2],
          ctx[4],
          ctx[5],
          ctx[6],
          ctx[7],
          ac?.utm ?? null,
          200,
          'queued',
        );
        mark(kind === 'call' ? 'cdr_in' : 'sitephone', id, siteId, later(3));
        counts.calls++;
      }
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  // The planner's statistics, as a long-running database would have them after `PRAGMA optimize`.
  db.exec('ANALYZE');
  db.close();
  return { ms: Math.round(performance.now() - started), counts };
}

/** The kept database of this size, generated first when missing. */
async function database(pageViews) {
  const dir = join(root, 'bench-results/reports-db');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `reports-${pageViews}-seed${SEED}-g${GENERATOR}.db`);
  if (existsSync(file)) return { file, generated: null };
  const tmp = file + '.tmp';
  for (const f of [tmp, tmp + '-wal', tmp + '-shm']) rmSync(f, { force: true });
  const generated = await generate(tmp, pageViews);
  renameSync(tmp, file);
  for (const f of [tmp + '-wal', tmp + '-shm']) rmSync(f, { force: true });
  return { file, generated };
}

/** The calls measured: [label, function, arguments(range, sample)]. */
const CALLS = [
  ['stat', 'stat', (r) => ({ site_id: 1, ...r })],
  ['communication', 'communication', (r) => ({ site_id: 1, ...r })],
  ['communication only_first', 'communication', (r) => ({ site_id: 1, ...r, only_first: true })],
  ['communication show_not_goal=false', 'communication', (r) => ({ site_id: 1, ...r, show_not_goal: false })],
  ['communication ac_id, tag_id', 'communication', (r) => ({ site_id: 1, ...r, ac_id: 10, tag_id: 1 })],
  ['goal', 'goal', (r) => ({ site_id: 1, ...r })],
  ['call', 'call', (r) => r],
  ['chat', 'chat', (r) => ({ site_id: 1, ...r })],
  ['chat_messages', 'chat_messages', (_r, x) => ({ chat_id: x.chat })],
  ['offline_message', 'offline_message', (r) => ({ site_id: 1, ...r })],
  ['visitor', 'visitor', (_r, x) => ({ visitor_id: x.visitor })],
  ['session_info', 'session_info', (_r, x) => ({ session_id: x.session })],
  ['person_by_visitor', 'person_by_visitor', (_r, x) => ({ id: x.visitor })],
  ['visitors_by_person', 'visitors_by_person', (_r, x) => ({ id: x.person })],
  ['advertising_sales', 'advertising_sales', (r) => ({ site_id: 1, ...r })],
  ['advertising_sales all', 'advertising_sales', (r) => ({ site_id: 1, ...r, only_first: false, only_quality: false })],
  // The app (src/app): the journal's pages…
  ['app journal', 'journal', (r) => ({ site_id: 1, ...r })],
  ['app journal type=cdr_in', 'journal', (r) => ({ site_id: 1, ...r, type: 'cdr_in' })],
  ['app journal type=goal', 'journal', (r) => ({ site_id: 1, ...r, type: 'goal' })],
  ['app journal offset=1000', 'journal', (r) => ({ site_id: 1, ...r, offset: 1000 })],
  // …and every read of the campaign report: its chart, then per period the campaigns, each one's
  // `stat` and the site's `advertising_sales`, as pages/report.tsx asks them.
  ['app daily', 'daily_report', (r) => ({ site_id: 1, ...r })],
  ['app report ac', 'ac', () => ({ site_id: 1, limit: 1000 })],
  ['app report stat ac_id', 'stat', (r) => ({ site_id: 1, ...r, ac_id: 10 })],
  ['app report advertising_sales', 'advertising_sales', (r) => ({ site_id: 1, ...r, only_first: false, only_quality: false, limit: 1000 })],
];
/** Calls whose arguments name no range: measured once per size, shown in both columns. */
const NO_RANGE = new Set(['chat_messages', 'visitor', 'session_info', 'person_by_visitor', 'visitors_by_person', 'app report ac']);

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const round = (x) => (x >= 100 ? Math.round(x) : Math.round(x * 10) / 10);

/**
 * Samples inside the measured month, from the SQLite file (a PostgreSQL copy holds the same ids):
 * a chat with messages, a visitor of several sessions in a merged person.
 */
function samples(file) {
  const db = new Database(file, { readonly: true });
  try {
    const chat = db
      .prepare("SELECT id FROM chats WHERE site_id = 1 AND start_time >= '2025-06-10' ORDER BY site_id, start_time LIMIT 1")
      .get().id;
    const visitor = db
      .prepare(
        "SELECT id, person_id FROM visitors WHERE site_id = 1 AND visits_count >= 3 AND person_id <> id AND created_at >= '2025-06-10' LIMIT 1",
      )
      .get();
    const session = db.prepare('SELECT id FROM sessions WHERE visitor_id = ? ORDER BY id DESC LIMIT 1').get(visitor.id).id;
    return { chat, visitor: visitor.id, person: visitor.person_id, session };
  } finally {
    db.close();
  }
}

/**
 * Times every call on one database (`dbPath`: the SQLite file or a PostgreSQL URL); ms by label and
 * range. With `against` (another tree, built), that tree's server answers the same calls on the
 * same database in turns with this one's (A, B, B, A, …), so load that comes and goes falls on both
 * alike; each figure then carries the other's median as `other` and `ratio` (this / other).
 */
async function measure(file, runs, dbPath = file, against = undefined) {
  const sample = samples(file);
  const servers = [await openServer(dbPath)];
  if (against) servers.push(await openServer(dbPath, against));
  try {
    const keys = [];
    for (const server of servers) {
      const login = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: LOGIN, password: PASSWORD } });
      const key = login.json().data?.session_key;
      if (!key) throw new Error(`bench login failed: ${login.body}`);
      keys.push(key);
    }
    const out = {};
    for (const [label, fn, args] of CALLS) {
      out[label] = {};
      for (const [range, r] of Object.entries(RANGES)) {
        if (NO_RANGE.has(label) && range === 'year') {
          out[label].year = out[label].month;
          continue;
        }
        const app = fn.startsWith('/app/');
        const calls = servers.map((server, s) => {
          const query = app ? args(r, sample) : { session_key: keys[s], ...args(r, sample) };
          const url = app ? fn : fn === 'visitor' ? `/api/v1/visitor/${query.visitor_id}/` : `/api/v1/${fn}/`;
          if (fn === 'visitor') delete query.visitor_id;
          return () =>
            server.app.inject({
              method: 'GET',
              url,
              headers: { accept: 'application/json', ...(app ? { 'x-session-key': keys[s] } : {}) },
              query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
            });
        });
        let total = null;
        for (const [s, call] of [...calls.entries()]) {
          const first = await call();
          const failed = first.statusCode !== 200 || first.json().success === false;
          // An earlier version may lack a call (the app's reads came later): this build's only.
          if (failed && s > 0) calls.splice(s, 1);
          else if (failed) throw new Error(`${label}: ${first.statusCode} ${first.body.slice(0, 300)}`);
          // A list's total: in the answer, or in the header of every page.
          else total ??= first.json().total ?? first.json().data?.total ?? (Number(first.headers['x-total-count']) || null);
        }
        const times = calls.map(() => []);
        for (let i = 0; i < runs; i++) {
          // A, B, B, A, …: neither build always goes first.
          const order = calls.map((_, s) => s);
          if (i % 2) order.reverse();
          for (const s of order) {
            const t = performance.now();
            await calls[s]();
            times[s].push(performance.now() - t);
          }
        }
        const ms = round(median(times[0]));
        out[label][range] = times[1]?.length
          ? { ms, total, other: round(median(times[1])), ratio: Math.round((median(times[0]) / median(times[1])) * 100) / 100 }
          : { ms, total };
      }
    }
    return out;
  } finally {
    for (const server of servers) await server.close();
  }
}

/** The tables the generator fills, in an order their foreign keys accept. */
const TRAFFIC = [
  'visitors',
  'sessions',
  'hits',
  'goals',
  'chats',
  'chat_messages',
  'offline_messages',
  'calls',
  'visitor_phones',
  'tag_links',
  'sales',
];

/**
 * The same database on PostgreSQL (`--postgres URL`): a schema of its own named by size, seed and
 * generator version, made by the built server (its migrations and seed, so the sites, campaigns,
 * user and tags get the same ids), then the SQLite file's traffic copied in, 5,000 rows per
 * statement (`INSERT … SELECT * FROM unnest($1::int8[], …)`). Kept like the SQLite files.
 */
async function postgresCopy(file, pageViews, baseUrl) {
  const { default: pg } = await import('pg');
  const schema = `bench_reports_${pageViews}_s${SEED}_g${GENERATOR}`;
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const kept = await admin.query('SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2', [
      schema,
      'done_marker',
    ]);
    if (kept.rowCount) return { url: url.toString(), generated: null };
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const started = performance.now();
  const server = await openServer(url.toString());
  await server.close();
  const sqlite = new Database(file, { readonly: true });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    for (const table of TRAFFIC) {
      const types = new Map(
        (
          await client.query('SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2', [
            schema,
            table,
          ])
        ).rows.map((r) => [r.column_name, r.udt_name]),
      );
      const cols = sqlite
        .prepare(`PRAGMA table_info(${table})`)
        .all()
        .map((c) => c.name);
      const insert = `INSERT INTO ${table} (${cols.join(', ')}) SELECT * FROM unnest(${cols.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ')})`;
      let batch = cols.map(() => []);
      const flush = async () => {
        if (batch[0].length) await client.query(insert, batch);
        batch = cols.map(() => []);
      };
      for (const row of sqlite
        .prepare(`SELECT ${cols.join(', ')} FROM ${table}`)
        .raw()
        .iterate()) {
        row.forEach((v, i) => batch[i].push(v));
        if (batch[0].length === 5000) await flush();
      }
      await flush();
    }
    await client.query('ANALYZE');
    await client.query('CREATE TABLE done_marker (at text)');
  } finally {
    await client.end();
    sqlite.close();
  }
  return { url: url.toString(), generated: { ms: Math.round(performance.now() - started) } };
}

/** Rows of each growing table, for the table under the figures. */
function tableRows(file) {
  const db = new Database(file, { readonly: true });
  try {
    const n = (t) => db.prepare(`SELECT count(*) AS n FROM ${t}`).get().n;
    return Object.fromEntries(
      ['hits', 'sessions', 'visitors', 'goals', 'chats', 'chat_messages', 'offline_messages', 'calls', 'tag_links', 'sales'].map((t) => [
        t,
        n(t),
      ]),
    );
  } finally {
    db.close();
  }
}

export async function run({ sizes = SIZES, runs = RUNS, postgres = process.env.SVC_BENCH_PG, against = undefined } = {}) {
  const figures = { seed: SEED, runs, against, sizes: {}, postgres: postgres ? {} : undefined };
  const rows = [];
  const load = () => loadavg().map((x) => Math.round(x * 100) / 100);
  for (const size of sizes) {
    const { file, generated } = await database(size);
    const before = load();
    const times = await measure(file, runs, file, against);
    figures.sizes[size] = {
      generatedMs: generated?.ms ?? null,
      fileMiB: Math.round(statSync(file).size / 2 ** 20),
      rows: tableRows(file),
      loadAverageBefore: before,
      loadAverageAfter: load(),
      times,
    };
    rows.push([
      `${size.toLocaleString('en')} page views: ${generated ? `generated in ${(generated.ms / 1000).toFixed(1)} s` : 'kept database'}, ${figures.sizes[size].fileMiB} MiB, load ${before.join(' ')}`,
      '',
    ]);
    if (postgres) {
      const copy = await postgresCopy(file, size, postgres);
      const pgBefore = load();
      figures.postgres[size] = {
        copiedMs: copy.generated?.ms ?? null,
        loadAverageBefore: pgBefore,
        times: await measure(file, runs, copy.url, against),
      };
      rows.push([
        `  PostgreSQL copy: ${copy.generated ? `copied in ${(copy.generated.ms / 1000).toFixed(1)} s` : 'kept schema'}, load ${pgBefore.join(' ')}`,
        '',
      ]);
    }
  }
  const big = sizes.at(-1);
  const mid = sizes.at(-2);
  const table = (title, bySize) => {
    rows.push([
      `${title} (month / year), ms`,
      sizes.map((s) => `${s / 1000}k`).join(' | ') + (mid ? `   growth ${mid / 1000}k→${big / 1000}k` : ''),
    ]);
    for (const [label] of CALLS) {
      const t = (s) => bySize[s].times[label];
      // With --against: this build's figures, then the other's, then this / other.
      const cell = (s) =>
        `${t(s).month.ms} / ${t(s).year.ms}` +
        (t(s).month.other !== undefined ? ` vs ${t(s).month.other} / ${t(s).year.other}, ×${t(s).month.ratio} / ×${t(s).year.ratio}` : '');
      const growth = (range) => round(bySize[big].times[label][range].ms / bySize[mid].times[label][range].ms);
      rows.push([`  ${label}`, sizes.map(cell).join(' | ') + (mid ? `   ×${growth('month')} / ×${growth('year')}` : '')]);
    }
  };
  table('SQLite', figures.sizes);
  if (postgres) table('PostgreSQL', figures.postgres);
  if (mid)
    rows.push([`table growth ${mid / 1000}k→${big / 1000}k`, `×${round(figures.sizes[big].rows.hits / figures.sizes[mid].rows.hits)}`]);
  return { rows, figures };
}

// Alone: `node bench/reports.mjs [--sizes a,b,c] [--runs n] [--postgres URL] [--against DIR]`.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const opt = (n) => {
    const i = args.indexOf(n);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sizes = opt('--sizes')?.split(',').map(Number) ?? SIZES;
  const { rows, figures } = await run({
    sizes,
    runs: Number(opt('--runs') ?? RUNS),
    postgres: opt('--postgres') ?? process.env.SVC_BENCH_PG,
    against: opt('--against'),
  });
  for (const r of rows) console.log(r.filter(Boolean).join('   '));
  if (opt('--json')) (await import('node:fs')).writeFileSync(opt('--json'), JSON.stringify(figures, null, 2) + '\n');
}

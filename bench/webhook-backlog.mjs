// The webhook backlog: `/health` and a page view while the outbox holds 250,000 pending events
// (20 endpoints of the demo customer whose receiver refuses every connection, 7,500 each, and
// 100,000 of a switched-off endpoint), written straight into the database, against the same
// server before the backlog was written. The worker claims and fails deliveries all the while.
// Goal: both p99s within 2× of the idle ones (each claim once read and sorted every due row:
// `/health` went from 1 ms to ~180 ms at this size). The two states cannot take turns (the
// backlog stays once written), so each is measured ROUNDS times and the medians are compared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { demoApi, load, MANY, pageViews, start, visitorOf } from './server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const name = 'webhook-backlog';
export const title = 'Webhook backlog (/health and page-view p99 with 250,000 pending events against none)';

const ROUNDS = 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run({ duration = 3, connections = 10 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const dbPath = join(dir, 'bench.db');
  const svc = await start(['dist/node/server/main.js'], {
    SVC_PORT: '0',
    SVC_DB: dbPath,
    SVC_SITE_CONFIG: join(root, 'demo-site/site-config.json'),
    SVC_API_SEED: join(root, 'demo-site/api-seed.json'),
    SVC_WEBHOOK_ALLOW_HTTP: 'on',
    SVC_WEBHOOK_ALLOW_LOOPBACK: 'on',
    SVC_LOG_LEVEL: 'error',
    SVC_RATE_IP: '0',
    SVC_RATE_VISITOR: '0',
    SVC_RATE_FIRST_VISITS: '0',
  });
  try {
    const many = [];
    for (let i = 0; i < MANY; i++) many.push(await visitorOf(svc.url));
    const api = await demoApi(svc.url);
    // Port 1 refuses at once: every delivery fails, and the worker keeps claiming.
    const endpoints = [];
    for (let i = 0; i < 20; i++)
      endpoints.push((await api('create_webhook', { url: `http://127.0.0.1:1/hook${i}`, events: ['goal.reached'] })).id);
    const measure = async () => {
      const health = await load({ url: svc.url + 'health', connections: 4, duration });
      const views = await load(pageViews(svc.url, many, connections, duration));
      return { health: health.latency.p99, view: views.latency.p99, errors: views.errors + views.non2xx + health.errors + health.non2xx };
    };
    await measure();
    const idle = [];
    for (let i = 0; i < ROUNDS; i++) idle.push(await measure());

    const db = new Database(dbPath);
    db.pragma('busy_timeout = 10000');
    const customer = db.prepare('SELECT customer_id FROM webhook_endpoints WHERE id = ?').get(endpoints[0]).customer_id;
    const off = db
      .prepare(
        "INSERT INTO webhook_endpoints (customer_id, url, events, secret, enabled, created_at) VALUES (?, 'http://127.0.0.1:1/off', '[]', 'x', 0, '2026-01-01 00:00:00') RETURNING id",
      )
      .get(customer).id;
    const now = Date.now();
    const fill = db.prepare(`
      INSERT INTO webhook_outbox (endpoint_id, customer_id, event_type, object_kind, object_id, created_ms, next_attempt_ms)
      WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < ?)
      SELECT ?, ?, 'goal.reached', 'goal', i, ?, ? FROM g`);
    for (const id of endpoints) fill.run(7_500, id, customer, now, now);
    fill.run(100_000, off, customer, now, now);
    const rows = db.prepare('SELECT COUNT(*) AS n FROM webhook_outbox').get().n;
    db.close();
    await new Promise((ok) => setTimeout(ok, 2000));
    const loaded = [];
    for (let i = 0; i < ROUNDS; i++) loaded.push(await measure());

    const sum = (list) => ({ health: median(list.map((r) => r.health)), view: median(list.map((r) => r.view)) });
    const a = sum(idle);
    const b = sum(loaded);
    const healthRatio = b.health / Math.max(a.health, 1);
    const viewRatio = b.view / Math.max(a.view, 1);
    const errors = [...idle, ...loaded].reduce((n, r) => n + r.errors, 0);
    return {
      figures: { rows, rounds: ROUNDS, idle, loaded, healthRatio, viewRatio, errors },
      rows: [
        [`outbox rows written`, rows, '250,000 and the 20 endpoints’ own'],
        [`/health p99, idle / backlog (median of ${ROUNDS})`, `${a.health} / ${b.health} ms`, 'reported'],
        [`page-view p99, idle / backlog (median of ${ROUNDS})`, `${a.view} / ${b.view} ms`, 'reported'],
        ['/health p99 ratio, backlog / idle', `${healthRatio.toFixed(2)}×`, '≤ 2×'],
        ['page-view p99 ratio, backlog / idle', `${viewRatio.toFixed(2)}×`, '≤ 2×'],
        ['errors and non-2xx answers', errors, '0'],
      ],
    };
  } finally {
    svc.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Webhooks and page views: the page-view endpoint's p99 latency under autocannon while goals are
// announced to a customer's webhook whose receiver never answers, against the same load with no
// webhook. Delivery runs from the outbox after the commit, so a hanging receiver should cost a
// page view nothing (goal: within 1.2× of the run without one). A p99 of a few seconds' load moves
// by a third from one run to the next on two cores, so the two states take turns (the endpoint
// switched on and off through change_webhook), ROUNDS runs each, and the medians are compared.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoApi, load, MANY, pageViews, start, visitorOf, wid } from './server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const name = 'webhooks';
export const title = 'Webhooks (page-view p99 while goals go to a receiver that never answers)';

/** A page view that the goals are made on: its visitor and hit. */
async function pageOf(url) {
  const hit = wid();
  const res = await fetch(url + 'w/demo-site', {
    method: 'POST',
    body: JSON.stringify({
      visitor: null,
      writes: [
        { id: hit, type: 'hit', hit, at: Date.now(), data: { url: 'http://localhost/?utm_source=yandex', title: 'Bench', referrer: '' } },
      ],
    }),
  });
  return { visitor: (await res.json()).visitor, hit };
}

/** Posts a goal every `everyMs` until stopped; the count of goals stored. */
function goals(url, page, everyMs) {
  let stored = 0;
  const timer = setInterval(() => {
    const body = JSON.stringify({
      visitor: page.visitor,
      writes: [{ id: wid(), type: 'event', hit: page.hit, at: Date.now(), data: { category: 'bench', action: 'goal' } }],
    });
    fetch(url + 'w/demo-site', { method: 'POST', body })
      .then((r) => r.ok && stored++)
      .catch(() => {});
  }, everyMs);
  return () => {
    clearInterval(timer);
    return stored;
  };
}

const ROUNDS = 5;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run({ duration = 3, connections = 20 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  // Accepts every connection and never answers.
  const held = new Set();
  const hanging = createServer((req) => held.add(req));
  await new Promise((ok) => hanging.listen(0, '127.0.0.1', ok));
  const svc = await start(['dist/node/server/main.js'], {
    SVC_PORT: '0',
    SVC_DB: join(dir, 'bench.db'),
    SVC_SITE_CONFIG: join(root, 'demo-site/site-config.json'),
    SVC_API_SEED: join(root, 'demo-site/api-seed.json'),
    SVC_WEBHOOK_ALLOW_HTTP: 'on',
    SVC_WEBHOOK_ALLOW_LOOPBACK: 'on',
    SVC_LOG_LEVEL: 'warn',
    SVC_RATE_IP: '0',
    SVC_RATE_VISITOR: '0',
    SVC_RATE_FIRST_VISITS: '0',
  });
  try {
    const many = [];
    for (let i = 0; i < MANY; i++) many.push(await visitorOf(svc.url));
    const page = await pageOf(svc.url);
    const measure = async () => {
      const stop = goals(svc.url, page, 20);
      const r = await load(pageViews(svc.url, many, connections, duration));
      return { p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx, goals: stop() };
    };
    await load(pageViews(svc.url, many, connections, 1));

    const api = await demoApi(svc.url);
    const { id } = await api('create_webhook', { url: `http://127.0.0.1:${hanging.address().port}/hook`, events: ['goal.reached'] });
    const runs = { without: [], withHanging: [] };
    // Taking turns, A B B A A B ...: a drift of the machine falls on both states alike.
    for (let i = 0; i < ROUNDS * 2; i++) {
      const state = (i >> 1) % 2 === i % 2 ? 'without' : 'withHanging';
      await api('change_webhook', { id, is_enabled: state === 'withHanging' });
      runs[state].push(await measure());
    }
    const summary = (list) => ({
      p99: median(list.map((r) => r.p99)),
      rps: median(list.map((r) => r.rps)),
      goals: list.reduce((n, r) => n + r.goals, 0),
      errors: list.reduce((n, r) => n + r.errors, 0),
      p99s: list.map((r) => r.p99),
    });
    const without = summary(runs.without);
    const withHanging = summary(runs.withHanging);
    const ratio = withHanging.p99 / Math.max(without.p99, 1);
    const figures = { connections, duration, rounds: ROUNDS, without, withHanging, p99Ratio: ratio, deliveriesHeld: held.size };
    return {
      figures,
      rows: [
        [
          `page-view p99, no webhook (median of ${ROUNDS})`,
          `${without.p99} ms [${without.p99s.join(', ')}] (${without.rps} req/s, ${without.goals} goals)`,
          'reported',
        ],
        [
          `page-view p99, receiver never answers (median of ${ROUNDS})`,
          `${withHanging.p99} ms [${withHanging.p99s.join(', ')}] (${withHanging.rps} req/s, ${withHanging.goals} goals, ${held.size} deliveries hanging)`,
          'reported',
        ],
        ['p99 ratio, hanging / none (medians)', `${ratio.toFixed(2)}×`, '≤ 1.2×'],
        ['errors and non-2xx answers', without.errors + withHanging.errors, '0'],
      ],
    };
  } finally {
    svc.stop();
    for (const req of held) req.socket.destroy();
    hanging.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

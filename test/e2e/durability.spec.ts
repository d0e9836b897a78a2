import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WriteResponse } from '../../src/protocol.js';
import { credentials, expect, test } from './fixtures.js';
import { freshDbPath, rowsOf, testPostgresUrl } from '../support/test-database.js';

/**
 * Durability against a real server process (the built dist/node/server/main.js, as `npm start`
 * runs it): SIGKILL in the middle of a burst of writes, restart on the same database (a SQLite
 * file, or a PostgreSQL schema in the PostgreSQL run), and
 * nothing the server confirmed is lost, nothing is half-written, and the re-sent rest is stored
 * exactly once.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface Proc {
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts the server as a child process on `port` (0: any) and waits until it listens. */
function startServer(dbPath: string, port = 0, env: Record<string, string> = {}): Promise<Proc> {
  const child = spawn(process.execPath, [join(root, 'dist/node/server/main.js')], {
    env: {
      ...process.env,
      SVC_PORT: String(port),
      SVC_HOST: '127.0.0.1',
      SVC_DB: dbPath,
      SVC_SITE_CONFIG: join(root, 'test/e2e/site-config.json'),
      SVC_BUNDLE_DIR: join(root, 'dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    // A first start on a fresh PostgreSQL schema runs every migration: seconds on a busy machine.
    const t = setTimeout(() => reject(new Error('server did not start: ' + out)), 45_000);
    const read = (d: Buffer) => {
      out += d;
      const m = /consultant server: (http:\/\/127\.0\.0\.1:(\d+)\/)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve({ url: m[1]!, port: Number(m[2]), child, exited });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => {
      clearTimeout(t);
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
}

async function kill(p: Proc) {
  p.child.kill('SIGKILL');
  await p.exited;
}

let dir: string;
const procs: Proc[] = [];
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-durability-'));
});
test.afterEach(async () => {
  for (const p of procs.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) await kill(p);
  rmSync(dir, { recursive: true, force: true });
});
async function server(dbPath: string, port = 0, env: Record<string, string> = {}) {
  const p = await startServer(dbPath, port, env);
  procs.push(p);
  return p;
}

const postBatch = (url: string, body: unknown) =>
  fetch(url + 'w/test-site', { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify(body) });

test('a server killed mid-burst keeps every write it confirmed, none half-written, and stores the re-sent rest once', async () => {
  // On PostgreSQL each of the two starts runs migrations and every write is a round trip: longer.
  test.setTimeout(testPostgresUrl ? 150_000 : 60_000);
  const dbPath = freshDbPath(join(dir, 'svc.db'));
  // One visitor sending 2400 writes in seconds is far past what the rate limits let a real one do.
  const unlimited = { SVC_RATE_IP: '0', SVC_RATE_VISITOR: '0', SVC_RATE_HEAVY_WRITES: '0' };
  let p = await server(dbPath, 0, unlimited);

  const hitId = 'durhit' + Date.now().toString(36);
  const first = (await (
    await postBatch(p.url, {
      visitor: null,
      writes: [
        { id: hitId, type: 'hit', hit: hitId, at: Date.now(), data: { url: 'http://localhost/burst', title: 'Burst', referrer: '' } },
      ],
    })
  ).json()) as WriteResponse;
  const visitor = first.visitor!;
  // A batch of up to 8 writes (STEP_WRITES) is one transaction, all or nothing; a longer one is
  // stored in steps of 8 (ingest/heavy-batches.ts), each all or nothing.
  const BATCHES = 300;
  const PER = 8;
  const batches = Array.from({ length: BATCHES }, (_, b) => ({
    visitor,
    writes: Array.from({ length: PER }, (_, i) => {
      const id = `burst${b.toString().padStart(4, '0')}x${i}`;
      return { id, type: 'event', hit: hitId, at: Date.now(), data: { category: 'burst', action: `b${b}`, name: id } };
    }),
  }));

  // 16 requests in flight; SIGKILL once 60 batches are confirmed, with others on the wire.
  const confirmed = new Set<number>();
  let next = 0;
  let killed: Promise<void> | null = null;
  const worker = async () => {
    while (next < BATCHES) {
      const b = next++;
      try {
        const res = await postBatch(p.url, batches[b]);
        const body = (await res.json()) as WriteResponse;
        if (res.status === 200 && body.results.every((r) => r.success)) confirmed.add(b);
      } catch {
        return; // the server is gone
      }
      if (confirmed.size >= 60 && !killed) killed = kill(p);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  await killed;
  expect(confirmed.size).toBeGreaterThanOrEqual(60);
  expect(confirmed.size, 'the kill came in the middle of the burst').toBeLessThan(BATCHES);

  p = await server(dbPath, 0, unlimited);
  const db = rowsOf(dbPath) ?? new Database(dbPath, { readonly: true });
  try {
    const stored = new Map<string, number>();
    for (const r of db.prepare(`SELECT label, count(*) n FROM goals WHERE category = 'burst' GROUP BY label`).all() as Array<{
      label: string;
      n: number;
    }>) {
      stored.set(r.label, r.n);
    }
    const dedupe = new Set(
      (db.prepare(`SELECT id FROM client_writes WHERE id LIKE 'burst%'`).all() as Array<{ id: string }>).map((r) => r.id),
    );
    let unconfirmedButStored = 0;
    batches.forEach((batch, b) => {
      const ids = batch.writes.map((w) => w.id);
      const inGoals = ids.filter((id) => stored.has(id)).length;
      const inDedupe = ids.filter((id) => dedupe.has(id)).length;
      if (confirmed.has(b)) expect(inGoals, `confirmed batch ${b} is all there`).toBe(PER);
      expect([0, PER], `batch ${b} is all or nothing`).toContain(inGoals);
      expect(inDedupe, `batch ${b}: goals and the dedupe table agree`).toBe(inGoals);
      if (!confirmed.has(b) && inGoals) unconfirmedButStored++;
    });
    expect(
      [...stored.values()].every((n) => n === 1),
      'no write stored twice',
    ).toBe(true);
    console.log(
      `durability: ${confirmed.size} of ${BATCHES} batches confirmed before SIGKILL, ${unconfirmedButStored} more committed whose answer was lost`,
    );

    // The outbox sends everything it was not told was stored, the lost answers included.
    const rest = batches.filter((_, b) => !confirmed.has(b));
    const resend = async () => {
      for (let batch = rest.pop(); batch; batch = rest.pop()) {
        const r = (await (await postBatch(p.url, batch)).json()) as WriteResponse;
        expect(r.results.every((x) => x.success)).toBe(true);
      }
    };
    await Promise.all(Array.from({ length: 8 }, resend));
    expect(db.prepare(`SELECT count(*) n, count(DISTINCT label) d FROM goals WHERE category = 'burst'`).get()).toEqual({
      n: BATCHES * PER,
      d: BATCHES * PER,
    });
  } finally {
    db.close();
  }
});

test('the rate limits are read from SVC_RATE_* and a bad value stops the start', async () => {
  const p = await server(join(dir, 'limits.db'), 0, { SVC_RATE_IP: '2', SVC_RATE_VISITOR: '0', SVC_RATE_WINDOW_MS: '60000' });
  const hit = () => {
    const id = 'rate' + Math.random().toString(36).slice(2, 12);
    return postBatch(p.url, {
      visitor: null,
      writes: [{ id, type: 'hit', hit: id, at: Date.now(), data: { url: 'http://localhost/', title: '', referrer: '' } }],
    });
  };
  expect((await hit()).status).toBe(200);
  expect((await hit()).status).toBe(200);
  const refused = await hit();
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  await expect(startServer(join(dir, 'bad.db'), 0, { SVC_RATE_IP: 'lots' })).rejects.toThrow(
    /exited with 1: .*SVC_RATE_IP must be a whole number/,
  );
});

test('the page’s outbox re-sends what a killed server did not store: exactly 50 events, no duplicates', async ({ page, pageErrors }) => {
  test.setTimeout(60_000);
  void pageErrors;
  const dbPath = freshDbPath(join(dir, 'svc.db'));
  let p = await server(dbPath);
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const site = await startSite({ root: join(root, 'test/e2e/pages'), svcUrl: p.url, port: 0, host: 'localhost' });
  const db = rowsOf(dbPath) ?? new Database(dbPath, { readonly: true });
  const count = () =>
    db.prepare(`SELECT count(*) n, count(DISTINCT action) d FROM goals WHERE category = 'durability'`).get() as { n: number; d: number };
  try {
    await page.goto(site.url + 'bare.html');
    const load = () =>
      page.evaluate((svcUrl) => {
        (window as unknown as { __cs: unknown[] }).__cs = [
          ['setCsHost', svcUrl],
          ['setCsAccount', 'test-site'],
        ];
        const s = document.createElement('script');
        s.src = svcUrl + 'svc.js';
        document.head.appendChild(s);
      }, p.url);
    await load();
    await credentials(page);
    // 50 events over about a second, as a busy page makes them.
    await page.evaluate(() => {
      let i = 0;
      const tick = () => {
        Svc.trackEvent('durability', `e${i}`);
        if (++i < 50) setTimeout(tick, 20);
        else (window as unknown as { burstDone: boolean }).burstDone = true;
      };
      tick();
    });
    await expect.poll(() => count().n, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    await kill(p);
    const atKill = count().n;
    await page.waitForFunction(() => (window as unknown as { burstDone?: boolean }).burstDone === true);
    expect(atKill, 'the server died in the middle of the burst').toBeLessThan(50);

    // Same address, same database: the page knows no other. The page stays: its own retry, at the
    // end of a back-off that the writes made during the outage did not lengthen, sends the rest.
    p = await server(dbPath, p.port);
    await expect.poll(() => count(), { timeout: 30_000, intervals: [250] }).toEqual({ n: 50, d: 50 });
    // And nothing more arrives later: the confirmed writes left the outbox. The outbox sends in
    // order, one batch at a time, so a write made now is stored after anything sent again.
    await page.evaluate(() => Svc.trackEvent('durability-after', 'last'));
    await expect.poll(() => db.prepare(`SELECT count(*) n FROM goals WHERE category = 'durability-after'`).get()).toEqual({ n: 1 });
    expect(count()).toEqual({ n: 50, d: 50 });
    // The outbox kept in storage holds none of them any more.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => localStorage.getItem(k)!.includes('durability'))))
      .toEqual([]);
  } finally {
    db.close();
    await site.close();
  }
});

test('a rate-limited page reads the 429 and its Retry-After, and its outbox stores every write after the wait', async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(45_000);
  void pageErrors;
  const dbPath = freshDbPath(join(dir, 'svc.db'));
  const p = await server(dbPath, 0, { SVC_RATE_IP: '4', SVC_RATE_VISITOR: '0', SVC_RATE_WINDOW_MS: '3000' });
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const site = await startSite({ root: join(root, 'test/e2e/pages'), svcUrl: p.url, port: 0, host: 'localhost' });
  const db = rowsOf(dbPath) ?? new Database(dbPath, { readonly: true });
  const statuses: number[] = [];
  page.on('response', (r) => r.url().startsWith(p.url + 'w/') && statuses.push(r.status()));
  try {
    await page.goto(site.url + 'bare.html');
    await page.evaluate((svcUrl) => {
      (window as unknown as { __cs: unknown[] }).__cs = [
        ['setCsHost', svcUrl],
        ['setCsAccount', 'test-site'],
      ];
      const s = document.createElement('script');
      s.src = svcUrl + 'svc.js';
      document.head.appendChild(s);
    }, p.url);
    await credentials(page);
    await page.evaluate(() => {
      let i = 0;
      const tick = () => {
        Svc.trackEvent('limited', `e${i}`);
        if (++i < 10) setTimeout(tick, 100);
      };
      tick();
    });
    await expect.poll(() => statuses.includes(429)).toBe(true);
    // What the outbox sees: a cross-origin fetch of the page can read the status and Retry-After.
    const seen = await page.evaluate(async (svcUrl) => {
      const r = await fetch(svcUrl + 'w/test-site', { method: 'POST', body: '{}' });
      return { status: r.status, retryAfter: r.headers.get('Retry-After'), body: await r.json() };
    }, p.url);
    expect(seen.status).toBe(429);
    expect(Number(seen.retryAfter)).toBeGreaterThan(0);
    expect(Number(seen.retryAfter)).toBeLessThanOrEqual(3);
    expect(seen.body).toEqual({ success: false, message: expect.stringMatching(/^429002: /) });
    await expect
      .poll(() => db.prepare(`SELECT count(*) n, count(DISTINCT action) d FROM goals WHERE category = 'limited'`).get(), {
        timeout: 20_000,
      })
      .toEqual({ n: 10, d: 10 });
  } finally {
    db.close();
    await site.close();
  }
});

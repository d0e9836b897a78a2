import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { HitResult, WriteResponse } from '../../src/protocol.js';
import { freshDbPath, rowsOf, testPostgresUrl } from '../support/test-database.js';
import { expect, test } from './fixtures.js';
import { operatorConsole } from './operator.js';

/**
 * Two server processes (the built dist/node/server/main.js, as `npm start` runs it) on one
 * PostgreSQL database behave as one server: the snippet talks to process A, the operator console
 * to process B. Chat both ways, the operator's status, a lost timer whose process died, the
 * call-back limit counted across both, and DT leases handed out by both at once. Runs in the
 * PostgreSQL run of `npm test` only (SQLite is one process).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
test.skip(!testPostgresUrl, 'several processes share a PostgreSQL database only');
test.describe.configure({ mode: 'serial' });

interface Proc {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

function startServer(dbPath: string, siteConfig: string): Promise<Proc> {
  const child = spawn(process.execPath, [join(root, 'dist/node/server/main.js')], {
    env: {
      ...process.env,
      SVC_PORT: '0',
      SVC_HOST: '127.0.0.1',
      SVC_DB: dbPath,
      SVC_SITE_CONFIG: siteConfig,
      SVC_BUNDLE_DIR: join(root, 'dist'),
      SVC_RATE_VISITOR: '0',
      // Dozens of concurrent first visits from this machine: the pool's locking is tested here,
      // the first-visit limit in first-visits.test.ts.
      SVC_RATE_FIRST_VISITS: '0',
      // Every visit comes from this machine with Node's User-Agent: the pool's locking is what is
      // tested here; who may lease (the lease policy) is tested in lease-policy.test.ts.
      SVC_DT_LEASE_POLICY: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error('server did not start: ' + out)), 45_000);
    const read = (d: Buffer) => {
      out += d;
      const m = /consultant server: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve({ url: m[1]!, child, exited });
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

/** The e2e sites plus one with a DT pool of three numbers for every visitor from "mp". */
function siteConfigWithPool(dir: string): string {
  const config = JSON.parse(readFileSync(join(root, 'test/e2e/site-config.json'), 'utf8')) as {
    customers: Array<{ sites: unknown[] }>;
  };
  config.customers[0]!.sites.push({
    id: 90,
    domain: 'localhost',
    site_key: 'mp-dt',
    widget_key: 'wk-mp-dt',
    settings: { captcha: false, lang: 'en' },
    blocks: [{ id: 901, name: 'Main', selector: 'number=84951234567', numb: '74957770011' }],
    campaigns: [
      {
        id: 902,
        name: 'Pool',
        priority: 5,
        condition_groups: [{ id: 903, name: 'g', conditions: [{ id: 904, ac_parameter: 'utm_source', ac_operator: '=', value: 'mp' }] }],
        blocks: [
          {
            id: 905,
            name: 'DT',
            selector: 'number=84951234567',
            numb: '74950000009',
            dt_pool: ['74990000001', '74990000002', '74990000003'],
          },
        ],
      },
    ],
  });
  const path = join(dir, 'site-config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

let dir: string;
let dbPath: string;
let a: Proc;
let b: Proc;
const procs: Proc[] = [];

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-mp-'));
  dbPath = freshDbPath();
  const config = siteConfigWithPool(dir);
  // Started together: each migration must still run once (the migrator's lock).
  [a, b] = await Promise.all([startServer(dbPath, config), startServer(dbPath, config)]);
  procs.push(a, b);
});
test.afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p.exited));
  rmSync(dir, { recursive: true, force: true });
});

async function post(p: Proc, siteKey: string, body: unknown): Promise<WriteResponse> {
  const res = await fetch(`${p.url}w/${siteKey}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', origin: 'http://localhost' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as WriteResponse;
}
let n = 0;
const wid = () => `mp${Date.now().toString(36)}${(n++).toString(36).padStart(5, '0')}`;
const hit = (url: string) => {
  const id = wid();
  return { id, type: 'hit', hit: id, at: Date.now(), data: { url, title: 'Page', referrer: '' } };
};

test('the migrations ran once although both processes started together', () => {
  const rows = rowsOf(dbPath)!;
  try {
    const names = rows.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[];
    expect(names.length).toBeGreaterThanOrEqual(10);
    expect(new Set(names).size).toBe(names.length);
  } finally {
    rows.close();
  }
});

test('a visitor on process A sees an operator online on process B, and they chat both ways', async ({ page, browser }) => {
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const site = await startSite({ root: join(root, 'test/e2e/pages'), svcUrl: a.url, port: 0, host: 'localhost' });
  const op = await operatorConsole(browser, b.url, 'olga@chat.test');
  try {
    await page.goto(site.url + 'consultant.html?site=chat-site');
    await page.waitForFunction(() => !!window.Svc && !!window.Svc.getCredentials());
    const status = () => page.evaluate(() => Svc.getOperatorStatus());
    expect(await status()).toBe(false);
    await op.online(true);
    await expect.poll(status, { timeout: 3000 }).toBe(true);
    await op.online(false);
    await expect.poll(status, { timeout: 3000 }).toBe(false);
    await op.online(true);
    await expect.poll(status, { timeout: 3000 }).toBe(true);

    const widget = page.locator('svc-widget [role=dialog]');
    await page.locator('#chat').click();
    await widget.locator('textarea').fill('Written through A');
    await widget.locator('textarea').press('Enter');
    // A's write reaches the console's stream held by B.
    await op.openChat('Written through A');
    // B's reply reaches the visitor's stream held by A.
    await op.reply('Answered through B');
    await expect(widget.locator('.log .op', { hasText: 'Answered through B' })).toBeVisible({ timeout: 3000 });
  } finally {
    await op.close();
    await site.close();
  }
});

test('the call-back limit counts the requests of both processes: 10 a minute per visitor', async () => {
  const first = hit('http://localhost/cb');
  const r = await post(a, 'cb-limit', { visitor: null, writes: [first] });
  const visitor = r.visitor;
  const calls = Array.from({ length: 14 }, (_, i) =>
    post(i % 2 ? b : a, 'cb-limit', {
      visitor,
      writes: [{ id: wid(), type: 'sitephone', hit: first.id, at: Date.now(), data: { phone: `+7 916 000 00 ${10 + i}` } }],
    }),
  );
  const statuses = (await Promise.all(calls)).map((x) => (x.results[0]!.result as { status: number }).status);
  expect(statuses.filter((s) => s === 4)).toHaveLength(4);
  expect(statuses.filter((s) => s !== 4)).toHaveLength(10);
});

test('DT numbers: many first visits at once on both processes, a pool of three, no number leased twice, the rest counted', async () => {
  const visits = Array.from({ length: 24 }, (_, i) =>
    post(i % 2 ? b : a, 'mp-dt', { visitor: null, writes: [hit('http://localhost/?utm_source=mp')] }),
  );
  const results = (await Promise.all(visits)).map((r) => r.results[0]!.result as HitResult);
  const rows = rowsOf(dbPath)!;
  try {
    const leases = rows.prepare('SELECT number, session_id FROM dt_leases WHERE block_id = 905').all() as Array<{
      number: string;
      session_id: number;
    }>;
    expect(leases).toHaveLength(3);
    expect(new Set(leases.map((l) => l.number)).size).toBe(3);
    const overflows = rows.prepare('SELECT count(*) AS n FROM dt_overflows WHERE block_id = 905').pluck().get();
    expect(overflows).toBe(21);
    expect(new Set(results.map((x) => x.session_id)).size).toBe(24);
  } finally {
    rows.close();
  }
});

test('public ids: visitors, sessions and hits made by both processes at once never share a sequence number', async () => {
  // An id is a sequence number times 2^21 plus random bits (page-view/public-ids.ts). Were the
  // sequence each process's own, both would count from the same stored maximum.
  const visits = Array.from({ length: 16 }, (_, i) =>
    post(i % 2 ? b : a, 'test-site', { visitor: null, writes: [hit('http://localhost/ids')] }),
  );
  const results = (await Promise.all(visits)).map((r) => r.results[0]!.result as HitResult);
  expect(results.every((r) => r.visitor_id > 0 && r.session_id > 0 && r.hit_id > 0)).toBe(true);
  const span = 2 ** 21;
  for (const key of ['visitor_id', 'session_id', 'hit_id'] as const) {
    const sequenceNumbers = new Set(results.map((r) => Math.floor(r[key] / span)));
    expect(sequenceNumbers.size, key).toBe(results.length);
  }
});

test('a lost timer fires once, in the process still running when the one that took the chat died', async ({ browser }) => {
  // lev@lost.test's site waits 2 s for an answer. The operator is online through B; the chat is
  // written through A, which is then killed: B's copy of the timer makes the chat lost.
  const op = await operatorConsole(browser, b.url, 'lev@lost.test');
  try {
    await op.online(true);
    const first = hit('http://localhost/lost');
    const r = await post(a, 'lost-site', { visitor: null, writes: [first] });
    const msg = await post(a, 'lost-site', {
      visitor: r.visitor,
      writes: [{ id: wid(), type: 'chat_message', hit: first.id, at: Date.now(), data: { text: 'Anyone there?' } }],
    });
    expect(msg.results[0]).toMatchObject({ success: true });
    a.child.kill('SIGKILL');
    await a.exited;
    const rows = rowsOf(dbPath)!;
    try {
      await expect
        .poll(
          () =>
            rows
              .prepare(`SELECT status FROM chats WHERE visitor_id = ?`)
              .pluck()
              .all((r.visitor as { id: number }).id),
          { timeout: 8000 },
        )
        .toEqual(['lost']);
    } finally {
      rows.close();
    }
  } finally {
    await op.close();
  }
});

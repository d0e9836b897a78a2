import { test as base, expect, type Page, type Request, type Route } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Write } from '../../src/protocol.js';
import type { RowHandle } from '../../src/server/store/rows.js';
import { dropDatabase, freshDbPath, rowsOf } from '../support/test-database.js';

/**
 * E2E fixtures. Each worker starts the real consultant server (the built dist/node server, with a
 * fresh SQLite file, or a fresh copy of the run's migrated PostgreSQL template when SVC_TEST_DB_URL
 * is set: test-database.ts, e2e-postgres-template.ts) and a site server on another origin that serves test/e2e/pages with
 * `{{SVC_URL}}` filled in. Pages load the built, minified dist/svc.js from the consultant server.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Stack {
  /** Consultant server base URL (http://127.0.0.1:PORT/). */
  svcUrl: string;
  /** Site base URL (http://localhost:PORT/), another origin. */
  siteUrl: string;
  /** The server's database, for assertions on what was stored. */
  db: RowHandle;
  /** The SQLite file path, or the PostgreSQL URL (with its schema). */
  dbPath: string;
}

/** What the page sent to the consultant server, captured from the browser's side. */
export interface Capture {
  /** Every write the page sent (a retried write appears once per try). */
  writes(type?: string): Write[];
  /** Requests to the consultant server, in order. */
  requests(): Request[];
  /** Waits until a write of `type` whose data contains `subset` was sent; returns it. */
  waitForWrite(type: string, subset?: Record<string, unknown>): Promise<Write>;
}

interface Worker {
  stack: Stack;
}
/** The demo exactly as `npm start` runs it: demo-site/site-config.json and pages, a fresh database. */
export interface Demo {
  /** Consultant server base URL. */
  svcUrl: string;
  /** Demo site base URL, another origin. */
  siteUrl: string;
  /** The demo server's database. */
  db: RowHandle;
}

interface Fixtures {
  /** Started only for the tests that use it. */
  demo: Demo;
  capture: Capture;
  /** Page errors (uncaught exceptions) of the test's page; every test expects none at its end. */
  pageErrors: Error[];
  /** Opens `path` on the site origin (e.g. `basic.html?x=1`). */
  open: (path: string) => Promise<void>;
}

function matches(data: unknown, subset: Record<string, unknown>): boolean {
  const d = data as Record<string, unknown>;
  return Object.entries(subset).every(([k, v]) => JSON.stringify(d?.[k]) === JSON.stringify(v));
}

/**
 * Closes what a stack fixture started, in order, and names on stderr any step that took more than
 * 3 s: a server's close waits on its clients and its database, and a slow one holds its worker's
 * next test back without failing (the fixtures have their own time budget).
 */
async function closeStack(
  fixture: string,
  parts: { rows: { close(): void } | null; site: { close(): Promise<void> }; server: { close(): Promise<void> }; dbPath: string },
): Promise<void> {
  const steps: [string, () => unknown][] = [
    ['rows', () => parts.rows?.close()],
    ['site server', () => parts.site.close()],
    ['consultant server', () => parts.server.close()],
    ['database', () => dropDatabase(parts.dbPath)],
  ];
  for (const [name, step] of steps) {
    const started = Date.now();
    await step();
    const took = Date.now() - started;
    if (took > 3000) console.error(`${fixture} fixture: closing the ${name} took ${(took / 1000).toFixed(1)} s`);
  }
}

export const test = base.extend<Fixtures, Worker>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-e2e-'));
      const dbPath = freshDbPath(join(dir, 'svc.db'));
      const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
      const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
      const server = await createServer({
        dbPath,
        siteConfig: join(root, 'test/e2e/site-config.json'),
        bundleDir: join(root, 'dist'),
        // As behind the reverse proxy that sets X-Svc-Country / X-Svc-City (campaign geo conditions).
        trustProxy: true,
        // Every page comes from this machine in headless Chromium (a bot's User-Agent): the pages
        // test the numbers a visitor sees; who may lease is lease-policy.test.ts's.
        leasePolicy: false,
        // Every spec of a worker writes from 127.0.0.1, and fuzz.spec.ts alone sends thousands of
        // writes a minute: the budget of heavy batches per address would hold them all back for a
        // minute. It is heavy-batches.test.ts's; the request limits stay at their defaults. So is
        // the first-visit limit (every test's fresh browser context is a first visit from
        // 127.0.0.1, dozens in ten seconds): first-visits.test.ts's.
        rateLimits: { heavyWrites: 0, firstVisits: 0 },
      });
      const svcUrl: string = await server.listen(0, '127.0.0.1');
      const site = await startSite({ root: join(root, 'test/e2e/pages'), svcUrl, port: 0, host: 'localhost' });
      const rows = rowsOf(dbPath);
      await use({ svcUrl, siteUrl: site.url, db: rows ?? server.db, dbPath });
      await closeStack('stack', { rows, site, server, dbPath });
      rmSync(dir, { recursive: true, force: true });
    },
    // A fresh SQLite file runs every migration on start, the demo's seeds too: seconds on a busy machine.
    { scope: 'worker', timeout: 90_000 },
  ],

  demo: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const demo = await startDemo();
      await use(demo);
      await demo.close();
    },
    // Its own budget, as the stack's: a fresh database runs the seeds, and on SQLite every migration
    // (seconds on a busy machine), which would otherwise count toward the test's 30 s.
    { timeout: 90_000 },
  ],

  pageErrors: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    await use(errors);
    expect(
      errors.map((e) => e.message),
      'no uncaught exception on the page',
    ).toEqual([]);
  },

  capture: async ({ page, stack }, use) => {
    const reqs: Request[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(stack.svcUrl)) reqs.push(r);
    });
    const writes = (type?: string): Write[] => {
      const out: Write[] = [];
      for (const r of reqs) {
        if (r.method() !== 'POST' || !r.url().includes('/w/')) continue;
        try {
          for (const w of (JSON.parse(r.postData() ?? '{}') as { writes?: Write[] }).writes ?? []) {
            if (!type || w.type === type) out.push(w);
          }
        } catch {
          // not a write batch
        }
      }
      return out;
    };
    await use({
      writes,
      requests: () => reqs.slice(),
      async waitForWrite(type, subset = {}) {
        let found: Write | undefined;
        await expect
          .poll(() => (found = writes(type).find((w) => matches(w.data, subset))), {
            message: `a ${type} write with ${JSON.stringify(subset)}`,
          })
          .toBeTruthy();
        return found!;
      },
    });
  },

  open: async ({ page, stack, pageErrors }, use) => {
    void pageErrors; // make sure the page-error check is active for every test that opens a page
    await use(async (path: string) => {
      await page.goto(stack.siteUrl + path);
    });
  },
});

export { expect };

/**
 * The demo exactly as `npm start` runs it: demo-site/site-config.json, its API users and pages, a
 * fresh database. `server` and `site` add to the server's and the demo site's options.
 */
export async function startDemo(
  server: Record<string, unknown> = {},
  site: Record<string, unknown> = {},
): Promise<Demo & { close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-demo-'));
  const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const dbPath = freshDbPath(join(dir, 'svc.db'));
  const svc = await createServer({
    dbPath,
    siteConfig: join(root, 'demo-site/site-config.json'),
    apiSeed: join(root, 'demo-site/api-seed.json'),
    bundleDir: join(root, 'dist'),
    // As scripts/start.mjs: the demo's public telephony secret, which the call button signs with.
    telephony: { secret: 'demo-telephony-secret' },
    ...server,
  });
  const svcUrl: string = await svc.listen(0, '127.0.0.1');
  const pages = await startSite({ svcUrl, port: 0, ...site });
  const rows = rowsOf(dbPath);
  return {
    svcUrl,
    siteUrl: pages.url,
    db: rows ?? svc.db,
    close: async () => {
      await closeStack('demo', { rows, site: pages, server: svc, dbPath });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits for credentials and returns them. */
export async function credentials(page: Page) {
  await page.waitForFunction(() => !!window.Svc && !!window.Svc.getCredentials());
  return page.evaluate(() => window.Svc.getCredentials()!);
}

/**
 * The snippet's localStorage record for the test site (`_svc_test-site`): visitor `v`, unsent
 * writes `w`, cached numbers `p` until `u`; null when there is none.
 */
export async function record(
  page: Page,
): Promise<{ v?: { id: number; token: string }; w?: Array<{ type: string; data: unknown }>; p?: unknown[]; u?: number } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('_svc_test-site') || 'null'));
}

/** The writes the snippet holds unsent in storage. */
export async function unsent(page: Page) {
  return (await record(page))?.w ?? [];
}

/** Holds every write request until `release()`: nothing the server says can reach the page. */
export async function holdServer(page: Page, svcUrl: string) {
  const held: Route[] = [];
  let open = false;
  await page.route(svcUrl + 'w/**', (r) => (open ? r.continue() : void held.push(r)));
  return {
    count: () => held.length,
    release: async () => {
      open = true;
      for (const r of held) await r.continue();
    },
  };
}

/**
 * Resolves once the page has run what its changes so far set off. A MutationObserver's callbacks
 * (the snippet's replacement in added content) are microtasks of the task that made the change, so
 * a task the page queues now runs after every one of them: then a callback that has not come will
 * not come for those changes.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => setTimeout(done, 0)));
}

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
// @ts-expect-error: plain ES module shared with `npm run call`, no types needed
import { simulateCall } from '../../scripts/call-simulator.mjs';
import { expect, test as base } from './fixtures.js';

/**
 * The app keeps its session key out of every URL: a reverse proxy's access log (or a load
 * balancer's, a CDN's) records request lines, and a key there opens the account for hours. The app
 * runs through a proxy that logs each request line; a customer and an employee visit every page
 * that reads, wait for the journal's refresh, export it and sign out, and no logged line carries
 * `session_key` or the key.
 */

const PROXY = join(dirname(fileURLToPath(import.meta.url)), '../support/forwarding-proxy.mjs');

/** The demo server behind the logging proxy: the proxy's URL and the request lines it logged. */
const test = base.extend<{ proxied: { url: string; lines(): string[] } }>({
  proxied: async ({ demo }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-proxy-log-'));
    const log = join(dir, 'access.log');
    const proxy = spawn(process.execPath, [PROXY, demo.svcUrl], {
      env: { ...process.env, PROXY_LOG: log },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [url] = (await once(createInterface({ input: proxy.stdout }), 'line')) as [string];
      await use({ url, lines: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []) });
    } finally {
      proxy.kill('SIGTERM');
      if (proxy.exitCode === null) await once(proxy, 'exit');
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page, url: string, login: string, password: string): Promise<string> {
  await page.goto(url + 'app/');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const key = await page.evaluate(() => sessionStorage.getItem('svc-app-session'));
  expect(key).toMatch(/^[\w-]{32,}$/);
  return key!;
}

/** Waits on the journal page until it has asked for the journal `n` more times (its refresh). */
async function journalRefreshes(lines: () => string[], n: number): Promise<void> {
  const count = () => lines().filter((l) => l.includes('/journal')).length;
  const before = count();
  await expect.poll(count, { message: 'the journal refreshes', timeout: 15_000 }).toBeGreaterThanOrEqual(before + n);
}

test('no request line of the app carries its session key, for a customer or an employee', async ({ proxied, demo, browser }) => {
  const { url, lines } = proxied;
  // A call in the journal: a row to export and tag.
  await simulateCall({ server: demo.svcUrl, to: '74957770011', from: '79160000303', talk: 12, realTime: false });
  const ctx = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Moscow', acceptDownloads: true });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const keys: string[] = [];
  try {
    keys.push(await signIn(page, url, 'demo', 'demo-password'));
    const pages: Array<[string, string]> = [
      ['app/sites', 'localhost'],
      ['app/sites/1', 'localhost'],
      ['app/numbers', 'Numbers'],
      ['app/numbers/scenarios', 'Scenarios'],
      ['app/numbers/lists', 'Caller lists'],
      ['app/campaigns', 'Yandex Direct'],
      ['app/campaigns/10?site=1', 'Yandex Direct'],
      ['app/report', 'Campaign report'],
      ['app/team', 'Team'],
      ['app/charges', 'Charges'],
      ['app/account', 'Account'],
      ['app/webhooks', 'Webhooks'],
    ];
    for (const [path, text] of pages) {
      await page.goto(url + path);
      await expect(page.locator('main')).toContainText(text);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(url + 'app/journal');
    const call = page.locator('#journal tbody tr[data-type="cdr_in"]');
    await expect(call).toContainText('0:12');
    await journalRefreshes(lines, 2);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^journal-.*\.csv$/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => lines().some((l) => l.includes('/api/logout')), { message: 'the app signs out' }).toBe(true);

    // An employee: the journal and the report of the sites they serve.
    keys.push(await signIn(page, url, 'operator@demo.test', 'demo-operator'));
    await expect(page).toHaveURL(/\/app\/journal$/);
    await expect(call).toContainText('0:12');
    await journalRefreshes(lines, 2);
    await page.getByRole('link', { name: 'Campaign report' }).click();
    await expect(page.getByRole('heading', { name: 'Campaign report' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => lines().some((l) => l.includes('/app/api/employee-session')), { message: 'the employee signs out' }).toBe(true);

    // Signed out means each key is gone on the server too.
    const [customerKey, employeeKey] = keys;
    const accept = 'application/json';
    const rest = await fetch(demo.svcUrl + 'api/v1/me/', { headers: { accept, authorization: `Bearer ${customerKey}` } });
    expect(rest.status, "the customer's key after sign-out").toBe(401);
    const own = await fetch(demo.svcUrl + 'app/api/employee/me', { headers: { accept, 'x-session-key': employeeKey! } });
    expect(own.status, "the employee's key after sign-out").toBe(401);
    const logged = lines();
    expect(logged.filter((l) => l.includes('/api/v1/')).length, 'the app read through the proxy').toBeGreaterThan(20);
    expect(logged.filter((l) => /session_key|session-key/i.test(l) || keys.some((k) => l.includes(k)))).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await ctx.close();
  }
});

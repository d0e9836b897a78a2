import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dropDatabase, freshDbPath } from '../support/test-database.js';
import { credentials, expect, test } from './fixtures.js';
import { operatorConsole } from './operator.js';

/**
 * A server at its cap of event streams answers 429 (http/sse.ts). The snippet's
 * streams (operator status, chat) and the operator console must then retry with growing gaps, not
 * hammer the server, and the page must keep working meanwhile. Here the cap per address is four;
 * the test takes the free places itself (streams held from Node, from the same address as the
 * browser) and gives them back later. Gaps: 3 s doubling to 60 s, ±25% (widgets/chat.ts,
 * widgets/operator-status.ts, console/console.ts).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const PER_ADDRESS = 4;
/**
 * The clients' back-off: the first gap 3 s, doubling, each ±25% (widgets/operator-status.ts,
 * widgets/chat.ts, console/console.ts). Three attempts come within 3.75 + 7.5 s at the latest.
 */
const FIRST_GAP_MS = 3000;
const THREE_ATTEMPTS_MS = FIRST_GAP_MS * 1.25 * 3;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let svcUrl = '';
let siteUrl = '';
let stop: () => Promise<void> = async () => {};

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-backoff-'));
  const dbPath = freshDbPath(join(dir, 'svc.db'));
  const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const server = await createServer({
    dbPath,
    siteConfig: join(root, 'test/e2e/site-config.json'),
    bundleDir: join(root, 'dist'),
    streamLimits: { perAddress: PER_ADDRESS, total: 100 },
  });
  svcUrl = await server.listen(0, '127.0.0.1');
  const site = await startSite({ root: join(root, 'test/e2e/pages'), svcUrl, port: 0, host: 'localhost' });
  siteUrl = site.url;
  stop = async () => {
    await site.close();
    await server.close();
    dropDatabase(dbPath);
    rmSync(dir, { recursive: true, force: true });
  };
});
test.afterAll(async () => stop());

/**
 * Streams held from Node until released: each takes a place of this machine's address. The answer
 * is kept with its controller: Node's fetch closes the stream of an answer that is garbage-collected.
 */
const held: Array<{ ctl: AbortController; res: Response }> = [];
async function hold(n: number) {
  for (let i = 0; i < n; i++) {
    // The streams of the test before (its pages', its held ones) are freed when the server hears
    // their sockets close: on a loaded machine a moment after they were closed. Wait for that.
    for (let wait = 0; ; wait += 200) {
      const ctl = new AbortController();
      const res = await fetch(svcUrl + 'os/chat-site', { signal: ctl.signal });
      if (res.status === 429 && wait < 10_000) {
        ctl.abort();
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      expect(res.status).toBe(200);
      held.push({ ctl, res });
      break;
    }
  }
}
/** Gives the places back; the server hears of the closed sockets a moment later (`hold` waits for that). */
async function release() {
  for (const h of held.splice(0)) h.ctl.abort();
}
test.afterEach(release);

/** When the page asked for a stream whose URL contains `part`, and what each answer's status was. */
function attempts(page: Page, part: string) {
  const at: number[] = [];
  const statuses: number[] = [];
  page.on('request', (r) => r.url().includes(part) && at.push(Date.now()));
  page.on('response', (r) => r.url().includes(part) && statuses.push(r.status()));
  return { at, statuses };
}

/**
 * Waits for three attempts since `from`, then checks that they back off: the first gap longer
 * than 2 s, each later one longer than the one before. With the jitter the gaps cannot overlap
 * (2.25–3.75 s, then 4.5–7.5 s), and a client that hammered would show a short gap: no clock wait
 * is needed to see either.
 */
async function expectBackOff(at: number[], from: number) {
  const since = () => at.filter((t) => t >= from);
  await expect.poll(() => since().length, { timeout: THREE_ATTEMPTS_MS + 5000 }).toBeGreaterThanOrEqual(3);
  const tries = since();
  const gaps = tries.slice(1).map((t, i) => t - tries[i]!);
  expect(gaps[0]!, `gaps ${JSON.stringify(gaps)}`).toBeGreaterThan(2000);
  for (let i = 1; i < gaps.length; i++) expect(gaps[i]!, `gaps ${JSON.stringify(gaps)}`).toBeGreaterThan(gaps[i - 1]!);
}

const widget = (page: Page) => page.locator('svc-widget [role=dialog]');

test('refused, the snippet’s status stream backs off; numbers are swapped and a request is sent meanwhile', async ({ page }) => {
  await hold(PER_ADDRESS);
  const status = attempts(page, '/os/test-site');
  await page.goto(siteUrl + 'phones.html');
  await credentials(page);
  // The numbers of the page are swapped, stream or not.
  await expect(page.locator('#main-phone')).toHaveText('+7 (495) 777-00-11');
  const from = Date.now();
  expect(await page.evaluate(() => Svc.getOperatorStatus())).toBe(false);
  await expectBackOff(status.at, from);
  expect(new Set(status.statuses)).toEqual(new Set([429]));
  // A request still goes through: a write, not a stream.
  await page.evaluate(() => Svc.openSiteRequestPanel());
  await widget(page).locator('textarea').fill('Call me back, please');
  await widget(page).locator('input[name=email]').fill('backoff@example.com');
  await widget(page).getByRole('button', { name: 'Send' }).click();
  await expect(widget(page).locator('[role=status]')).toContainText('Thank you!');
  // A place free again: the next retry opens the stream.
  await release();
  await expect.poll(() => status.statuses.includes(200), { timeout: 40_000 }).toBe(true);
});

test('refused, the chat stream backs off; messages still reach the operator, and its replies arrive once a place is free', async ({
  page,
  browser,
}) => {
  const op = await operatorConsole(browser, svcUrl, 'olga@chat.test');
  try {
    await op.online(true);
    const chat = attempts(page, '/c/chat-site');
    await page.goto(siteUrl + 'consultant.html?site=chat-site');
    await credentials(page);
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus())).toBe(true);
    // Console and status stream hold two places; the test takes the rest.
    await hold(PER_ADDRESS - 2);
    const from = Date.now();
    await page.locator('#chat').click();
    await expect(widget(page).locator('textarea')).toBeVisible();
    const text = 'Есть доставка? (stream refused)';
    await widget(page).locator('textarea').fill(text);
    await widget(page).locator('textarea').press('Enter');
    await expect(op.page.locator('#chats li', { hasText: text })).toBeVisible();
    await expectBackOff(chat.at, from);
    expect(new Set(chat.statuses)).toEqual(new Set([429]));
    await release();
    await op.openChat(text);
    await op.reply('Да, есть.');
    await expect(widget(page).locator('.log .op', { hasText: 'Да, есть.' })).toBeVisible({ timeout: 40_000 });
  } finally {
    await op.close();
  }
});

test('refused, the operator console backs off, says it is reconnecting, and connects once a place is free', async ({ browser }) => {
  await hold(PER_ADDRESS);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const stream = attempts(page, '/op/api/stream');
  await page.goto(svcUrl + 'op/');
  await page.locator('#email').fill('olga@chat.test');
  await page.locator('#password').fill('operator-pass');
  const from = Date.now();
  await page.locator('#login button[type=submit]').click();
  await expect(page.locator('#console')).toBeVisible();
  await expect(page.locator('#link')).toHaveText('Нет связи, переподключение…');
  await expectBackOff(stream.at, from);
  expect(new Set(stream.statuses)).toEqual(new Set([429]));
  await release();
  await expect(page.locator('#link')).toHaveText('', { timeout: 40_000 });
  await expect(page.locator('#me')).toHaveText(/Olga/);
  await ctx.close();
});

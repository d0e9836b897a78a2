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

/** The status of each answer to a stream whose URL contains `part`. */
function answers(page: Page, part: string) {
  const statuses: number[] = [];
  page.on('response', (r) => r.url().includes(part) && statuses.push(r.status()));
  return statuses;
}

interface Opened {
  url: string;
  at: number;
  refused: boolean;
}
type Recording = Window & { streams: Opened[] };

/**
 * The page on Playwright's clock, its event streams recorded: when each was opened (the page's
 * time) and whether the page has handled its refusal. The gaps of the back-off then pass at once
 * (`streamsOpened`, `clockUntil`) rather than in real seconds, with the page's own timers.
 */
async function recordStreams(page: Page) {
  await page.clock.install();
  await page.addInitScript(() => {
    const w = window as unknown as Recording;
    w.streams = [];
    const Native = EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        const opened: Opened = { url: String(url), at: Date.now(), refused: false };
        w.streams.push(opened);
        // A message is a task of its own: it comes after every handler of this error, the page's
        // own included, so its retry is set by the time `refused` is.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (opened.refused = true);
        this.addEventListener('error', () => this.readyState === Native.CLOSED && channel.port2.postMessage(null));
      }
    };
  });
}

const opened = (page: Page, part: string) =>
  page.evaluate((p) => (window as unknown as Recording).streams.filter((s) => s.url.includes(p)), part);

/**
 * Runs the page's clock until `n` streams whose URL contains `part` were opened since the first
 * `from`, and answers when each was opened. The clock moves on in steps of 100 ms only once the
 * page has handled the last refusal, so each gap is measured from when the page heard it, as with
 * a real clock, to within a step.
 */
async function streamsOpened(page: Page, part: string, from: number, n: number): Promise<number[]> {
  for (;;) {
    const streams = (await opened(page, part)).slice(from);
    if (streams.length >= n) return streams.map((s) => s.at);
    await expect.poll(async () => (await opened(page, part)).slice(from).every((s) => s.refused), { timeout: 15_000 }).toBe(true);
    await page.clock.runFor(100);
  }
}

/** Runs the page's clock on, a couple of seconds at a time, until `done`: a retry's wait passes at once. */
async function clockUntil(page: Page, done: () => boolean) {
  await expect
    .poll(
      async () => {
        if (!done()) await page.clock.runFor(2000);
        return done();
      },
      { intervals: [100], timeout: 40_000 },
    )
    .toBe(true);
}

/**
 * Waits for three attempts since the `from`th, then checks that they back off: the first gap
 * longer than 2 s, each later one longer than the one before. With the jitter the gaps cannot
 * overlap (2.25–3.75 s, then 4.5–7.5 s), and a client that hammered would show a short gap.
 */
async function expectBackOff(page: Page, part: string, from: number) {
  const tries = await streamsOpened(page, part, from, 3);
  const gaps = tries.slice(1).map((t, i) => t - tries[i]!);
  expect(gaps[0]!, `gaps ${JSON.stringify(gaps)}`).toBeGreaterThan(2000);
  for (let i = 1; i < gaps.length; i++) expect(gaps[i]!, `gaps ${JSON.stringify(gaps)}`).toBeGreaterThan(gaps[i - 1]!);
}

const widget = (page: Page) => page.locator('svc-widget [role=dialog]');

test('refused, the snippet’s status stream backs off; numbers are swapped and a request is sent meanwhile', async ({ page }) => {
  await hold(PER_ADDRESS);
  const status = answers(page, '/os/test-site');
  await recordStreams(page);
  await page.goto(siteUrl + 'phones.html');
  await credentials(page);
  // The numbers of the page are swapped, stream or not.
  await expect(page.locator('#main-phone')).toHaveText('+7 (495) 777-00-11');
  const from = (await opened(page, '/os/test-site')).length;
  expect(await page.evaluate(() => Svc.getOperatorStatus())).toBe(false);
  await expectBackOff(page, '/os/test-site', from);
  expect(new Set(status)).toEqual(new Set([429]));
  // A request still goes through: a write, not a stream.
  await page.evaluate(() => Svc.openSiteRequestPanel());
  await widget(page).locator('textarea').fill('Call me back, please');
  await widget(page).locator('input[name=email]').fill('backoff@example.com');
  await widget(page).getByRole('button', { name: 'Send' }).click();
  await expect(widget(page).locator('[role=status]')).toContainText('Thank you!');
  // A place free again: the next retry opens the stream.
  await release();
  await clockUntil(page, () => status.includes(200));
});

test('refused, the chat stream backs off; messages still reach the operator, and its replies arrive once a place is free', async ({
  page,
  browser,
}) => {
  const op = await operatorConsole(browser, svcUrl, 'olga@chat.test');
  try {
    await op.online(true);
    const chat = answers(page, '/c/chat-site');
    await recordStreams(page);
    await page.goto(siteUrl + 'consultant.html?site=chat-site');
    await credentials(page);
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus())).toBe(true);
    // Console and status stream hold two places; the test takes the rest.
    await hold(PER_ADDRESS - 2);
    const from = (await opened(page, '/c/chat-site')).length;
    await page.locator('#chat').click();
    await expect(widget(page).locator('textarea')).toBeVisible();
    const text = 'Есть доставка? (stream refused)';
    await widget(page).locator('textarea').fill(text);
    await widget(page).locator('textarea').press('Enter');
    await expect(op.page.locator('#chats li', { hasText: text })).toBeVisible();
    await expectBackOff(page, '/c/chat-site', from);
    expect(new Set(chat)).toEqual(new Set([429]));
    await release();
    await clockUntil(page, () => chat.includes(200));
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
  const stream = answers(page, '/op/api/stream');
  await recordStreams(page);
  await page.goto(svcUrl + 'op/');
  await page.locator('#email').fill('olga@chat.test');
  await page.locator('#password').fill('operator-pass');
  const from = (await opened(page, '/op/api/stream')).length;
  await page.locator('#login button[type=submit]').click();
  await expect(page.locator('#console')).toBeVisible();
  await expect(page.locator('#link')).toHaveText('Нет связи, переподключение…');
  await expectBackOff(page, '/op/api/stream', from);
  expect(new Set(stream)).toEqual(new Set([429]));
  await release();
  await clockUntil(page, () => stream.includes(200));
  await expect(page.locator('#link')).toHaveText('', { timeout: 40_000 });
  await expect(page.locator('#me')).toHaveText(/Olga/);
  await ctx.close();
});

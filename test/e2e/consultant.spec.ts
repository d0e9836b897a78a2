import type { Page } from '@playwright/test';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { axeViolations } from './axe.js';
import { operatorConsole } from './operator.js';
import { credentials, expect, test } from './fixtures.js';

/**
 * The consultant widgets, both sides: a visitor page (the test's page) and an operator console
 * (a browser context of its own, signed in through the console served by the consultant server).
 * Sites (test/e2e/site-config.json): chat-site (operator olga@chat.test, Russian), lost-site
 * (operator lev@lost.test, chat_wait 2 s, English).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The open widget dialog of the page (inside its shadow root; Playwright's locators pierce it). */
const widget = (page: Page) => page.locator('svc-widget [role=dialog]');
const status = (page: Page) => page.evaluate(() => Svc.getOperatorStatus());

/**
 * The first status a new stream of `siteKey` says (`1`: an operator online), read by the test
 * itself: a positive read of the server's state, and no stream of the page under test.
 */
async function firstStatus(svcUrl: string, siteKey: string): Promise<string> {
  const ctl = new AbortController();
  const res = await fetch(svcUrl + 'os/' + siteKey, { signal: ctl.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const data = /^data: (.*)$/m.exec(buf);
    if (data) {
      ctl.abort();
      return data[1]!;
    }
    buf += (await reader.read()).value ?? '';
  }
}

async function chatFromVisitor(page: Page, text: string) {
  await widget(page).locator('textarea').fill(text);
  await widget(page).locator('textarea').press('Enter');
  await expect(widget(page).locator('.log .me', { hasText: text })).toBeVisible();
}

test('getOperatorStatus opens the status stream on its first call (one bundle, one stream however often it is polled) and follows the operator', async ({
  page,
  open,
  browser,
  stack,
  capture,
}) => {
  const urls = (part: string) =>
    capture
      .requests()
      .map((r) => r.url())
      .filter((u) => u.includes(part));
  await open('consultant.html?site=chat-site');
  await credentials(page);
  // Not asked yet: no stream, no bundle.
  expect(urls('/os/')).toEqual([]);
  expect(urls('svc-widgets.js')).toEqual([]);
  const stream = page.waitForRequest((r) => r.url() === stack.svcUrl + 'os/chat-site');
  // A page polling: the first call asks, the others only read.
  expect(await page.evaluate(() => Array.from({ length: 50 }, () => Svc.getOperatorStatus()))).toEqual(Array(50).fill(false));
  await stream;
  const signedIn = Date.now();
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  try {
    // Signed in is not online. Once the console's presence is recorded (its stream is open: a
    // minute ahead, where a console closed before leaves seconds), a stream opened now says
    // offline, and this page has heard nothing else: the operator switches it on.
    await expect
      .poll(() => Number(stack.db.prepare('SELECT MAX(until_ms) FROM operator_consoles WHERE employee_id = 101').pluck().get()))
      .toBeGreaterThanOrEqual(signedIn + 60_000);
    expect(await firstStatus(stack.svcUrl, 'chat-site')).toBe('0');
    expect(await status(page)).toBe(false);
    await op.online(true);
    await expect.poll(() => status(page), { timeout: 1000 }).toBe(true);
    await op.online(false);
    await expect.poll(() => status(page), { timeout: 1000 }).toBe(false);
    await op.online(true);
    await expect.poll(() => status(page), { timeout: 1000 }).toBe(true);
    // An operator of another site changes nothing here.
    const other = await operatorConsole(browser, stack.svcUrl, 'lev@lost.test');
    await other.online(true);
    await op.online(false);
    await expect.poll(() => status(page), { timeout: 1000 }).toBe(false);
    await other.close();
    expect(urls('svc-widgets.js')).toHaveLength(1);
    expect(urls('/os/')).toHaveLength(1);
  } finally {
    await op.close();
  }
});

test('the status stream is closed while the page is hidden and brings the current status when it is shown', async ({
  page,
  open,
  browser,
  stack,
}) => {
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  try {
    await open('consultant.html?site=chat-site');
    await credentials(page);
    const first = page.waitForRequest((r) => r.url() === stack.svcUrl + 'os/chat-site');
    expect(await status(page)).toBe(false);
    await first;
    const visibility = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    const closed = page.waitForEvent('requestfailed', (r) => r.url() === stack.svcUrl + 'os/chat-site');
    await visibility(true);
    // Hidden: the stream is closed, so the operator coming online is not heard, though a stream
    // opened now says so.
    await closed;
    await op.online(true);
    await expect.poll(() => firstStatus(stack.svcUrl, 'chat-site')).toBe('1');
    expect(await status(page)).toBe(false);
    const stream = page.waitForRequest((r) => r.url() === stack.svcUrl + 'os/chat-site');
    await visibility(false);
    await stream;
    await expect.poll(() => status(page), { timeout: 1000 }).toBe(true);
  } finally {
    await op.close();
  }
});

test('the chat button of a page that never asked for the status opens the chat when an operator is online', async ({
  page,
  open,
  browser,
  stack,
}) => {
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  try {
    await op.online(true);
    await open('consultant.html?site=chat-site');
    await credentials(page);
    // The first click loads the bundle and opens the stream; the window waits for its first word.
    await page.locator('#chat').click();
    await expect(widget(page).locator('h2')).toHaveText('Чат с консультантом');
    expect(await status(page)).toBe(true);
  } finally {
    await op.close();
  }
});

test('a chat both ways within a second, kept across a reload and a page change, stored as REST records', async ({
  page,
  open,
  browser,
  stack,
}) => {
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  try {
    await op.online(true);
    await open('consultant.html?site=chat-site');
    const c = await credentials(page);
    await expect.poll(() => status(page)).toBe(true);
    await page.locator('#chat').click();
    await expect(widget(page)).toHaveAttribute('aria-modal', 'true');
    await expect(widget(page).locator('h2')).toHaveText('Чат с консультантом');
    await expect(widget(page).locator('textarea')).toBeFocused();

    // Visitor → operator, shown as text: markup in a message is never HTML on either side.
    const hello = 'Здравствуйте! <img src=x onerror="window.pwned=1"> Есть доставка?';
    await chatFromVisitor(page, hello);
    await op.page.locator('#chats li', { hasText: 'Есть доставка?' }).click();
    const chatId = await op.openChat('Есть доставка?');
    await expect(op.page.locator('#messages li.visitor .text').first()).toHaveText(hello, { timeout: 1000 });
    expect(await op.page.locator('#messages img').count()).toBe(0);
    expect(await widget(page).locator('img').count()).toBe(0);

    // Operator → visitor within a second.
    await op.reply('Да, по всей Москве. <b>Бесплатно</b>');
    await expect(widget(page).locator('.log .op')).toHaveText(/Да, по всей Москве\. <b>Бесплатно<\/b>/, { timeout: 1000 });
    await expect(widget(page).locator('[role=status]')).toContainText('Olga');

    // A reload in the middle: the window comes back by itself with the whole conversation.
    await page.reload();
    await expect(widget(page).locator('.log .m')).toHaveCount(2);
    await expect(widget(page).locator('.log .op')).toContainText('Бесплатно');
    await chatFromVisitor(page, 'А самовывоз?');
    await expect(op.page.locator('#messages li.visitor', { hasText: 'А самовывоз?' })).toBeVisible({ timeout: 1000 });
    // A page change too.
    await page.locator('#next').evaluate((a: HTMLAnchorElement) => a.click());
    await page.waitForURL(/page=2/);
    await expect(widget(page).locator('.log .m')).toHaveCount(3);
    await op.reply('Тоже есть.');
    await expect(widget(page).locator('.log .op', { hasText: 'Тоже есть.' })).toBeVisible({ timeout: 1000 });

    // Closing the window keeps the conversation; closing the chat ends it.
    await page.keyboard.press('Escape');
    await expect(widget(page)).toHaveCount(0);
    await page.reload();
    await credentials(page);
    // The core decides on reopening in its first onReady callback, so a callback added now runs
    // after it; the bundle then answers the status only after any window asked before it opened.
    await page.evaluate(() => new Promise<void>((done) => Svc.onReady(() => done())));
    await expect.poll(() => status(page)).toBe(true);
    await expect(widget(page)).toHaveCount(0);
    await page.locator('#chat').click();
    await expect(widget(page).locator('.log .m')).toHaveCount(4);
    await widget(page).getByRole('button', { name: 'Завершить чат' }).click();
    await expect(widget(page).locator('[role=status]')).toHaveText('Чат завершён. Напишите, чтобы начать новый.');

    const row = stack.db.prepare('SELECT * FROM chat_report WHERE id = ?').get(chatId) as Record<string, unknown>;
    expect(row).toMatchObject({
      status: 'succeed',
      initiator: 'Посетитель',
      employee_id: 101,
      operator_name: 'Operova Olga',
      messages_count: 4,
      operator_message_count: 2,
      visitor_message_count: 2,
      visitor_id: c.visitor_id,
      session_id: c.session_id,
      page_url: expect.stringContaining('consultant.html?site=chat-site'),
      duration: expect.any(Number),
    });
    const msgs = stack.db.prepare('SELECT sourse, user_id, message FROM chat_messages WHERE chat_id = ? ORDER BY id').all(chatId);
    expect(msgs).toEqual([
      { sourse: 'Посетитель', user_id: null, message: hello },
      { sourse: 'Оператор', user_id: 101, message: 'Да, по всей Москве. <b>Бесплатно</b>' },
      { sourse: 'Посетитель', user_id: null, message: 'А самовывоз?' },
      { sourse: 'Оператор', user_id: 101, message: 'Тоже есть.' },
    ]);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  } finally {
    await op.close();
  }
});

/** A stored UTC date-time (`YYYY-MM-DD HH:MM:SS.mmm`) as epoch ms. */
const storedMs = (t: string) => Date.parse(t.replace(' ', 'T') + 'Z');
/** Spaces as a reader sees them: ICU writes a narrow no-break space before AM/PM. */
const spaces = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

test("the console shows each message's time and where the visitor came from: the campaign and the utm tags", async ({ demo, browser }) => {
  test.setTimeout(60_000);
  const op = await operatorConsole(browser, demo.svcUrl, 'operator@demo.test', 'demo-operator');
  const visitor = await browser.newContext();
  try {
    await op.online(true);
    const page = await visitor.newPage();
    await page.goto(demo.siteUrl + 'consultant.html?utm_source=yandex&utm_medium=cpc&utm_campaign=winter');
    await expect.poll(() => status(page)).toBe(true);
    await page.evaluate(() => Svc.openChatWindow());
    await chatFromVisitor(page, 'Где посмотреть цены?');
    const chatId = await op.openChat('Где посмотреть цены?');
    // The demo's campaign for utm_source=yandex, and the session's tags.
    await expect(op.page.locator('#chat-visit')).toHaveText('Кампания: Yandex Direct · Источник: yandex / cpc / winter');
    await op.reply('В каталоге.');

    // Each message's time, in the console's language and the customer's zone: today's as the hour
    // and minute, the date and time in full on hover.
    const zone = await op.page.evaluate(
      async () => ((await (await fetch('/op/api/me')).json()) as { data: { time_zone: string } }).data.time_zone,
    );
    const stored = demo.db.prepare('SELECT id, date_time FROM chat_messages WHERE chat_id = ? ORDER BY id').all(chatId) as Array<{
      id: number;
      date_time: string;
    }>;
    expect(stored).toHaveLength(2);
    const hm = (lang: string, ms: number) => new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone: zone }).format(ms);
    const day = (lang: string, ms: number) =>
      new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: zone }).format(ms);
    const times = op.page.locator('#messages li time');
    await expect(times).toHaveCount(2);
    for (const [i, m] of stored.entries()) {
      const at = storedMs(m.date_time);
      expect(await times.nth(i).textContent()).toBe(hm('ru', at));
      await expect(times.nth(i)).toHaveAttribute('datetime', new Date(at).toISOString());
      await expect(times.nth(i)).toHaveAttribute('title', new RegExp(`^${day('ru', at).replace(/\./g, '\\.')}, `));
    }

    // A message of another day shows its date: the visitor's first one, moved back a day.
    const yesterday = storedMs(stored[0]!.date_time) - 24 * 3600 * 1000;
    demo.db
      .prepare('UPDATE chat_messages SET date_time = ? WHERE id = ?')
      .run(new Date(yesterday).toISOString().replace('T', ' ').replace('Z', ''), stored[0]!.id);
    await op.page.reload();
    // The list shows each chat's last message: the chat is found by its id.
    await op.page.locator(`#chats li[data-chat="${chatId}"] button`).click();
    await expect(times.first()).toHaveText(`${day('ru', yesterday)}, ${hm('ru', yesterday)}`);
    expect(await times.nth(1).textContent()).toBe(hm('ru', storedMs(stored[1]!.date_time)));

    // In English, both.
    await op.page.locator('#lang').selectOption('en');
    await expect(op.page.locator('#chat-visit')).toHaveText('Campaign: Yandex Direct · Source: yandex / cpc / winter');
    expect(spaces(await times.first().textContent())).toBe(spaces(`${day('en', yesterday)}, ${hm('en', yesterday)}`));
    expect(spaces(await times.nth(1).textContent())).toBe(spaces(hm('en', storedMs(stored[1]!.date_time))));

    // A reply the server refuses (the chat ended behind the console's back) is said in English too.
    demo.db.prepare('UPDATE chats SET end_ms = ? WHERE id = ?').run(Date.now(), chatId);
    await op.page.locator('#reply-text').fill('Still there?');
    await op.page.locator('#reply-text').press('Enter');
    await expect(op.page.locator('#reply-error')).toHaveText('The chat is over or another operator answers it');
  } finally {
    await visitor.close();
    await op.close();
  }
});

test('with no operator online the chat button opens the request form, stored and shown live to the operator', async ({
  page,
  open,
  browser,
  stack,
}) => {
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  try {
    await op.online(false);
    await open('consultant.html?site=chat-site');
    const c = await credentials(page);
    expect(await status(page)).toBe(false);
    await page.locator('#chat').click();
    await expect(widget(page).locator('h2')).toHaveText('Оставить заявку');
    // Keyboard only: the first field has focus; a missing contact is said next to the field.
    await expect(widget(page).locator('input[name=name]')).toBeFocused();
    await page.keyboard.type('Мария');
    await page.keyboard.press('Enter');
    await expect(widget(page).locator('#svc-phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(widget(page).locator('#svc-phone-err')).toHaveText('Укажите телефон или e-mail.');
    await expect(widget(page).locator('#svc-phone')).toBeFocused();
    await page.keyboard.type('+7 (916) 555-12-34');
    await page.keyboard.press('Tab');
    await page.keyboard.type('maria@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Перезвоните <b>после обеда</b>');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(widget(page).locator('[role=status]')).toHaveText('Спасибо! Заявка отправлена, мы скоро свяжемся с вами.');

    const row = stack.db.prepare('SELECT * FROM offline_messages WHERE visitor_id = ?').get(c.visitor_id) as Record<string, unknown>;
    expect(row).toMatchObject({
      site_id: 61,
      name: 'Мария',
      phone: '+7 (916) 555-12-34',
      email: 'maria@example.com',
      message: 'Перезвоните <b>после обеда</b>',
      session_id: c.session_id,
      page_url: expect.stringContaining('consultant.html'),
    });
    const item = op.page.locator(`#requests li[data-request="offline:${row.id}"]`);
    await expect(item).toContainText('Перезвоните <b>после обеда</b>', { timeout: 1000 });
    await expect(item).toContainText('maria@example.com');

    // Escape closes the form and gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(widget(page)).toHaveCount(0);
    await expect(page.locator('#chat')).toBeFocused();
  } finally {
    await op.close();
  }
});

test('a chat nobody answers becomes lost and the visitor is offered the request form', async ({ page, open, browser, stack }) => {
  const op = await operatorConsole(browser, stack.svcUrl, 'lev@lost.test');
  try {
    await op.online(true);
    await open('consultant.html?site=lost-site');
    const c = await credentials(page);
    await expect.poll(() => status(page)).toBe(true);
    await page.evaluate(() => Svc.openChatWindow());
    await expect(widget(page).locator('h2')).toHaveText('Chat with us');
    await chatFromVisitor(page, 'Is anybody there?');
    await expect(widget(page).locator('[role=status]')).toHaveText('Waiting for a consultant…');
    await expect(op.page.locator('#chats li.waiting', { hasText: 'Is anybody there?' })).toBeVisible();
    // chat_wait is 2 s on lost-site.
    await expect(widget(page).locator('[role=status]')).toHaveText(
      'Our consultants are busy. Leave a request and we will get back to you.',
      { timeout: 4000 },
    );
    // This test's chat: another spec of the worker (console-lang) may have lost a chat on lost-site too.
    await expect(op.page.locator('#chats li', { hasText: 'Is anybody there?' })).toContainText('потерян');
    await widget(page).getByRole('button', { name: 'Leave a request' }).click();
    await expect(widget(page).locator('h2')).toHaveText('Leave a request');
    await expect(widget(page).locator('textarea')).toHaveValue('Is anybody there?');
    await widget(page).locator('input[name=email]').fill('lost@example.com');
    await widget(page).getByRole('button', { name: 'Send' }).click();
    await expect(widget(page).locator('[role=status]')).toContainText('Thank you!');

    const chat = stack.db.prepare('SELECT status, end_ms, employee_id FROM chats WHERE visitor_id = ?').get(c.visitor_id);
    expect(chat).toMatchObject({ status: 'lost', end_ms: expect.any(Number), employee_id: null });
    expect(stack.db.prepare('SELECT email, message FROM offline_messages WHERE visitor_id = ?').get(c.visitor_id)).toEqual({
      email: 'lost@example.com',
      message: 'Is anybody there?',
    });
  } finally {
    await op.close();
  }
});

test('each widget passes an axe-core scan and fits a 360 px wide screen', async ({ page, open, browser, stack }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  try {
    await op.online(true);
    await open('consultant.html?site=chat-site');
    await credentials(page);
    await expect.poll(() => status(page)).toBe(true);
    const scan = async (name: string) => {
      await expect(widget(page)).toBeVisible();
      // The dialog fades in: colours are only final when its animation has finished.
      await widget(page).evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      const box = (await widget(page).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(360);
      expect(await axeViolations(page), name).toEqual([]);
    };
    await page.evaluate(() => Svc.openChatWindow());
    await chatFromVisitor(page, 'Проверка доступности');
    await op.openChat('Проверка доступности');
    await op.reply('Ответ оператора');
    await expect(widget(page).locator('.log .op')).toBeVisible();
    await scan('chat window');
    await page.keyboard.press('Escape');
    await page.evaluate(() => Svc.openSiteRequestPanel());
    await widget(page).getByRole('button', { name: 'Отправить' }).click();
    await expect(widget(page).locator('#svc-phone-err')).toBeVisible();
    await scan('request form with an error');
    await page.keyboard.press('Escape');
    await page.evaluate(() => SvcWidget.openSitePhonePanel());
    await scan('site-phone form');
  } finally {
    await op.close();
  }
});

test('every widget works under a strict Content-Security-Policy without a violation', async ({ page, browser, stack, pageErrors }) => {
  void pageErrors;
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const svc = new URL(stack.svcUrl).origin;
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${svc}`,
    "style-src 'self'",
    `connect-src ${svc}`,
    `img-src ${svc}`,
    "require-trusted-types-for 'script'",
  ].join('; ');
  const site = await startSite({
    root: join(root, 'test/e2e/pages'),
    svcUrl: stack.svcUrl,
    port: 0,
    host: 'localhost',
    headers: { 'Content-Security-Policy': csp },
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => /Content Security Policy|Trusted Type/i.test(m.text()) && consoleCsp.push(m.text()));
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  try {
    await op.online(true);
    await page.goto(site.url + 'csp.html?site=chat-site');
    await credentials(page);
    await expect.poll(() => status(page)).toBe(true);
    await page.locator('#chat').click();
    await chatFromVisitor(page, 'CSP test');
    await op.openChat('CSP test');
    await op.reply('CSP ok');
    await expect(widget(page).locator('.log .op')).toHaveText(/CSP ok/);
    // The shadow root is styled by the constructable stylesheet, not blocked by style-src.
    expect(await widget(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.keyboard.press('Escape');
    await page.locator('#request').click();
    await expect(widget(page).locator('h2')).toHaveText('Оставить заявку');
    await page.keyboard.press('Escape');
    await page.locator('#callback').click();
    await expect(widget(page)).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleCsp).toEqual([]);
  } finally {
    await op.close();
    await site.close();
  }
});

test('under Trusted Types allowing no policy at all, a widget bundle that failed to load loads on the next open from a new address', async ({
  page,
  stack,
  pageErrors,
}) => {
  void pageErrors;
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const svc = new URL(stack.svcUrl).origin;
  // `trusted-types 'none'`: no policy may be made; import() needs none.
  const csp = `default-src 'self'; script-src 'self' ${svc}; style-src 'self'; connect-src ${svc}; img-src ${svc}; require-trusted-types-for 'script'; trusted-types 'none'`;
  const site = await startSite({
    root: join(root, 'test/e2e/pages'),
    svcUrl: stack.svcUrl,
    port: 0,
    host: 'localhost',
    headers: { 'Content-Security-Policy': csp },
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => /Content Security Policy|Trusted Type/i.test(m.text()) && consoleCsp.push(m.text()));
  try {
    const asked: string[] = [];
    await page.route('**/svc-widgets.js*', (r) => (asked.push(r.request().url()), asked.length === 1 ? r.abort() : r.continue()));
    await page.goto(site.url + 'csp.html?site=chat-site');
    await credentials(page);
    const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('svc-widgets.js'));
    // The first open is a call-back request: its callback hears of the failed bundle once the core
    // has let the failed load go.
    const answer = await page.evaluate(() => new Promise((done) => SvcWidget.sitePhoneCall({ phone: '+79165550000' }, done)));
    expect(answer).toEqual({ success: false, result: { status: 3, code: 'widgets_unavailable' } });
    await failed;
    // The browser keeps a failed module address failed: the retry asks for another one, which the
    // server answers as the same file.
    const loaded = page.waitForResponse((r) => r.url().includes('svc-widgets.js'));
    await page.locator('#request').click();
    expect((await loaded).status()).toBe(200);
    await expect(widget(page).locator('h2')).toHaveText('Оставить заявку');
    expect(asked).toEqual([stack.svcUrl + 'svc-widgets.js', stack.svcUrl + 'svc-widgets.js?1']);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleCsp).toEqual([]);
  } finally {
    await site.close();
  }
});

test('a page that never opens a widget nor asks for the operator status loads no widget bundle and opens no status stream', async ({
  page,
  open,
  capture,
}) => {
  const urls = (part: string) =>
    capture
      .requests()
      .map((r) => r.url())
      .filter((u) => u.includes(part));
  await open('consultant.html?site=chat-site');
  await credentials(page);
  await page.evaluate(() => Svc.trackEvent('page', 'seen'));
  await capture.waitForWrite('event', { category: 'page' });
  expect(urls('svc-widgets.js')).toEqual([]);
  expect(urls('/os/')).toEqual([]);
  // Opening one is what loads it; a form needs no status stream.
  const bundle = page.waitForRequest((r) => r.url().endsWith('/svc-widgets.js'));
  await page.evaluate(() => Svc.openSiteRequestPanel());
  await bundle;
  await expect(widget(page)).toBeVisible();
  expect(urls('/os/')).toEqual([]);
});

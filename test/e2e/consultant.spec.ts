import type { Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { operatorConsole } from './operator.js';
import { credentials, expect, test } from './fixtures.js';

/**
 * The consultant widgets, both sides: a visitor page (the test's page) and an operator console
 * (a browser context of its own, signed in through the console served by the consultant server).
 * Sites (test/e2e/site-config.json): chat-site (operator olga@chat.test, Russian), lost-site
 * (operator lev@lost.test, chat_wait 2 s, English).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The open widget dialog of the page (inside its shadow root; Playwright's locators pierce it). */
const widget = (page: Page) => page.locator('svc-widget [role=dialog]');
const status = (page: Page) => page.evaluate(() => Svc.getOperatorStatus());

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
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  try {
    // Signed in is not online: the operator switches it on.
    await page.waitForTimeout(200);
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
    await visibility(true);
    // Hidden: the stream is closed, so the operator coming online is not heard.
    await op.online(true);
    await page.waitForTimeout(500);
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
    await expect(op.page.locator('#messages li.visitor').first()).toHaveText(hello, { timeout: 1000 });
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
    await page.waitForTimeout(300);
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
    await page.addScriptTag({ path: AXE });
    const scan = async (name: string) => {
      await expect(widget(page)).toBeVisible();
      // The dialog fades in: colours are only final when its animation has finished.
      await widget(page).evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      const box = (await widget(page).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(360);
      const result = await page.evaluate(async () => {
        const r = await (
          window as unknown as { axe: { run(ctx: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }
        ).axe.run(document);
        return r.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => (n as { target: unknown }).target))}`);
      });
      expect(result, name).toEqual([]);
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
    await page.locator('#request').click();
    await failed;
    // The failed import is answered in the page right after (svc.debug.js says so in the console).
    await page.waitForTimeout(200);
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

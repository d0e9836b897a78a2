import type { Page, Route } from '@playwright/test';
import { operatorConsole } from './operator.js';
import { credentials, expect, test } from './fixtures.js';

/**
 * Every string that reaches the page's DOM through the snippet or its widgets is text,
 * never markup: numbers and settings from the page-view answer, chat messages of the operator and
 * of the visitor, request-form fields, the call-back result popup. Script and markup payloads go
 * through each path; none runs (a global flag stays unset, no dialog opens) and each shows as
 * the literal text it is.
 */

const FLAG = 'window.__xss=(window.__xss||0)+1';
const PAYLOADS = [
  `<img src=x onerror="${FLAG}">`,
  `<script>${FLAG}</script>`,
  `javascript:${FLAG}`,
  `"><svg onload="${FLAG}">`,
  `' onmouseover='${FLAG}' x='`,
  `<a href="javascript:${FLAG}">link</a>`,
  '<img src=x onerror=alert(1)>',
  '</textarea><iframe srcdoc="<script>parent.__xss=1</script>">',
];
const PAYLOAD = PAYLOADS.join(' ');

const widget = (page: Page) => page.locator('svc-widget [role=dialog]');

/** Collects dialogs (alert/confirm/prompt) of a page; the test expects none. */
function dialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => (seen.push(d.message()), void d.dismiss()));
  return seen;
}
const ran = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);

/** Rewrites the page-view answers of the write endpoint with `edit` (the real server answers first). */
function rewriteHits(edit: (result: Record<string, unknown>) => void) {
  return async (route: Route) => {
    const res = await route.fetch();
    const body = await res.json();
    for (const r of body.results ?? []) if (r.result && 'phones' in r.result) edit(r.result);
    await route.fulfill({ response: res, json: body });
  };
}

test('numbers and settings from the page-view answer are written as text', async ({ page, open, stack }) => {
  const seen = dialogs(page);
  await page.route(
    stack.svcUrl + 'w/**',
    rewriteHits((r) => {
      r.phones = [
        { id: '#main-phone', img: null, text: PAYLOAD, raw: '74957770011', dt: false },
        { id: '.footer-phone', img: `javascript:${FLAG}`, text: PAYLOAD, raw: '74957770011', dt: false },
        { id: '[name=callback-phone]', img: `data:text/html,<script>${FLAG}</script>`, text: PAYLOAD, raw: '74957770011', dt: false },
        { id: '#markup', img: null, text: PAYLOAD, raw: '74957770011', dt: false },
      ];
      r.settings = { captcha: PAYLOAD, lang: PAYLOAD, chat_wait: PAYLOAD };
    }),
  );
  await open('phones.html');
  await credentials(page);
  await expect(page.locator('#main-phone')).toHaveText(PAYLOAD);
  await expect(page.locator('#markup')).toHaveText(PAYLOAD);
  expect(await page.locator('#main-phone *, #markup *, svg, iframe').count()).toBe(0);
  // An image address goes only into an <img>, from which no script runs (checked below: nothing ran).
  expect(await page.locator('.footer-phone img').first().getAttribute('src')).toBe(`javascript:${FLAG}`);
  // The widgets take the settings (a language, a captcha flag) without parsing them.
  await page.evaluate(() => SvcWidget.openSitePhonePanel());
  await expect(widget(page)).toBeVisible();
  expect(await widget(page).getAttribute('lang')).toMatch(/^(ru|en)$/);
  await page.keyboard.press('Escape');
  await page.evaluate(() => Svc.openSiteRequestPanel());
  await expect(widget(page)).toBeVisible();
  await page.mouse.move(10, 10);
  await page.mouse.move(200, 200);
  expect(await ran(page)).toBe(0);
  expect(seen).toEqual([]);
});

test('the call-back popup and the custom form callback carry a hostile result code as data only', async ({ page, open, stack }) => {
  const seen = dialogs(page);
  await page.route(stack.svcUrl + 'w/**', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    for (const r of body.results ?? []) if (r.result && 'status' in r.result) r.result = { status: 7, code: PAYLOAD };
    await route.fulfill({ response: res, json: body });
  });
  await open('sitephone.html');
  await credentials(page);
  // No callback: the popup shows the result.
  await page.evaluate(() => SvcWidget.sitePhoneCall({ phone: '+7 916 123-45-67' }));
  const toast = page.locator('svc-widget .toast');
  await expect(toast).toBeVisible();
  await expect(toast.locator('p')).not.toBeEmpty();
  expect(await toast.locator('img, svg, script, iframe, a').count()).toBe(0);
  // With a callback the page gets the code as a string.
  const r = await page.evaluate(() => new Promise((ok) => SvcWidget.sitePhoneCall({ phone: '+7 916 123-45-68' }, ok)));
  expect(r).toEqual({ success: false, result: { status: 7, code: PAYLOAD } });
  expect(await ran(page)).toBe(0);
  expect(seen).toEqual([]);
});

test('chat messages of the operator and the visitor, and request fields, are shown as text on both sides', async ({
  page,
  open,
  browser,
  stack,
}) => {
  test.setTimeout(60_000);
  const seen = dialogs(page);
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  const opSeen = dialogs(op.page);
  try {
    await op.online(true);
    await open('consultant.html?site=chat-site');
    await credentials(page);
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus())).toBe(true);
    await page.evaluate(() => Svc.openChatWindow());
    const box = widget(page).locator('textarea');
    await box.fill('visitor ' + PAYLOAD);
    await box.press('Enter');
    await expect(widget(page).locator('.log .me').last()).toContainText('visitor ' + PAYLOAD);
    await op.openChat('visitor ');
    await op.reply('operator ' + PAYLOAD);
    await expect(widget(page).locator('.log .op').last()).toContainText('operator ' + PAYLOAD);
    expect(await widget(page).locator('.log img, .log svg, .log script, .log iframe, .log a').count()).toBe(0);
    // The console shows the visitor's message as text too.
    await expect(op.page.locator('#messages li', { hasText: 'visitor ' + PAYLOAD })).toBeVisible();
    expect(await op.page.locator('#messages img, #messages svg, #messages iframe').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The request form: every field a payload (the phone a valid one: the form checks it; the
    // name field takes 255 characters).
    await page.evaluate(() => Svc.openSiteRequestPanel());
    await widget(page).locator('#svc-name').fill(PAYLOAD);
    await widget(page).locator('#svc-phone').fill('+7 916 123-45-67');
    await widget(page).locator('#svc-message').fill(PAYLOAD);
    await widget(page).locator('button[type=submit]').click();
    await expect(widget(page).locator('.result.good')).toBeVisible();
    const c = await credentials(page);
    await expect
      .poll(() => stack.db.prepare('SELECT name, message FROM offline_messages WHERE visitor_id = ?').all(c.visitor_id))
      .toEqual([{ name: PAYLOAD.slice(0, 255).trim(), message: PAYLOAD }]);
    // A bad e-mail made of markup: the form's message, never the markup.
    await page.keyboard.press('Escape');
    await page.evaluate(() => Svc.openSiteRequestPanel());
    await widget(page).locator('#svc-email').fill(PAYLOADS[3]!);
    await widget(page).locator('button[type=submit]').click();
    await expect(widget(page).locator('#svc-email-err')).toBeVisible();
    expect(await widget(page).locator('svg, iframe, script').count()).toBe(0);
    await page.mouse.move(10, 10);
    await page.mouse.move(300, 300);
    expect(await ran(page)).toBe(0);
    expect(await op.page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0)).toBe(0);
    expect(seen).toEqual([]);
    expect(opSeen).toEqual([]);
  } finally {
    await op.close();
  }
});

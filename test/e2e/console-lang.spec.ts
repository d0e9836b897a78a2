import type { Page } from '@playwright/test';
import { credentials, expect, test } from './fixtures.js';
import { OPERATOR_PASSWORD, operatorConsole } from './operator.js';

/**
 * The chat console in English (src/console/console-texts.ts): asked by `?lang=en`, or chosen on
 * either console page's language switch (kept in this browser). Every text the console writes —
 * the page's own, the chats and their statuses, requests, the screen pop, the sign-in error — is
 * English then, and Russian stays the default (the other console specs assert its texts).
 * lost-site (test/e2e/site-config.json): operator lev@lost.test, English widgets, chat_wait 2 s.
 */

/**
 * The Cyrillic words of the page's visible text, but for what is not the console's: the operator's
 * name (`#me`, data) and the language switch's "Русский" (each language is named in itself).
 */
const cyrillicLeft = (page: Page) =>
  page.evaluate(() => {
    let text = document.body.innerText;
    for (const e of document.querySelectorAll<HTMLElement>('#me, #lang option[lang=ru]'))
      if (e.textContent) text = text.replace(e.textContent, '');
    return text.match(/[\u0400-\u04FF]+/g) ?? [];
  });

const widget = (page: Page) => page.locator('svc-widget [role=dialog]');

test('?lang=en: the chat console in English, its chats, requests and sign-in error, no Russian left', async ({
  page,
  open,
  browser,
  stack,
}) => {
  // A wrong password, in English.
  const signIn = await browser.newContext();
  const form = await signIn.newPage();
  await form.goto(stack.svcUrl + 'op/?lang=en');
  await expect(form.locator('html')).toHaveAttribute('lang', 'en');
  await expect(form).toHaveTitle('Operator console');
  await expect(form.locator('#signin h1')).toHaveText('Operator console');
  await expect(form.locator('#login button[type=submit]')).toHaveText('Sign in');
  await form.locator('#email').fill('lev@lost.test');
  await form.locator('#password').fill('not-the-password');
  await form.locator('#login button[type=submit]').click();
  await expect(form.locator('#login-error')).toHaveText('Wrong e-mail or password');
  expect(await cyrillicLeft(form)).toEqual([]);
  await signIn.close();

  const op = await operatorConsole(browser, stack.svcUrl, 'lev@lost.test', OPERATOR_PASSWORD, 'op/?lang=en');
  const con = op.page;
  try {
    await expect(con.locator('html')).toHaveAttribute('lang', 'en');
    await expect(con.locator('#chat-h')).toHaveText('Select a chat');
    await expect(con.locator('#chats-h')).toHaveText('Chats');
    await expect(con.locator('#requests-h')).toHaveText('Requests and call-backs');
    await expect(con.locator('#logout')).toHaveText('Sign out');
    await expect(con.locator('#lang')).toHaveValue('en');
    // The address's choice rides along to the reports page.
    await expect(con.locator('#reports-link')).toHaveText('Reports');
    await expect(con.locator('#reports-link')).toHaveAttribute('href', '/op/reports?lang=en');
    await expect(con.locator('#online-label')).toHaveText('Offline');
    await op.online(true);

    await open('consultant.html?site=lost-site&utm_source=newsletter&utm_medium=email');
    await credentials(page);
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus())).toBe(true);
    await page.evaluate(() => Svc.openChatWindow());
    const text = 'Anyone around for the English console?';
    await widget(page).locator('textarea').fill(text);
    await widget(page).locator('textarea').press('Enter');

    const item = con.locator('#chats li.waiting', { hasText: text });
    await expect(item).toBeVisible();
    const id = Number(await item.getAttribute('data-chat'));
    await expect(item.locator('span')).toHaveText(`Chat ${id} · localhost · waiting for an answer`);
    await expect(con).toHaveTitle(/^\(\d+\) Operator console$/);
    await item.click();
    await expect(con.locator('#chat-h')).toHaveText(`Chat ${id} · localhost · waiting for an answer`);
    await expect(con.locator('#chat-info')).toHaveText(/^Visitor \d+ · http:\/\/localhost:\d+\/consultant\.html/);
    // Where the visitor came from (lost-site has no campaigns), and the message's time the English way.
    await expect(con.locator('#chat-visit')).toHaveText('Campaign: without campaign · Source: newsletter / email');
    await expect(con.locator('#messages li time')).toHaveText(/^\d{1,2}:\d\d\s[AP]M$/);
    await expect(con.locator('#reply button[type=submit]')).toHaveText('Send');
    await expect(con.locator('#end-chat')).toHaveText('End chat');
    // Nobody answers in 2 s: lost. The visitor leaves a request instead.
    await expect(con.locator('#chat-h')).toHaveText(`Chat ${id} · localhost · lost`, { timeout: 4000 });
    await widget(page).getByRole('button', { name: 'Leave a request' }).click();
    await widget(page).locator('input[name=email]').fill('english@example.com');
    await widget(page).getByRole('button', { name: 'Send' }).click();
    const request = con.locator('#requests li', { hasText: 'english@example.com' });
    await expect(request.locator('strong')).toHaveText('Request · localhost');
    // Dates the English way (i18n.ts).
    await expect(request).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d\d:\d\d\s[AP]M/);

    expect(await cyrillicLeft(con)).toEqual([]);
  } finally {
    await op.close();
  }
});

test('English chosen on the reports page makes the chat console English without ?lang=, and back from its own switch', async ({
  browser,
  stack,
}) => {
  const op = await operatorConsole(browser, stack.svcUrl, 'olga@chat.test');
  const page = op.page;
  try {
    // Russian by default.
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.locator('#chat-h')).toHaveText('Выберите чат');
    await expect(page.locator('#reports-link')).toHaveAttribute('href', '/op/reports');

    await page.locator('#reports-link').click();
    await page.waitForURL(/\/op\/reports$/);
    await page.locator('#lang').selectOption('en');
    await expect(page.locator('#chart-h')).toHaveText('Per day');
    await page.locator('#console-link').click();
    await page.waitForURL(/\/op\/$/);
    await expect(page.locator('#console')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#chat-h')).toHaveText('Select a chat');
    await expect(page.locator('#online-label')).toHaveText('Offline');
    await expect(page.locator('#lang')).toHaveValue('en');
    await expect(page).toHaveTitle(/Operator console$/);
    expect(await cyrillicLeft(page)).toEqual([]);

    // The chat console's own switch: Russian at once, kept for the reports page.
    await page.locator('#lang').selectOption('ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.locator('#chat-h')).toHaveText('Выберите чат');
    await expect(page.locator('#online-label')).toHaveText('Не в сети');
    await expect(page.locator('#reports-link')).toHaveText('Отчёты');
    await page.reload();
    await expect(page.locator('#chat-h')).toHaveText('Выберите чат');
    await page.locator('#lang').selectOption('en');
    await page.locator('#reports-link').click();
    await expect(page.locator('#chart-h')).toHaveText('Per day');
  } finally {
    await op.close();
  }
});

/** A desktop Chrome's User-Agent: the demo's lease policy gives no DT number to a headless browser (a bot). */
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('?lang=en: the screen pop of a call in English', async ({ demo, browser }) => {
  test.setTimeout(60_000);
  const op = await operatorConsole(browser, demo.svcUrl, 'operator@demo.test', 'demo-operator', 'op/?lang=en');
  const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
  try {
    const page = await visitor.newPage();
    await page.goto(demo.siteUrl + 'phones.html?utm_source=yandex&utm_campaign=winter');
    await page.waitForFunction(() => !!window.Svc?.getDTPhones());
    await page.locator('#simulate-call').click();
    await expect(page.locator('#simulate-status')).toContainText('it rings now');

    const ringing = op.page.locator('#calls li.ringing');
    await expect(ringing.locator('strong')).toHaveText(/^ringing · \d+ → \d+ · localhost$/, { timeout: 6000 });
    await expect(op.page.locator('#calls-h')).toHaveText('Calls');
    await expect(ringing.locator('dt')).toHaveText(['Started', 'Visitor', 'Campaign', 'UTM', 'Entry page', 'Pages', 'Earlier']);
    await expect(ringing.locator('dd').last()).toHaveText('none');
    expect(await cyrillicLeft(op.page)).toEqual([]);
    // Answered, then ended (the demo's simulated call talks for 5 s).
    const ended = op.page.locator('#calls li.ended');
    await expect(ended.locator('strong')).toHaveText(/^ended · /, { timeout: 20_000 });
    expect(await cyrillicLeft(op.page)).toEqual([]);
  } finally {
    await visitor.close();
    await op.close();
  }
});

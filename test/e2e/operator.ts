import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** The password of the test operators (test/e2e/site-config.json holds its scrypt hash). */
export const OPERATOR_PASSWORD = 'operator-pass';

export interface OperatorConsole {
  page: Page;
  online(on: boolean): Promise<void>;
  /** Opens the chat of the visitor whose first message is `text` and returns the chat id. */
  openChat(text: string): Promise<number>;
  reply(text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The operator's side, in a browser context of its own: signs in to the console served by the
 * consultant server through its form, as an operator would. `path`: the console's address under
 * the server (`op/?lang=en` for the English console).
 */
export async function operatorConsole(
  browser: Browser,
  svcUrl: string,
  email: string,
  password = OPERATOR_PASSWORD,
  path = 'op/',
): Promise<OperatorConsole> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The console page has a strict CSP of its own (no inline script or style): nothing may break it.
  page.on('console', (m) => /Content Security Policy|Trusted Type/i.test(m.text()) && errors.push(m.text()));
  await page.goto(svcUrl + path);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#login button[type=submit]').click();
  await expect(page.locator('#console')).toBeVisible();
  const op: OperatorConsole = {
    page,
    async online(on) {
      const box = page.locator('#online');
      if ((await box.isChecked()) !== on) await box.click();
      await expect(box).toBeChecked({ checked: on });
      const en = (await page.locator('html').getAttribute('lang')) === 'en';
      await expect(page.locator('#online-label')).toHaveText(on ? (en ? 'Online' : 'В сети') : en ? 'Offline' : 'Не в сети');
    },
    async openChat(text) {
      const item = page.locator('#chats li', { hasText: text }).first();
      await item.click();
      await expect(page.locator('#messages li', { hasText: text })).toBeVisible();
      return Number(await item.getAttribute('data-chat'));
    },
    async reply(text) {
      await page.locator('#reply-text').fill(text);
      await page.locator('#reply-text').press('Enter');
      await expect(page.locator('#messages li.operator', { hasText: text })).toBeVisible();
    },
    async close() {
      // Offline first: a closed console alone would still count as online for the grace period.
      // The switch is on the console page only: a test that left this page elsewhere (the
      // reports page) is brought back to it, rather than waiting for the switch until time-out.
      if (!(await page.locator('#online').count())) await page.goto(svcUrl + 'op/').catch(() => undefined);
      await op.online(false).catch(() => undefined);
      await context.close();
      expect(errors, 'no uncaught exception or CSP violation in the console').toEqual([]);
    },
  };
  return op;
}

import type { Page } from '@playwright/test';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';
import { operatorConsole } from './operator.js';

/**
 * Every page of the operator console (sign-in, chat console with a chat open, reports) on a phone
 * (360 px) and a desktop (1280 px) in Chromium: no horizontal scroll, every control on the screen,
 * the sign-out button within the viewport, and an axe-core scan without a violation. The demo as
 * `npm start` runs it, so the screenshots in docs/console/ show what an operator sees.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const WIDTHS = [360, 1280] as const;

/** No horizontal scroll, and every visible control lies within the screen's width. */
async function fits(page: Page, width: number, name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
  const outside = await page.evaluate(
    (w) =>
      [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')]
        .filter((e) => e.getClientRects().length > 0)
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.left < 0 || r.right > w;
        })
        .map((e) => e.id || e.outerHTML.slice(0, 80)),
    width,
  );
  expect(outside, name).toEqual([]);
}

async function check(page: Page, width: number, name: string): Promise<void> {
  await page.setViewportSize({ width, height: width < 800 ? 740 : 900 });
  await fits(page, width, `${name} at ${width} px`);
  expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
  // The documentation's screenshots, renewed on request only, so that a test run leaves the checkout as it was.
  if (process.env.SVC_SCREENSHOTS) await page.screenshot({ path: join(root, `docs/console/${name}-${width}.png`), fullPage: true });
}

test('every console page fits 360 and 1280 px without a horizontal scroll and passes an axe-core scan', async ({ demo, browser }) => {
  test.setTimeout(90_000);
  // Signed out: the sign-in form.
  const signedOut = await browser.newContext();
  try {
    const form = await signedOut.newPage();
    await form.goto(demo.svcUrl + 'op/');
    await expect(form.locator('#signin')).toBeVisible();
    for (const w of WIDTHS) await check(form, w, 'signin');
  } finally {
    await signedOut.close();
  }

  const op = await operatorConsole(browser, demo.svcUrl, 'operator@demo.test', 'demo-operator');
  const visitor = await browser.newContext();
  try {
    await op.online(true);
    // A visitor who came from an ad, and a chat with them.
    const page = await visitor.newPage();
    await page.goto(demo.siteUrl + 'consultant.html?utm_source=yandex&utm_medium=cpc&utm_campaign=winter');
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus())).toBe(true);
    await page.evaluate(() => Svc.openChatWindow());
    const dialog = page.locator('svc-widget [role=dialog]');
    await dialog.locator('textarea').fill('Здравствуйте! Есть ли доставка за город?');
    await dialog.locator('textarea').press('Enter');
    await op.openChat('доставка за город');
    await op.reply('Да, доставляем по всей области.');
    await expect(op.page.locator('#chat-visit')).toContainText('Yandex Direct');

    const con = op.page;
    for (const w of WIDTHS) {
      await con.setViewportSize({ width: w, height: 740 });
      // The sign-out button is on the screen, not past its right edge.
      const out = (await con.locator('#logout').boundingBox())!;
      expect(out.x, `sign-out at ${w} px`).toBeGreaterThanOrEqual(0);
      expect(out.x + out.width, `sign-out at ${w} px`).toBeLessThanOrEqual(w);
      await check(con, w, 'console');
    }

    await con.locator('#reports-link').click();
    await con.waitForURL(/\/op\/reports$/);
    await expect(con.locator('#list tbody tr').first()).toBeVisible();
    await expect(con.locator('#chart canvas')).toBeVisible();
    for (const w of WIDTHS) {
      await con.setViewportSize({ width: w, height: 740 });
      // The chart follows its box: redrawn for the new width before the scan.
      await expect.poll(() => con.locator('#chart .uplot').evaluate((e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(w);
      await check(con, w, 'reports');
    }
  } finally {
    await visitor.close();
    await op.close();
  }
});

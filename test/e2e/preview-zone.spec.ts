import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * The campaign page read from a browser in another time zone than the customer's (an owner in
 * New York, the demo customer in Moscow): the preview link's "works until" is on the customer's
 * clock as every other time of the app, and the selects of long choices show their whole label.
 */

/** A time as the preview says it: hours and minutes on the customer's clock. */
const clock = (at: number, timeZone: string) => new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone }).format(at);

/**
 * Selects of a form's grid that cut their longest choice: narrower than it on one line, and
 * not wrapped onto more lines either.
 */
async function cutSelects(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLSelectElement>('form.grid select')].flatMap((s) => {
      // Its longest choice chosen: the one a column is likeliest to cut.
      const longest = [...s.options].reduce((a, b) => (b.text.length > a.text.length ? b : a));
      s.value = longest.value;
      // Its choice on one line, outside any column.
      const copy = s.cloneNode(true) as HTMLSelectElement;
      copy.style.cssText = 'position:absolute;left:0;top:0;width:auto;max-width:none;white-space:nowrap;field-sizing:content';
      document.body.appendChild(copy);
      const line = copy.getBoundingClientRect();
      copy.remove();
      const box = s.getBoundingClientRect();
      return box.width + 1 < line.width && box.height < line.height * 1.5 ? [`${s.id}: ${box.width} < ${line.width}`] : [];
    }),
  );
}

test('the preview works until a time on the customer’s clock, and long choices are readable', async ({ demo, browser }) => {
  test.setTimeout(90_000);
  const app = await (await browser.newContext({ locale: 'en-US', timezoneId: 'America/New_York' })).newPage();
  await app.goto(demo.svcUrl + 'app/');
  await app.getByLabel('Login').fill('demo');
  await app.getByLabel('Password').fill('demo-password');
  await app.getByRole('button', { name: 'Sign in' }).click();
  await expect(app.getByRole('navigation')).toBeVisible();
  await app.goto(demo.svcUrl + 'app/campaigns/10');
  await app.getByLabel(/^Page/).fill(demo.siteUrl + 'phones.html');
  const asked = Date.now() + 3_600_000;
  await app.getByRole('button', { name: 'Preview on my site' }).click();
  await expect(app.locator('#preview-link')).toBeVisible();
  const answered = Date.now() + 3_600_000;
  const until = (await app.getByText(/^works until/).textContent())!;
  expect.soft([`works until ${clock(asked, 'Europe/Moscow')}`, `works until ${clock(answered, 'Europe/Moscow')}`]).toContain(until);
  expect.soft(until).not.toBe(`works until ${clock(answered, 'America/New_York')}`);

  for (const width of [1280, 360]) {
    await app.setViewportSize({ width, height: 900 });
    await expect(app.locator('#add-block-h')).toBeVisible();
    expect(await cutSelects(app), `campaign at ${width} px`).toEqual([]);
  }
  await app.setViewportSize({ width: 1280, height: 900 });
  await app.getByRole('link', { name: 'Sites' }).click();
  await app.locator('#sites tbody a').first().click();
  await expect(app.locator('#dt_overflow')).toBeVisible();
  for (const width of [1280, 360]) {
    await app.setViewportSize({ width, height: 900 });
    expect(await cutSelects(app), `site settings at ${width} px`).toEqual([]);
  }
});

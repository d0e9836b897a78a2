import type { Browser, Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

/**
 * The site owner testing from the office, on the demo as `npm start` runs it (its lease policy on):
 * a colleague's visit from the campaign takes the address's share of the pool, so a second visitor
 * from the same address keeps the site's number, and "Simulate a call" says why it was credited to
 * the site. The owner's preview link, opened in headless Chromium (a bot to the lease policy) from
 * that same address, gets a number of the campaign all the same; the journal says why each call
 * went where it did, the campaign page counts the week's reasons, and the pool page says how the
 * pool is used.
 */

/** A desktop Chrome's User-Agent: headless Chromium's own is a bot's to the lease policy. */
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A visit of the demo's landing: its page, once the page view's numbers are in. */
async function landing(browser: Browser, url: string, userAgent?: string): Promise<Page> {
  const ctx = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForFunction(() => !!window.Svc?.getCredentials());
  return page;
}

async function simulate(page: Page): Promise<string> {
  await page.locator('#simulate-call').click();
  await expect(page.locator('#simulate-status')).toContainText('it rings now');
  return (await page.locator('#simulate-status').textContent())!;
}

/** No axe violation (in `include` alone, when given) and no sideways scroll, at a phone's width and a desktop's. */
async function noViolations(page: Page, include?: string[]): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page, include), `axe at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
  }
}

test('a preview link gets a number where a second visitor from the office keeps the site’s, and the app says why', async ({
  demo,
  browser,
}) => {
  test.setTimeout(120_000);
  const campaignLanding = demo.siteUrl + 'phones.html?utm_source=yandex';
  const colleague = await landing(browser, campaignLanding, DESKTOP_CHROME);
  expect(await colleague.evaluate(() => window.Svc.getDTPhones()?.length)).toBeGreaterThan(0);

  // Same address, same campaign: the share is taken, the site's (reserved) number stays.
  const second = await landing(browser, campaignLanding, DESKTOP_CHROME);
  await expect.poll(() => second.evaluate(() => window.Svc.getPhones().length)).toBeGreaterThan(0);
  expect(await second.evaluate(() => window.Svc.getDTPhones())).toBeNull();
  const siteCall = await simulate(second);
  expect(siteCall).toContain('credited to the site');
  expect(siteCall).toContain('already held its share of the pool');

  // The owner asks the app for a preview link of the campaign.
  const app = await (await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Moscow' })).newPage();
  const appErrors: string[] = [];
  app.on('pageerror', (e) => appErrors.push(e.message));
  await app.goto(demo.svcUrl + 'app/');
  await app.getByLabel('Login').fill('demo');
  await app.getByLabel('Password').fill('demo-password');
  await app.getByRole('button', { name: 'Sign in' }).click();
  await expect(app.getByRole('navigation')).toBeVisible();
  await app.goto(demo.svcUrl + 'app/campaigns/10');
  await expect(app.locator('#kept-reasons')).toContainText('1 of 2 visits kept the site’s number: 1 address share reached.');
  await app.getByLabel(/^Page/).fill('https://elsewhere.example/');
  await app.getByRole('button', { name: 'Preview on my site' }).click();
  await expect(app.locator('#preview-page-error')).toContainText(/not a page of localhost/i);
  await app.getByLabel(/^Page/).fill(demo.siteUrl + 'phones.html');
  await app.getByRole('button', { name: 'Preview on my site' }).click();
  const link = (await app.locator('#preview-link').getAttribute('href'))!;
  expect(link).toMatch(/phones\.html\?utm_source=yandex&svc_preview=/);
  await noViolations(app, ['section[aria-labelledby="site-preview-h"]', 'section[aria-labelledby="kept-h"]']);

  // Headless Chromium from the same address: a number of the campaign's pool.
  const preview = await landing(browser, link);
  await expect.poll(() => preview.evaluate(() => window.Svc.getDTPhones()?.length ?? 0)).toBeGreaterThan(0);
  const previewCall = await simulate(preview);
  expect(previewCall).toContain('credited to campaign 10');
  expect(previewCall).toContain('Your preview');

  // The journal says why each call went where it did.
  await app.goto(demo.svcUrl + 'app/journal');
  const calls = app.locator('#journal tbody tr[data-type="cdr_in"]');
  await expect(calls).toHaveCount(2);
  await expect(calls.filter({ hasText: 'Without campaign' }).locator('.number-reason')).toHaveText(
    'Kept the site’s number: address share reached',
  );
  await expect(calls.filter({ hasText: 'Yandex Direct' }).locator('.number-reason')).toHaveText('your preview');
  // The simulated calls end (the demo's server posts their last events, 5 s of talk) before the servers close;
  // the journal refreshes itself meanwhile.
  await expect(calls.filter({ hasText: '0:05' })).toHaveCount(2, { timeout: 30_000 });

  // The campaign page counts the preview apart; its pools' usage is a link away.
  await app.goto(demo.svcUrl + 'app/campaigns/10');
  await expect(app.locator('#kept-reasons')).toContainText('Your previews (1) are not counted.');
  await app
    .getByRole('link', { name: /^Pool usage/ })
    .first()
    .click();
  await expect(app).toHaveURL(/\/app\/pools\/\d+\?ac=10$/);
  await expect(app.locator('#pool-summary')).toContainText('5 numbers; suggested:');
  await expect(app.getByText('How the suggestion is computed')).toBeVisible();
  await noViolations(app);
  await app.getByRole('link', { name: 'Last 7 days' }).click();
  await expect(app.getByText('Last 7 days', { exact: true })).toHaveAttribute('aria-current', 'true');
  expect(appErrors).toEqual([]);
});

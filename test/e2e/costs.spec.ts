import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.js';
import { expect, test } from './fixtures.js';

/**
 * The app's Costs page on the demo (docs/conversions.md, "Ad costs and return on spend"): the
 * owner uploads a Yandex Direct report (a sample written from its documented format), is told the
 * campaigns it did not know, maps one to the demo's campaign, and the report shows its cost.
 * A refused file says why next to the file field. axe-core at 1280 and 360 px.
 */

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/costs');

test.describe.configure({ timeout: 120_000 });

async function accessible(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    if (width === 360)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll`).toBeLessThanOrEqual(360);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an imported cost report, a confirmed campaign and the cost in the report', async ({ demo, browser }) => {
  const ctx = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Moscow' });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(demo.svcUrl + 'app/');
    await page.getByLabel('Login').fill('demo');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Costs' }).click();
    await expect(page.getByRole('heading', { name: 'Costs', level: 1 })).toBeVisible();
    // A file that is no cost report: refused, the expected columns named beside the field.
    await page.getByLabel('Report file').setInputFiles({ name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
    await page.getByLabel('Currency (e.g. RUB)').first().fill('RUB');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.locator('#file-error')).toContainText('Date, CampaignId or CampaignName, Cost');
    await page.getByLabel('Report file').setInputFiles(join(FIXTURES, 'yandex-direct.tsv'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const result = page.locator('[data-import-result]');
    await expect(result).toContainText('Read 5 rows: stored 0 campaign days');
    await expect(result).toContainText('Brand search');
    await accessible(page, 'costs');
    await page.getByLabel(/^Brand search:/).selectOption({ label: 'Yandex Direct' });
    await page.getByLabel(/^Old test:/).selectOption({ label: 'not mine: skip' });
    await page.getByRole('button', { name: 'Confirm and import again' }).click();
    await expect(result).toContainText('Read 5 rows: stored 4 campaign days (all new)');
    await expect(result).toContainText('Old test');
    // The report of November 2026: 300.00 + 400.20 in the week of the 8th.
    await page.locator('#cost-from').fill('2026-11-08');
    await page.locator('#cost-till').fill('2026-11-14');
    await page.getByRole('button', { name: 'Show' }).click();
    const row = page.locator('#costs tr[data-key="10"]');
    await expect(row).toContainText('Yandex Direct');
    await expect(row.locator('[data-col="cost"]')).toContainText('700.20');
    await accessible(page, 'costs report');
    expect(errors).toEqual([]);
  } finally {
    await ctx.close();
  }
});

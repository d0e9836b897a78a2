import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';
import { DEMO_OWNER, openApp, signIn } from './owner.js';
import { checkPage } from './page-checks.js';

/**
 * The app's Costs page on the demo (docs/conversions.md, "Ad costs and return on spend"): the
 * owner uploads a Yandex Direct report (a sample written from its documented format), is told the
 * campaigns it did not know, maps one to the demo's campaign, and the report shows its cost, by
 * campaign, source, keyword and landing page.
 * A refused file says why next to the file field. axe-core at 1280 and 360 px.
 */

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/costs');

test.describe.configure({ timeout: 120_000 });

/** Text as Windows-1251 bytes: ASCII as is, А–я from 0xC0, Ё, ё, № and the non-breaking space. */
function windows1251(text: string): Buffer {
  const special: Record<string, number> = { Ё: 0xa8, ё: 0xb8, '№': 0xb9, '\u00a0': 0xa0 };
  return Buffer.from(
    [...text].map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (special[ch] === undefined) throw new Error(`no Windows-1251 byte for ${ch}`);
      return special[ch];
    }),
  );
}

test('an imported cost report, a confirmed campaign and the cost in the report', async ({ demo, browser }) => {
  const { ctx, app: page, errors } = await openApp(browser, demo.svcUrl);
  try {
    await signIn(page, demo.svcUrl, DEMO_OWNER, /\/app\/sites$/);
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
    await checkPage(page, 'costs', { shot: false });
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
    await checkPage(page, 'costs report', { shot: false });
    // By source, keyword and landing page: the same 700.20, shared among the campaign's sessions.
    for (const [label, by] of [
      ['Source', 'source'],
      ['Keyword', 'keyword'],
      ['Landing page', 'landing_page'],
    ]) {
      await page.getByLabel('Group by').selectOption({ label });
      const answer = page.waitForResponse((r) => r.url().includes('campaign_costs_report') && r.url().includes(`group_by=${by}`));
      await page.getByRole('button', { name: 'Show' }).click();
      const rows = ((await (await answer).json()) as { data: Array<{ current: { cost: number } }> }).data;
      expect(Math.round(rows.reduce((n, r) => n + r.current.cost, 0) * 100), by).toBe(70020);
      await expect(page.locator('#costs thead th[data-col="name"]')).toHaveText(label);
    }
    // The wizard's export in Russian, saved as Windows-1251 by a spreadsheet, or as UTF-16 with its
    // byte-order mark: the page reads either. Its days 11-01 to 11-10 were stored: replaced.
    const ru = readFileSync(join(FIXTURES, 'yandex-direct-wizard-ru.csv'), 'utf8');
    for (const [name, buffer] of [
      ['ru-1251.csv', windows1251(ru)],
      ['ru-utf16.csv', Buffer.from('\ufeff' + ru, 'utf16le')],
    ] as const) {
      await page.getByLabel('Report file').setInputFiles({ name, mimeType: 'text/csv', buffer });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(result, name).toContainText('Read 5 rows: stored 4 campaign days (replaced 4 days)');
    }
    expect(errors).toEqual([]);
  } finally {
    await ctx.close();
  }
});

import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { dropDatabase, freshDbPath } from '../support/test-database.js';
import {
  addSite,
  carrierServer,
  connectTwilio,
  DESKTOP_CHROME,
  menu,
  openApp,
  ownSite,
  poolCampaign,
  putSnippet,
  ring,
  setUpFirstAccount,
  shownAs,
  type CarrierServer,
} from './owner.js';
import { checkPage } from './page-checks.js';

/**
 * The site owner's first day, on a server started as an operator starts it (`node
 * dist/node/server/main.js`) on an empty database, through the app alone: the setup link the
 * server prints makes the first account; the owner connects its Twilio account (a local
 * stand-in), adds its site, puts the snippet on a page of another address and lets that address
 * in after "Check installation" names it; buys three numbers at the price shown, keeps one as the
 * site's reserved number and pools two in a campaign; a preview link gets a pool number, a
 * colleague's visit from the office takes the office's share, and a second visitor from the same
 * address keeps the site's number; calls to the numbers shown land in the journal, which says why
 * each went where it did; its CSV says what the screen says; a number is released after its
 * question. Run at 1280 and at 360 px; every page passes axe-core at that width.
 */

const OWNER = { name: 'Flower shop', login: 'owner@flowers.test', password: 'flowers-password-1' };
const SITE_PHONE = '+7 (495) 111-22-33';
const FOR_SALE = ['+14155550111', '+14155550122', '+14155550133'];

test.describe.configure({ timeout: 240_000 });
// A step that cannot happen fails at once with what it waited for, not at the story's end.
test.use({ actionTimeout: 15_000 });

/** A visit of the owner's page: once its numbers are in, the phone it shows and its pool numbers. */
async function visit(browser: Browser, url: string, userAgent?: string): Promise<{ shown: string; pooled: string[]; page: Page }> {
  const ctx = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForFunction(() => !!window.Svc?.getCredentials(), null, { timeout: 10_000 });
  await expect.poll(() => page.evaluate(() => window.Svc.getPhones().length)).toBeGreaterThan(0);
  const pooled = (await page.evaluate(() => window.Svc.getDTPhones()?.map((p) => p.raw) ?? [])).map((n) => n.replace(/\D/g, ''));
  return { shown: (await page.getByRole('link', { name: /\d/ }).textContent())!.replace(/\D/g, ''), pooled, page };
}

/** A CSV as the app writes it (a BOM, CRLF, every cell quoted) as rows of cells. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
}

/**
 * A table as a person reads it: its headings, and each body row's cells, each cell's lines joined
 * with ". " (a campaign and, under it, why its number was kept). A cell of toggle buttons (tags)
 * reads as the names of the ones pressed.
 */
async function screenTable(table: Locator): Promise<{ head: string[]; rows: string[][] }> {
  return table.evaluate((t: HTMLTableElement) => {
    const read = (c: Element) => {
      const toggles = [...c.querySelectorAll('button[aria-pressed]')];
      if (toggles.length)
        return toggles
          .filter((b) => b.getAttribute('aria-pressed') === 'true')
          .map((b) => b.textContent!.trim())
          .join(', ');
      return (c as HTMLElement).innerText
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join('. ');
    };
    return {
      head: [...t.tHead!.rows[0]!.cells].map((c) => c.textContent!.trim()),
      rows: [...t.tBodies[0]!.rows].map((r) => [...r.cells].map(read)),
    };
  });
}

/**
 * The journal's CSV has the screen's columns (but the players), then raw ones; each row says what
 * its row on screen says, its time in the customer's zone (`zone`), not the browser's.
 */
async function csvIsTheScreen(app: Page, zone: string): Promise<string[][]> {
  const table = app.getByRole('table', { name: 'Journal' });
  const screen = await screenTable(table);
  const download = app.waitForEvent('download');
  await app.getByRole('button', { name: 'Export CSV' }).click();
  const [head, ...rows] = parseCsv(await readFile((await (await download).path())!, 'utf8'));
  const shared = screen.head.filter((h) => head!.includes(h));
  expect(
    screen.head.filter((h) => !shared.includes(h)),
    'only the players stay off the CSV',
  ).toEqual(['Recording']);
  expect(head!.slice(0, shared.length), 'the screen’s columns first, in its order').toEqual(shared);
  expect(head!.slice(shared.length)).toContain('number_reason');
  expect(rows, 'a CSV row for each row on screen').toHaveLength(screen.rows.length);
  screen.rows.forEach((cells, i) => {
    for (const label of shared) {
      // A value a spreadsheet would read as a formula (a phone's +) carries a protecting '.
      const csv = rows[i]![head!.indexOf(label)]!.replace(/^'(?=[=+\-@])/, '');
      expect(csv, `row ${i + 1}, ${label}`).toBe(cells[screen.head.indexOf(label)]);
    }
    const at = new Date(rows[i]![head!.indexOf('at_utc')]!);
    const inZone = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(at);
    // Node's ICU and the browser's may differ in the space before AM/PM.
    const spaced = (v: string) => v.replace(/\s/g, ' ');
    expect(spaced(rows[i]![head!.indexOf('When')]!), `row ${i + 1}, its time in ${zone}`).toBe(spaced(inZone));
  });
  return rows;
}

/** The setup link, the account, the carrier, the site with its snippet on another address let in. */
async function openForBusiness(app: Page, world: CarrierServer, site: Awaited<ReturnType<typeof ownSite>>, width: number): Promise<void> {
  const { server, twilio } = world;
  // Before any account, the sign-in page says where the first one comes from.
  await app.goto(server.url + 'app/');
  await expect(app.getByText('Open the setup link it printed')).toBeVisible();
  expect(server.setupLink).toMatch(new RegExp(`^${server.url}app/setup\\?token=\\S+$`));
  await app.goto(server.setupLink);
  await checkPage(app, 'setup', { width });
  await setUpFirstAccount(app, server.setupLink, OWNER);
  await checkPage(app, 'sites-welcome', { width, shot: false });
  await connectTwilio(app, twilio);
  await checkPage(app, 'carriers, connected', { width, shot: false });

  await menu(app, 'Sites');
  await addSite(app, 'flowers.test', SITE_PHONE);
  await expect(app.getByText('Paste this code into every page of the site, as high in <head> as you can.')).toBeVisible();
  // The phone is edited as it is shown, not as the digits stored.
  await expect(app.getByLabel("The site's own phone number")).toHaveValue(SITE_PHONE);
  await putSnippet(app, site, SITE_PHONE);

  // The page is on another address than the site's domain: refused, and the check says so and how to fix it.
  const first = await (await app.context().browser()!.newContext({ userAgent: DESKTOP_CHROME })).newPage();
  await first.goto(site.url);
  const origin = site.url.replace(/\/$/, '');
  const host = new URL(site.url).host;
  const status = app.getByRole('status').filter({ hasText: /page view.*seen\b/ });
  await expect(async () => {
    await app.getByRole('button', { name: 'Check installation' }).click();
    await expect(app.getByText(`A page on ${origin} was refused`)).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(status).toContainText(`add ${host} to the site’s other addresses`);
  await checkPage(app, 'site-origins', { width });
  await app.getByLabel('Other addresses of the site').fill(host);
  await app.getByRole('button', { name: 'Save the domain and addresses' }).click();
  await expect(app.getByText('Saved. The next page view uses it.')).toBeVisible();
  await first.reload();
  await first.waitForFunction(() => !!window.Svc?.getCredentials(), null, { timeout: 10_000 });
  await app.getByRole('button', { name: 'Check installation' }).click();
  await expect(status).toContainText('Installed');
  await first.context().close();
}

/** Three numbers bought at the price the confirmation shows. */
async function buyNumbers(app: Page, width: number): Promise<void> {
  await menu(app, 'Numbers');
  await expect(app.getByText('No numbers yet. Buy or import one below')).toBeVisible();
  await app.getByLabel('Area code').fill('415');
  await app.getByRole('button', { name: 'Search' }).click();
  for (const [i, phone] of FOR_SALE.entries()) {
    const offer = app.getByRole('listitem').filter({ hasText: shownAs(phone) });
    await expect(offer).toContainText('$1.15 a month');
    await offer.getByRole('button', { name: 'Buy' }).click();
    const dialog = app.getByRole('alertdialog');
    await expect(dialog.getByRole('heading')).toHaveText(`Buy ${shownAs(phone)}?`);
    await expect(dialog).toContainText('Your carrier account will be charged $1.15 a month for it, until you release it.');
    if (i === 0) await checkPage(app, 'numbers, buying asked', { width, shot: false });
    await dialog.getByRole('button', { name: 'Buy' }).click();
    await expect(app.getByRole('row').filter({ hasText: shownAs(phone) })).toHaveCount(1);
  }
  await checkPage(app, 'numbers, three bought', { width, shot: false });
}

/** The third number is the site's reserved one, shown when a visit gets no number of the pool. */
async function reserveNumber(app: Page, siteId: string, reserved: string): Promise<void> {
  await app.goto(app.url().replace(/\/app\/.*$/, `/app/sites/${siteId}`));
  await app.getByLabel('When the pool runs dry, show').selectOption('reserved');
  await app.getByLabel('Reserved number').selectOption({ label: shownAs(reserved) });
  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(app.getByText('Saved', { exact: true }).first()).toBeVisible();
}

/** A campaign for utm_source = spring whose block shows a pool of the first two numbers. */
async function makeCampaign(app: Page, width: number): Promise<void> {
  await menu(app, 'Campaigns');
  await expect(app.getByText('No campaigns yet')).toBeVisible();
  await poolCampaign(app, { name: 'Spring sale', source: 'spring', phone: SITE_PHONE, numbers: FOR_SALE.slice(0, 2).map(shownAs) });
  // No visit yet: said so, not "all 0 visits got a tracking number".
  await expect(app.getByText('No visits in these days yet.')).toBeVisible();
  await checkPage(app, 'campaign-pool', { width });
}

// On PostgreSQL once, at 1280 px: what the narrow screen changes is the page, not the storage.
for (const width of process.env.SVC_TEST_DB_URL ? [1280] : [1280, 360]) {
  test(`a new owner, from the setup link to a call credited to its campaign and a number released, at ${width} px`, async ({ browser }) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-first-day-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    const world = await carrierServer(dbPath, FOR_SALE);
    const { server, twilio } = world;
    const site = await ownSite();
    const {
      ctx,
      app,
      errors: appErrors,
    } = await openApp(browser, server.url, { timezoneId: 'America/Los_Angeles', viewport: { width, height: 900 } });
    const visits: Page[] = [];
    try {
      await openForBusiness(app, world, site, width);
      const siteId = new URL(app.url()).pathname.split('/').pop()!;
      await buyNumbers(app, width);
      await reserveNumber(app, siteId, FOR_SALE[2]!);
      await makeCampaign(app, width);
      const campaignPath = new URL(app.url()).pathname;

      // The owner previews the campaign on its page: headless Chromium (a bot to the lease policy) gets a pool number.
      await app.getByLabel(/^Page/).fill(site.url);
      await app.getByRole('button', { name: 'Preview on my site' }).click();
      const link = (await app.getByRole('link', { name: 'Open the preview' }).getAttribute('href'))!;
      expect(link).toMatch(/utm_source=spring&svc_preview=/);
      await checkPage(app, 'campaign-preview', { width });
      const preview = await visit(browser, link);
      visits.push(preview.page);
      expect(FOR_SALE.slice(0, 2).map((n) => n.slice(1))).toContain(preview.shown);

      // A colleague from the office follows the campaign's link and takes the office's share of the pool;
      // a second visitor from the same address keeps the site's (reserved) number.
      const colleague = await visit(browser, site.url + '?utm_source=spring', DESKTOP_CHROME);
      visits.push(colleague.page);
      expect(colleague.pooled).toHaveLength(1);
      expect(colleague.shown).not.toBe(preview.shown);
      const second = await visit(browser, site.url + '?utm_source=spring', DESKTOP_CHROME);
      visits.push(second.page);
      expect(second.pooled).toEqual([]);
      expect(second.shown).toBe(FOR_SALE[2]!.slice(1));

      // Each calls the number shown.
      await ring(twilio, '+14155550188', '+' + second.shown, 12);
      await ring(twilio, '+14155550177', '+' + preview.shown, 42);

      // The journal: the preview's call credited to the campaign, the second visitor's to the site, and why.
      await menu(app, 'Journal');
      const rows = app.getByRole('table', { name: 'Journal' }).getByRole('row');
      const previewCall = rows.filter({ hasText: '+1 (415) 555-0177' });
      const siteCall = rows.filter({ hasText: '+1 (415) 555-0188' });
      await expect(previewCall).toContainText('Spring sale');
      await expect(previewCall).toContainText('your preview');
      await expect(previewCall).toContainText('0:42');
      await expect(siteCall).toContainText('Without campaign');
      await expect(siteCall).toContainText('Kept the site’s number: address share reached');
      if (width === 360) {
        // In a card, the reason stays beside its label with the campaign, not under the label.
        const cell = previewCall.getByRole('cell').filter({ hasText: 'your preview' });
        const [cellBox, reasonBox] = [await cell.boundingBox(), await cell.getByText('your preview').boundingBox()];
        expect(reasonBox!.x, 'the reason in the value column').toBeGreaterThan(cellBox!.x + 80);
      }
      await checkPage(app, 'journal-reasons', { width });
      // A new customer's zone is Moscow's; the owner's browser is in California.
      expect(await csvIsTheScreen(app, 'Europe/Moscow')).toHaveLength(2);

      // The campaign page counts the week's visits that kept the site's number, the preview apart.
      await app.goto(server.url + campaignPath.slice(1));
      await expect(app.getByText('1 of 2 visits kept the site’s number: 1 address share reached.')).toBeVisible();
      await expect(app.getByText('Your previews (1) are not counted.')).toBeVisible();

      // The report: a first call against none the period before reads as a rise of one, nothing at all as no change.
      await menu(app, 'Campaign report');
      const noCampaign = app.getByRole('row').filter({ has: app.getByRole('rowheader', { name: 'Without campaign' }) });
      await expect(noCampaign).toContainText('▲ +1 (previous period: 0)');
      await expect(noCampaign).toContainText('no change');
      await checkPage(app, 'report, a first call', { width, shot: false });

      // Releasing a number the campaign shows is refused with the campaign's name; out of it, the number goes.
      const released = '+' + preview.shown;
      await menu(app, 'Numbers');
      const numberRow = app.getByRole('row').filter({ hasText: shownAs(released) });
      await numberRow.getByRole('button', { name: 'Release' }).click();
      const dialog = app.getByRole('alertdialog');
      await expect(dialog.getByRole('heading')).toHaveText(`Release ${shownAs(released)}?`);
      await expect(dialog).toContainText('This cannot be undone.');
      await checkPage(app, 'number-release', { width });
      await dialog.getByRole('button', { name: 'Release' }).click();
      // The refusal shows beside the button, naming the campaign; the number stays.
      await expect(numberRow.getByRole('alert')).toContainText('Campaign Spring sale');
      await expect(dialog).toHaveCount(0);
      await expect(numberRow).toHaveCount(1);
      await app.goto(server.url + campaignPath.slice(1));
      await app.getByRole('button', { name: 'Delete Phone' }).click();
      await app.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(app.getByText('No number is replaced yet').first()).toBeVisible();
      await menu(app, 'Numbers');
      await numberRow.getByRole('button', { name: 'Release' }).click();
      await dialog.getByRole('button', { name: 'Release' }).click();
      await expect(app.getByText('Released.')).toBeVisible();
      await expect(numberRow).toHaveCount(0);
      expect(twilio.heldByPhone(released), 'given back to the carrier').toBeUndefined();
      expect(appErrors).toEqual([]);
      expect(server.output(), 'no error on the server').not.toMatch(/"level":(50|60)/);
    } finally {
      for (const v of visits) await v.context().close();
      await ctx.close();
      await site.close();
      await server.close();
      await twilio.close();
      dropDatabase(dbPath);
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
// @ts-expect-error: plain ES module shared with `npm run call`, no types needed
import { simulateCall } from '../../scripts/call-simulator.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { dropDatabase, freshDbPath } from '../support/test-database.js';
import { expect, test as base } from './fixtures.js';
import { operatorConsole } from './operator.js';
import { DEMO_OWNER, DESKTOP_CHROME, openApp, ownSite, signIn } from './owner.js';
import { checkPage } from './page-checks.js';

/**
 * The site owner's first day, through the app alone (/app/), on the demo as `npm start` runs it:
 * the agent creates and activates a customer; the customer signs in, adds a site, puts the snippet
 * it copied on a page and sees it installed; buys numbers; creates a campaign with a utm condition
 * and a DT pool of them; a visit from that campaign shows a pool number; a call to it (through the
 * telephony boundary, signed as the platform signs) shows in the journal with the campaign; it is
 * tagged a sale; the campaign report shows the call, the sale and the amount. Every page passes
 * axe-core at 1280 and 360 px; the SQLite run saves the screenshots of docs/app.md.
 */

const SITE_PHONE = '+7 (495) 111-22-33';
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The server exactly as `npm start` runs it (scripts/start.mjs): the demo's site configuration, API
 * users and telephony seed (the number capacity numbers are bought from), a fresh database.
 */
const test = base.extend<{ svcUrl: string }>({
  // eslint-disable-next-line no-empty-pattern
  svcUrl: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-app-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
    const server = await createServer({
      dbPath,
      siteConfig: join(root, 'demo-site/site-config.json'),
      apiSeed: join(root, 'demo-site/api-seed.json'),
      telephonySeed: join(root, 'demo-site/telephony-seed.json'),
      bundleDir: join(root, 'dist'),
      telephony: { secret: 'demo-telephony-secret' },
    });
    await use(await server.listen(0, '127.0.0.1'));
    await server.close();
    dropDatabase(dbPath);
    rmSync(dir, { recursive: true, force: true });
  },
});

// Each story is long, and starts a server of its own (the demo's API users, hashed on start): on a
// busy machine the start alone can take the default 30 s, which covers the fixtures too.
test.describe.configure({ timeout: 180_000 });

/**
 * The journal's CSV says what the screen says: the call's row in the export has each column's
 * text as its cell shows it, then the raw columns for machines (UTC time, codes, seconds, digits).
 */
async function csvIsTheScreen(app: Page, call: ReturnType<Page['locator']>): Promise<void> {
  const download = app.waitForEvent('download');
  await app.getByRole('button', { name: 'Export CSV' }).click();
  const text = await readFile((await (await download).path())!, 'utf8');
  const rows = text
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
  const head = rows[0]!;
  const id = await call.getAttribute('data-id');
  const row = rows.find((r) => r[head.indexOf('id')] === id && r[head.indexOf('type_code')] === 'cdr_in')!;
  expect(row, 'the call is in the CSV').toBeTruthy();
  const cell = (label: string) => row[head.indexOf(label)];
  for (const col of ['when', 'type', 'detail', 'campaign', 'source', 'entry', 'duration', 'status']) {
    const label = (await app.locator(`#journal thead th[data-col="${col}"]`).textContent())!;
    // A cell of several lines (the campaign, why the call is its) reads as the CSV joins them.
    const lines = await call.locator(`[data-col="${col}"]`).innerText();
    const screen = lines
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join('. ');
    // A value a spreadsheet would read as a formula (a phone's +) carries a protecting '.
    expect(cell(label)!.replace(/^'(?=[=+\-@])/, ''), `${label} in the CSV`).toBe(screen);
  }
  expect(cell('Caller or detail')).toBe("'+7 (916) 000-01-01");
  expect(cell('Duration')).toBe('0:42');
  expect(cell('Status')).toBe('answered');
  expect(cell('at_utc')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  expect([cell('status_code'), cell('duration_s'), cell('number_digits')]).toEqual(['normal', '42', '79160000101']);
}

test('a site owner goes from sign-in to the campaign that brought a call, in the app alone', async ({ svcUrl, browser }) => {
  const site = await ownSite();
  const { ctx, app, errors: appErrors } = await openApp(browser, svcUrl);
  const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
  try {
    // The agent signs in and creates a customer, then activates it.
    await app.goto(svcUrl + 'app/');
    await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await checkPage(app, 'sign-in');
    await app.getByLabel('Login').fill('agent');
    await app.getByLabel('Password').fill('wrong-password');
    await app.getByRole('button', { name: 'Sign in' }).click();
    await expect(app.locator('#password-error')).toHaveText('Wrong login or password');
    await app.getByLabel('Password').fill('agent-password');
    await app.getByRole('button', { name: 'Sign in' }).click();
    await expect(app).toHaveURL(/\/app\/customers$/);
    await app.getByLabel('Name').fill('Flower shop');
    await app.getByLabel('E-mail (login)').fill('owner@flowers.test');
    await app.getByLabel('Password').fill('short');
    await app.getByRole('button', { name: 'Create' }).click();
    // The server's refusal shows beside the field it concerns, in plain words.
    await expect(app.locator('#new-password-error')).toHaveText('At least 8 characters');
    await app.getByLabel('Password').fill('flowers-password-1');
    await app.getByRole('button', { name: 'Create' }).click();
    const row = app.locator('#customers tr', { hasText: 'Flower shop' });
    await expect(row).toContainText('waiting');
    await row.getByRole('button', { name: 'Activate' }).click();
    await expect(row).toContainText('active');
    await checkPage(app, 'customers');
    // The carriers the agent connects: until the server has its key and public address it says which setting is missing.
    await app.getByRole('link', { name: 'Carriers' }).click();
    await expect(app.getByRole('heading', { name: 'Carriers' })).toBeVisible();
    await expect(app.getByText('SVC_SECRET_KEY', { exact: true })).toBeVisible();
    await checkPage(app, 'carriers');
    await app.getByRole('button', { name: 'Sign out' }).click();
    await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(app).toHaveURL(/\/app\/$/);

    // The customer signs in and adds its site.
    await app.getByLabel('Login').fill('owner@flowers.test');
    await app.getByLabel('Password').fill('flowers-password-1');
    await app.getByRole('button', { name: 'Sign in' }).click();
    await expect(app).toHaveURL(/\/app\/sites$/);
    await expect(app.getByText('No sites yet')).toBeVisible();
    await app.getByLabel('Domain').fill('not a domain');
    await app.getByLabel("The site's own phone number").fill(SITE_PHONE);
    await app.getByRole('button', { name: 'Add' }).click();
    await expect(app.locator('#domain-error')).toContainText('A host name');
    await app.getByLabel('Domain').fill('localhost');
    await app.getByRole('button', { name: 'Add' }).click();
    await expect(app).toHaveURL(/\/app\/sites\/\d+$/);

    // The snippet, copied, goes on the site's page; a page view later the app says it is installed.
    await app.getByRole('button', { name: 'Copy' }).click();
    await expect(app.getByText('Copied')).toBeVisible();
    const snippet = await app.evaluate(() => navigator.clipboard.readText());
    expect(snippet).toContain('setCsAccount');
    site.put(`<!doctype html><html lang="en"><head><title>Flowers</title>${snippet}</head>
      <body><p>Order by phone: <a id="phone" href="tel:+74951112233">${SITE_PHONE}</a></p></body></html>`);
    await app.getByRole('button', { name: 'Check installation' }).click();
    await expect(app.locator('#install-status')).toContainText('No page view seen yet');
    const first = await visitor.newPage();
    await first.goto(site.url);
    await first.waitForFunction(() => !!window.Svc?.getCredentials());
    await app.getByRole('button', { name: 'Check installation' }).click();
    await expect(app.locator('#install-status')).toContainText('Installed');
    await checkPage(app, 'site');
    // Settings: a dry pool cannot give a reserved number the site has not got.
    await app.getByLabel('When the pool runs dry, show').selectOption('reserved');
    await app.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(app.locator('#dt_reserved_number-error')).toContainText(/a reserved number is needed/i);
    await app.getByLabel('When the pool runs dry, show').selectOption('static');
    await app.getByLabel('Language of the widgets').selectOption('en');
    await app.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(app.getByText('Saved', { exact: true })).toBeVisible();

    // Two numbers bought in region 495.
    await app.getByRole('link', { name: 'Numbers' }).click();
    await expect(app.getByText('No numbers yet')).toBeVisible();
    await app.getByLabel('Region').selectOption('495');
    await app.getByRole('button', { name: 'Buy' }).click();
    await expect(app.locator('#numbers tbody tr')).toHaveCount(1);
    await app.getByRole('button', { name: 'Buy' }).click();
    await expect(app.locator('#numbers tbody tr')).toHaveCount(2);
    const bought = (await app.locator('#numbers tbody tr td:first-child').allTextContents()).map((s) => s.trim());
    for (const n of bought) expect(n).toMatch(/^\+7 \(495\) \d{3}-\d{2}-\d{2}$/);
    // Forwarding: a wrong number is refused beside its field; a right one is saved.
    await app.getByLabel('Forward calls to').fill('12');
    await app.getByRole('button', { name: 'Save' }).click();
    await expect(app.locator('#user_phone-error')).toContainText('phone number');
    await app.getByLabel('Forward calls to').fill('+7 (916) 555-44-33');
    await app.getByRole('button', { name: 'Save' }).click();
    await expect(app.getByText('Saved: ')).toContainText('→ +7 (916) 555-44-33');
    await checkPage(app, 'numbers');
    // A new customer has no scenarios or caller lists yet: each page says what to do.
    await app.getByRole('link', { name: 'Scenarios' }).click();
    await expect(app.getByText('No scenarios yet')).toBeVisible();
    await app.getByRole('link', { name: 'Caller lists' }).click();
    await expect(app.getByText('No caller lists yet')).toBeVisible();

    // A campaign: utm_source = yandex, the site's number replaced by a DT pool of both.
    await app.getByRole('link', { name: 'Campaigns' }).click();
    await expect(app.getByText('No campaigns yet')).toBeVisible();
    await app.getByLabel('Name').fill('Yandex Direct');
    await app.getByRole('button', { name: 'Create' }).click();
    await expect(app.getByRole('heading', { name: 'Yandex Direct' })).toBeVisible();
    await app.getByLabel('Group name').fill('UTM');
    await app.getByRole('button', { name: 'Add a group' }).click();
    await app.getByLabel('Parameter').selectOption('utm_source');
    await app.getByLabel('Operator').selectOption('~');
    await app.getByLabel('Value', { exact: true }).fill('(yandex');
    await app.getByRole('button', { name: 'Add the condition' }).click();
    await expect(app.getByRole('alert')).toContainText(/not a valid regular expression/i);
    await app.getByLabel('Operator').selectOption('=');
    await app.getByLabel('Value', { exact: true }).fill('yandex');
    await app.getByRole('button', { name: 'Add the condition' }).click();
    await expect(app.locator('.group li')).toContainText('utm_source');
    await app.getByLabel('Number on the page').fill(SITE_PHONE);
    for (const n of bought) await app.getByLabel(n).check();
    await app.getByRole('button', { name: 'Add the block' }).click();
    await expect(app.locator('#preview')).toContainText(`Instead of ${SITE_PHONE} the page shows one of 2 numbers`);
    await checkPage(app, 'campaign');

    // A visit from the campaign sees a pool number.
    const visit = await visitor.newPage();
    await visit.goto(site.url + '?utm_source=yandex');
    await expect(visit.locator('#phone')).not.toHaveText(SITE_PHONE);
    const shown = (await visit.locator('#phone').textContent())!.trim();
    expect(bought).toContain(shown);
    const number = await visit.evaluate(() => window.Svc.getDTPhones()![0]!.raw);

    // The call reaches the journal, with its campaign, within 2 seconds.
    await app.getByRole('link', { name: 'Journal' }).click();
    await expect(app.getByText('Nothing in this range')).toBeVisible();
    await simulateCall({
      server: svcUrl,
      to: number,
      from: '79160000101',
      talk: 42,
      realTime: false,
      fileLink: 'https://records.example/call-1.mp3',
    });
    const call = app.locator('#journal tbody tr[data-type="cdr_in"]');
    // The campaign, and why the call is its: the number was the visit's.
    await expect(call.locator('.campaign')).toHaveText('Yandex DirectCredited: the number was leased to this visit', {
      timeout: 2000,
    });
    await expect(call).toContainText('yandex');
    await expect(call).toContainText('0:42');
    await expect(call).toContainText('+7 (916) 000-01-01');
    await expect(call.locator('audio')).toHaveCount(1);

    // Tagged target, then a sale with an amount.
    await call.getByRole('button', { name: 'Target', exact: true }).click();
    await expect(call.getByRole('button', { name: 'Target', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await call.getByLabel('Amount').fill('15000');
    await call.getByRole('button', { name: 'Mark as sale' }).click();
    await expect(call.locator('.sale')).toContainText('Sale: RUB 15,000.00');
    await checkPage(app, 'journal');
    await csvIsTheScreen(app, call);

    // The campaign report: 1 call, 1 sale and the amount.
    await app.getByRole('link', { name: 'Campaign report' }).click();
    const report = app.locator('#report tr[data-ac]:not([data-ac="-1"])');
    await expect(report.locator('th')).toHaveText('Yandex Direct');
    await expect(report.locator('[data-key="calls"] .value')).toHaveText('1');
    await expect(report.locator('[data-key="sales"] .value')).toHaveText('1');
    await expect(report.locator('[data-key="revenue"] .value')).toHaveText('RUB 15,000.00');
    await expect(app.locator('figure.chart canvas')).toBeVisible();
    // Away from the chart, its legend shows the range's totals, not uPlot's "--".
    const legend = app.locator('figure.chart .u-legend');
    const yandex = legend.locator('.u-series', { hasText: 'Yandex Direct' }).locator('.u-value');
    await app.locator('figure.chart .u-over').hover();
    await app.mouse.move(5, 5);
    await expect(yandex).toHaveText('1');
    await expect(legend).not.toContainText('--');
    await checkPage(app, 'report');

    // Team and charges: the tariff's first day and the two numbers' connections are charged.
    await app.getByRole('link', { name: 'Team' }).click();
    await expect(app.getByText('No employees yet')).toBeVisible();
    await checkPage(app, 'team');
    await app.getByRole('link', { name: 'Charges' }).click();
    // Two numbers connected at RUB 500 each (demo-site/telephony-seed.json, local numbers).
    await expect(app.locator('#charges tfoot td').nth(3)).toHaveText('RUB 1,000.00');
    await checkPage(app, 'charges');
    // The other pages with a table: the sites, the campaigns, the webhooks.
    for (const [link, table] of [
      ['Sites', '#sites'],
      ['Campaigns', '#campaigns'],
      ['Webhooks', '#webhooks, .empty'],
    ]) {
      await app.getByRole('link', { name: link, exact: true }).click();
      await expect(app.locator(table).first()).toBeVisible();
      await checkPage(app, link.toLowerCase());
    }

    // A view is a URL: reloading it keeps it, signed in.
    await app.goto(svcUrl + 'app/report');
    await app.reload();
    await expect(report.locator('[data-key="calls"] .value')).toHaveText('1');
    expect(appErrors).toEqual([]);
  } finally {
    await ctx.close();
    await visitor.close();
    await site.close();
  }
});

test('a site owner adds an employee and an API login, changes its password and its time zone', async ({ svcUrl, browser }) => {
  test.setTimeout(120_000);
  const { ctx, app, errors: appErrors } = await openApp(browser, svcUrl);
  try {
    await signIn(app, svcUrl, DEMO_OWNER, /\/app\/sites$/);

    // An employee, refused beside the field first, who then signs in to the operator console.
    await app.getByRole('link', { name: 'Team' }).click();
    await app.getByLabel('First name').fill('Olga');
    await app.getByLabel('Last name').fill('Smirnova');
    await app.getByLabel('E-mail (console sign-in)').fill('olga@demo.test');
    await app.locator('#employee-password').fill('short');
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(app.locator('#employee-password-error')).toHaveText('At least 8 characters');
    await app.locator('#employee-password').fill('olga-password-1');
    await app.locator('fieldset input[type=checkbox]').first().check();
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(app.locator('#team tr', { hasText: 'olga@demo.test' })).toContainText('Smirnova Olga');
    await checkPage(app, 'team-add');
    const operator = await operatorConsole(browser, svcUrl, 'olga@demo.test', 'olga-password-1');

    // Changed: another last name, no site, the first SIP line; the table follows.
    const olga = app.locator('#team tr', { hasText: 'olga@demo.test' });
    await olga.getByRole('button', { name: 'Edit' }).click();
    await expect(app.getByRole('heading', { name: 'Edit the employee: Smirnova Olga' })).toBeVisible();
    await app.getByLabel('Last name').fill('');
    await app.getByRole('button', { name: 'Save' }).click();
    await expect(app.locator('#last_name-error')).toHaveText('Required');
    await app.getByLabel('Last name').fill('Petrova');
    await app.locator('fieldset input[type=checkbox]').first().uncheck();
    await app.getByLabel('SIP line').selectOption({ index: 1 });
    await checkPage(app, 'team-edit');
    await app.getByRole('button', { name: 'Save' }).click();
    await expect(olga).toContainText('Petrova Olga');
    await expect(olga.locator('td').nth(4)).not.toBeEmpty();

    // Removed, after a question: the console signs her out, and she cannot sign in again.
    await olga.getByRole('button', { name: 'Remove' }).click();
    await expect(app.getByRole('alertdialog')).toContainText('signed out of the operator console');
    await app.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(app.locator('#team tr', { hasText: 'olga@demo.test' })).toHaveCount(0);
    await operator.page.reload();
    await expect(operator.page.locator('#login')).toBeVisible();
    await operator.page.locator('#email').fill('olga@demo.test');
    await operator.page.locator('#password').fill('olga-password-1');
    await operator.page.locator('#login button[type=submit]').click();
    await expect(operator.page.locator('#console')).toBeHidden();
    await operator.page.context().close();

    // An API login, which then signs in to the app.
    await app.getByRole('link', { name: 'Account' }).click();
    await expect(app.locator('#api-logins tr', { hasText: 'demo' })).toContainText('(you)');
    await app.locator('#api-login').fill('reports-bot');
    await app.locator('#api-login-password').fill('bot-password-1');
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(app.locator('#api-logins tr', { hasText: 'reports-bot' })).toBeVisible();
    const other = await browser.newContext({ locale: 'en-US' });
    await signIn(await other.newPage(), svcUrl, { login: 'reports-bot', password: 'bot-password-1' }, /\/app\/sites$/);
    await other.close();

    // One's own password: the old one is checked; the new one signs in.
    await app.getByLabel('Current password').fill('not-my-password');
    await app.locator('#own-password-new').fill('demo-password-2');
    await app.getByRole('button', { name: 'Change password' }).first().click();
    await expect(app.locator('#old_password-error')).toContainText(/not your current password/i);
    await app.getByLabel('Current password').fill('demo-password');
    await app.locator('#own-password-new').fill('demo-password-2');
    await app.getByRole('button', { name: 'Change password' }).first().click();
    await expect(app.getByText('Password changed').first()).toBeVisible();

    // The time zone: the app's dates follow it.
    await app.locator('#time_zone').selectOption('Asia/Tokyo');
    await app.getByRole('button', { name: 'Save' }).click();
    await expect(app.getByText('Saved', { exact: true })).toBeVisible();
    await expect
      .poll(() =>
        app.evaluate(
          // The clock shown ticks every 15 s: now, or a minute ago just after the minute turned.
          () =>
            [0, 60_000].some(
              (ago) =>
                document.getElementById('time-there')!.textContent ===
                new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(Date.now() - ago),
            ),
        ),
      )
      .toBe(true);
    await checkPage(app, 'account');

    // The added login goes; signed out, the new password signs in and the old one no longer does.
    await app.locator('#api-logins tr', { hasText: 'reports-bot' }).getByRole('button', { name: 'Remove' }).click();
    await expect(app.getByRole('alertdialog')).toContainText('can no longer sign in');
    await app.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(app.locator('#api-logins tbody tr')).toHaveCount(1);
    await app.getByRole('button', { name: 'Sign out' }).click();
    await app.getByLabel('Login').fill('demo');
    await app.getByLabel('Password').fill('demo-password');
    await app.getByRole('button', { name: 'Sign in' }).click();
    await expect(app.locator('#password-error')).toHaveText('Wrong login or password');
    await signIn(app, svcUrl, { ...DEMO_OWNER, password: 'demo-password-2' }, /\/app\/sites$/);
    expect(appErrors).toEqual([]);
  } finally {
    await ctx.close();
  }
});

test('a site owner makes a caller list and a scenario that sends its callers elsewhere', async ({ svcUrl, browser }) => {
  test.setTimeout(120_000);
  const { ctx, app, errors: appErrors } = await openApp(browser, svcUrl);
  try {
    await signIn(app, svcUrl, DEMO_OWNER, /\/app\/sites$/);

    // A caller list: a wrong number is refused beside its field, a right one is listed as people write it.
    await app.getByRole('link', { name: 'Numbers' }).click();
    await app.getByRole('link', { name: 'Caller lists' }).click();
    await expect(app).toHaveURL(/\/app\/numbers\/lists$/);
    await app.getByLabel('Name').fill('Regular clients');
    await app.getByRole('button', { name: 'Create' }).click();
    await expect(app.getByRole('heading', { name: 'Regular clients' })).toBeVisible();
    await app.getByLabel('Caller list', { exact: true }).selectOption({ label: 'Regular clients' });
    await app.getByLabel('Caller’s number').fill('12');
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(app.locator('#number-error')).toContainText('phone number');
    // A digit short has the shape of a number: the server refuses it by the plan, under the field.
    await app.getByLabel('Caller’s number').fill('+7 (916) 222-33-4');
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(app.locator('#number-error')).toHaveText(
      'Not a complete phone number: a Russian one is +7 and 10 digits; another country’s starts with + and its code',
    );
    await app.getByLabel('Caller’s number').fill('+7 916 222-33-44');
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    const list = app.locator('[data-list="Regular clients"]');
    await expect(list).toContainText('+7 (916) 222-33-44');
    await checkPage(app, 'numa-lists');

    // A scenario: its forwarding and numbers checked as the server checks them.
    await app.getByRole('link', { name: 'Scenarios' }).click();
    await expect(app.locator('#scenarios')).toContainText('VIP clients → +7 (916) 000-00-01');
    await app.locator('#scenario-name').fill('Night line');
    await app.locator('#forward_to').fill('1234');
    await app.getByRole('button', { name: 'Create' }).click();
    await expect(app.locator('#forward_to-error')).toContainText('phone number');
    await app.locator('#forward_to').fill('+7 (916) 555-00-11');
    await app.getByLabel('+7 (495) 777-00-11').check();
    await app.getByRole('button', { name: 'Create' }).click();
    await expect(app.locator('#scenario-numbers-error')).toContainText('already answers another scenario');
    await app.getByLabel('+7 (495) 777-00-11').uncheck();
    await app.getByRole('button', { name: 'Create' }).click();
    const row = app.locator('#scenarios tr', { hasText: 'Night line' });
    await expect(row).toContainText('+7 (916) 555-00-11');
    // Where its calls ring is said where it was set.
    await expect(app.locator('#scenario-saved')).toHaveText('Saved: calls to Night line ring +7 (916) 555-00-11.');

    // Its callers on the list go elsewhere; renamed, it keeps the route.
    await app.getByLabel('Scenario', { exact: true }).selectOption({ label: 'Night line' });
    await app.getByLabel('Caller list', { exact: true }).selectOption({ label: 'Regular clients' });
    await app.locator('#route-forward_to').fill('+7 (916) 555-00-22');
    await app.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(row).toContainText('Regular clients → +7 (916) 555-00-22');
    await row.getByRole('button', { name: 'Edit' }).click();
    await app.locator('#scenario-name').fill('Night desk');
    await app.getByRole('button', { name: 'Save' }).click();
    const renamed = app.locator('#scenarios tr', { hasText: 'Night desk' });
    await expect(app.locator('#scenario-saved')).toHaveText('Saved: calls to Night desk ring +7 (916) 555-00-11.');
    await expect(renamed).toContainText('Regular clients → +7 (916) 555-00-22');
    await checkPage(app, 'scenarios');
    await renamed.getByRole('button', { name: 'Remove Regular clients' }).click();
    await expect(app.getByRole('alertdialog')).toContainText('where the scenario sends every other caller');
    await app.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(renamed).not.toContainText('Regular clients');

    // In Russian, the server's refusal beside the field is Russian too.
    await app.getByLabel('Language').selectOption('ru');
    await app.getByRole('link', { name: 'Списки звонящих' }).click();
    await app.locator('#number').fill('12');
    await app.locator('form[aria-labelledby="add-number-h"] button[type=submit]').click();
    await expect(app.locator('#number-error')).toHaveText('Номер телефона: +7 и 10 цифр или номер другой страны с + и кодом страны');
    await app.locator('#number').fill('+7 (916) 222-33-4');
    await app.locator('form[aria-labelledby="add-number-h"] button[type=submit]').click();
    await expect(app.locator('#number-error')).toHaveText(
      'Неполный или несуществующий номер: российский — +7 и 10 цифр, номер другой страны — с + и кодом страны',
    );
    expect(appErrors).toEqual([]);
  } finally {
    await ctx.close();
  }
});

test('an employee signs in to the app and reads and tags the journal of the site they serve', async ({ svcUrl, browser }) => {
  test.setTimeout(120_000);
  const { ctx, app, errors: appErrors } = await openApp(browser, svcUrl);
  try {
    // A call to the demo site's number: the journal of the site the demo operator serves.
    await simulateCall({ server: svcUrl, to: '74957770011', from: '79160000202', talk: 17, realTime: false });

    // The console's e-mail and password sign in; a wrong password is refused as a login's is,
    // after one request: the server checks it once, as the account the name is.
    await app.goto(svcUrl + 'app/');
    const signIns: string[] = [];
    app.on('request', (r) => {
      if (r.method() === 'POST' && /\/(api\/login|app\/api\/(employee-)?session)\b/.test(r.url())) signIns.push(new URL(r.url()).pathname);
    });
    await app.getByLabel('Login').fill('operator@demo.test');
    await app.getByLabel('Password').fill('wrong-password');
    await app.getByRole('button', { name: 'Sign in' }).click();
    await expect(app.locator('#password-error')).toHaveText('Wrong login or password');
    expect(signIns).toEqual(['/app/api/session']);
    await app.getByLabel('Password').fill('demo-operator');
    await app.getByRole('button', { name: 'Sign in' }).click();
    await expect(app).toHaveURL(/\/app\/journal$/);
    await expect(app.getByRole('navigation').getByRole('link')).toHaveText(['Journal', 'Campaign report', 'Notifications']);

    const call = app.locator('#journal tbody tr[data-type="cdr_in"]');
    await expect(call).toContainText('0:17');
    await expect(call).toContainText('+7 (916) 000-02-02');
    await call.getByRole('button', { name: 'Target', exact: true }).click();
    await expect(call.getByRole('button', { name: 'Target', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await checkPage(app, 'journal-employee');

    await app.getByRole('link', { name: 'Campaign report' }).click();
    await expect(app.getByRole('heading', { name: 'Campaign report' })).toBeVisible();
    await expect(app.locator('table').first()).toBeVisible();

    // Alerts of the sites they serve, to the address they sign in with; no site of another's.
    await app.getByRole('link', { name: 'Notifications' }).click();
    await expect(app.locator('#email')).toHaveValue('operator@demo.test');
    await expect(app.locator('#alerts-h')).toBeVisible();
    await expect(app.locator('#reports-h')).toHaveCount(0);
    await checkPage(app, 'notifications-employee');

    // The customer's other pages say what they are, in either language, rather than failing.
    await app.goto(svcUrl + 'app/sites');
    await expect(app.getByRole('heading', { name: 'Not available to employees' })).toBeVisible();
    await app.getByLabel('Language').selectOption('ru');
    await expect(app.getByRole('heading', { name: 'Недоступно сотрудникам' })).toBeVisible();
    await app.getByLabel('Язык').selectOption('en');

    await app.getByRole('button', { name: 'Sign out' }).click();
    await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(appErrors).toEqual([]);
  } finally {
    await ctx.close();
  }
});

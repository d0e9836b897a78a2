import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dropDatabase, freshDbPath } from '../support/test-database.js';
import { expect, test as base } from './fixtures.js';
import { addSite, DESKTOP_CHROME, openApp, ownSite } from './owner.js';
import { checkPage } from './page-checks.js';

/**
 * A new owner on a fresh production server, through the app alone: the setup link the server
 * prints makes the first account (and nothing else does); the owner adds a site, lets a staging
 * page in after "Check installation" names it, gives the site a new key, shares a number between
 * two campaigns only after the warning, renames and deletes a campaign, deletes the site, and keeps
 * a webhook's secret. Every removal asks first, in a dialog that Escape cancels. Every view passes
 * axe-core at 1280 and 360 px.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface Fresh {
  url: string;
  token: string;
  give(customerId: number, number: string): Promise<void>;
}

/** The server as `node dist/node/server/main.js` starts it: no demo files, an empty database. */
const test = base.extend<{ fresh: Fresh }>({
  // eslint-disable-next-line no-empty-pattern
  fresh: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-first-run-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    const load = (p: string) => import(pathToFileURL(join(root, 'dist/node/server', p)).href);
    const { createServer } = await load('app.js');
    const { giveNumber } = await load('numbers/site-numbers.js');
    const { timestamp } = await load('store/time.js');
    const server = await createServer({ dbPath, bundleDir: join(root, 'dist') });
    const url: string = await server.listen(0, '127.0.0.1');
    await use({
      url,
      token: server.setupToken.value(),
      give: async (customerId, number) => void (await giveNumber(server.store.db, customerId, number, timestamp())),
    });
    await server.close();
    dropDatabase(dbPath);
    rmSync(dir, { recursive: true, force: true });
  },
});

test.describe.configure({ timeout: 180_000 });

test('the setup link makes the first account; the owner adds a site and fixes its installation', async ({ fresh, browser }) => {
  const pages = await ownSite();
  const { ctx, app, errors } = await openApp(browser, fresh.url);
  const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
  try {
    // Without the secret, or with a wrong one, nothing can be made.
    for (const link of ['app/setup', 'app/setup?token=guess']) {
      await app.goto(fresh.url + link);
      await expect(app.getByRole('alert')).toContainText('This setup link does not work');
      await expect(app.getByLabel('Password again')).toHaveCount(0);
    }
    await checkPage(app, 'setup, a dead link', { shot: false });
    await app.getByRole('link', { name: 'Go to sign-in' }).click();
    await expect(app.getByText('Open the setup link it printed')).toBeVisible();

    // The link the server printed: a form that makes the first account and signs in.
    await app.goto(`${fresh.url}app/setup?token=${fresh.token}`);
    await expect(app.getByRole('heading', { name: 'Set up this server' })).toBeVisible();
    await checkPage(app, 'setup', { shot: false });
    await app.getByLabel('Company name').fill('Flower shop');
    await app.getByLabel('Login').fill('owner@flowers.test');
    await app.getByLabel('Password', { exact: true }).fill('flowers-password');
    await app.getByLabel('Password again').fill('flowers-passw0rd');
    await app.getByRole('button', { name: 'Create the account' }).click();
    await expect(app.locator('#again-error')).toHaveText('The passwords differ.');
    await app.getByLabel('Password again').fill('flowers-password');
    await app.getByRole('button', { name: 'Create the account' }).click();
    await expect(app).toHaveURL(/\/app\/sites\?welcome=1$/);
    await expect(app.getByText('Your account is ready. Next: add your site')).toBeVisible();
    await expect(app.locator('.who')).toHaveText('Flower shop');
    await checkPage(app, 'sites, welcome', { shot: false });
    // The link is dead now, in another browser too.
    const other = await browser.newPage();
    await other.goto(`${fresh.url}app/setup?token=${fresh.token}`);
    await expect(other.getByRole('alert')).toContainText('This setup link does not work');
    await other.close();
    // Signed in, the link leads home.
    await app.goto(`${fresh.url}app/setup?token=${fresh.token}`);
    await expect(app).toHaveURL(/\/app\/sites$/);

    // A site: its phone shown, its widgets in the app's language, the snippet as high in <head> as it can go.
    await addSite(app, 'flowers.test', '+7 (495) 111-22-33');
    const sitePath = new URL(app.url()).pathname;
    await expect(app.locator('#site-phone')).toHaveText('+7 (495) 111-22-33');
    await expect(app.getByLabel('Language of the widgets')).toHaveValue('en');
    await expect(app.locator('#install-help')).toHaveText('Paste this code into every page of the site, as high in <head> as you can.');
    // A second site of the same domain is refused beside the field.
    await app.goto(fresh.url + 'app/sites');
    await app.getByLabel('Domain').fill('flowers.test');
    await app.getByLabel("The site's own phone number").fill('+7 (495) 111-22-33');
    await app.getByRole('button', { name: 'Add' }).click();
    await expect(app.locator('#domain-error')).toContainText('Duplicate domain flowers.test');

    // The snippet on a page of another address: refused, and "Check installation" says which and how to fix it.
    await app.goto(fresh.url + sitePath.slice(1));
    await app.getByRole('button', { name: 'Copy', exact: true }).click();
    const snippet = await app.evaluate(() => navigator.clipboard.readText());
    pages.put(`<!doctype html><html lang="en"><head>${snippet}<title>Flowers</title></head><body><p>Flowers</p></body></html>`);
    const page = await visitor.newPage();
    await page.goto(pages.url);
    const host = new URL(pages.url).host;
    await expect(async () => {
      await app.getByRole('button', { name: 'Check installation' }).click();
      await expect(app.locator('#install-status')).toContainText(`A page on ${pages.url.replace(/\/$/, '')} was refused`, {
        timeout: 1000,
      });
    }).toPass();
    await expect(app.locator('#install-status')).toContainText('No page view seen yet');
    await expect(app.locator('#install-status')).toContainText(`add ${host} to the site’s other addresses`);
    await checkPage(app, 'site, a page refused', { shot: false });
    await app.getByLabel('Other addresses of the site').fill(`www.flowers.test\n${host}`);
    await app.getByRole('button', { name: 'Save the domain and addresses' }).click();
    await expect(app.locator('#details-note')).toHaveText('Saved. The next page view uses it.');
    await page.reload();
    await page.waitForFunction(() => !!window.Svc?.getCredentials());
    await app.getByRole('button', { name: 'Check installation' }).click();
    await expect(app.locator('#install-status')).toContainText('Installed');
    await expect(app.locator('#install-status')).not.toContainText('refused');

    // A new snippet key, after a question that Escape answers no.
    const before = await app.locator('#snippet').textContent();
    await app.getByRole('button', { name: 'New snippet key' }).click();
    const dialog = app.getByRole('alertdialog');
    await expect(dialog).toContainText('stops working at once');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkPage(app, 'site, the new key asked', { shot: false });
    await app.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'New snippet key' })).toBeFocused();
    await app.keyboard.press('Tab');
    await app.keyboard.press('Tab');
    // Focus stays in the dialog: the page behind it is inert.
    expect(await app.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body)).toBe(true);
    await app.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(app.getByRole('button', { name: 'New snippet key' })).toBeFocused();
    expect(await app.locator('#snippet').textContent()).toBe(before);
    await app.getByRole('button', { name: 'New snippet key' }).click();
    await dialog.getByRole('button', { name: 'New snippet key' }).click();
    await expect(app.locator('#rotate-note')).toHaveText('New key made. Put the new code above on every page of the site.');
    await expect(app.locator('#snippet')).not.toHaveText(before!);
    expect(errors).toEqual([]);
  } finally {
    await visitor.close();
    await ctx.close();
    await pages.close();
  }
});

test('campaigns and a site are renamed and deleted after a question; a shared number only after its warning', async ({
  fresh,
  browser,
}) => {
  const { ctx, app, errors } = await openApp(browser, fresh.url);
  // The first account, made through the link as in the test above.
  await app.goto(`${fresh.url}app/setup?token=${fresh.token}`);
  await app.getByLabel('Login').fill('owner@shop.test');
  await app.getByLabel('Password', { exact: true }).fill('shop-password');
  await app.getByLabel('Password again').fill('shop-password');
  await app.getByRole('button', { name: 'Create the account' }).click();
  await expect(app).toHaveURL(/\/app\/sites\?welcome=1$/);
  await fresh.give(1, '74957770011');
  await addSite(app, 'shop.test', '+7 (495) 111-22-33');
  const siteId = new URL(app.url()).pathname.split('/').pop();

  // Two campaigns; the first is renamed.
  const campaign = async (name: string) => {
    await app.goto(`${fresh.url}app/campaigns?site=${siteId}`);
    await app.getByLabel('Name').fill(name);
    await app.getByRole('button', { name: 'Create' }).click();
    await expect(app.getByRole('heading', { name, level: 1 })).toBeVisible();
    await app.getByLabel('Block name').fill('Main');
    await app.getByLabel('Number on the page').fill('+7 (495) 111-22-33');
    await app.getByLabel('Replace with').selectOption('static');
  };
  await campaign('Spring');
  await app.getByRole('button', { name: 'Add the block' }).click();
  await expect(app.locator('#blocks-h + p + ul li')).toContainText('Main');
  await app.getByLabel('Name', { exact: true }).fill('Spring sale');
  await app.getByRole('button', { name: 'Rename' }).click();
  await expect(app.getByRole('heading', { name: 'Spring sale', level: 1 })).toBeVisible();

  // The second campaign wants the same number: refused with the first one's name, then accepted.
  await campaign('Autumn');
  await app.getByRole('button', { name: 'Add the block' }).click();
  await expect(app.locator('#shared-number')).toContainText('already in campaign "Spring sale"');
  await checkPage(app, 'campaign, a shared number', { shot: false });
  await app.getByLabel('Use it in both campaigns anyway').check();
  await app.getByRole('button', { name: 'Add the block' }).click();
  await expect(app.locator('#blocks-h + p + ul li')).toContainText('Main');
  await expect(app.locator('#shared-number')).toHaveCount(0);

  // A block is removed after a question; Cancel keeps it.
  await app.getByRole('button', { name: 'Delete Main' }).click();
  await expect(app.getByRole('alertdialog')).toContainText('Remove the block Main?');
  await app.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(app.locator('#blocks-h + p + ul li')).toHaveCount(1);
  await app.getByRole('button', { name: 'Delete Main' }).click();
  await app.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(app.getByText('No number is replaced yet').first()).toBeVisible();

  // The campaign is deleted after saying what becomes of what it brought.
  await app.getByRole('button', { name: 'Delete the campaign' }).click();
  await expect(app.getByRole('alertdialog')).toContainText('show it as deleted');
  await app.getByRole('alertdialog').getByRole('button', { name: 'Delete the campaign' }).click();
  await expect(app).toHaveURL(new RegExp(`/app/campaigns\\?site=${siteId}$`));
  await expect(app.locator('#campaigns')).toContainText('Spring sale');
  await expect(app.locator('#campaigns')).not.toContainText('Autumn');

  // The site goes after saying what goes with it.
  await app.goto(`${fresh.url}app/sites/${siteId}`);
  await app.getByRole('button', { name: 'Delete the site' }).click();
  await expect(app.getByRole('alertdialog')).toContainText('Its campaigns (1) are deleted');
  await checkPage(app, 'site, deleting asked', { shot: false });
  await app.getByRole('alertdialog').getByRole('button', { name: 'Delete the site' }).click();
  await expect(app).toHaveURL(/\/app\/sites$/);
  await expect(app.getByText('No sites yet')).toBeVisible();

  // A webhook: its secret copied, the signing rule linked, removed after a question.
  await app.getByRole('link', { name: 'Webhooks' }).click();
  const docs = app.getByRole('link', { name: 'The webhook functions in the API reference' });
  expect((await app.request.get(new URL((await docs.getAttribute('href'))!, fresh.url).href)).status()).toBe(200);
  await app.getByLabel('Receiver URL (https)').fill('https://crm.example.com/hooks');
  await app.getByRole('button', { name: 'Add', exact: true }).click();
  const secret = (await app.locator('#webhook-secret').textContent())!;
  expect(secret).toMatch(/^whsec_/);
  await app.getByRole('button', { name: 'Copy the secret' }).click();
  expect(await app.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await checkPage(app, 'webhooks, a new secret', { shot: false });
  await app.getByRole('button', { name: 'Remove https://crm.example.com/hooks' }).click();
  await expect(app.getByRole('alertdialog')).toContainText('Events stop going to it at once');
  await app.keyboard.press('Escape');
  await expect(app.locator('#webhooks')).toContainText('crm.example.com');
  await app.getByRole('button', { name: 'Remove https://crm.example.com/hooks' }).click();
  await app.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(app.getByText('No webhooks yet')).toBeVisible();
  expect(errors).toEqual([]);
  await ctx.close();
});

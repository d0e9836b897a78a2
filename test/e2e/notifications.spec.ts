import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startSmtpStandin, type SmtpStandin } from '../support/smtp-standin.js';
import { dropDatabase, freshDbPath } from '../support/test-database.js';
import { expect, test as base } from './fixtures.js';
import { checkPage } from './page-checks.js';

/**
 * Mail in the app (docs/notifications.md): "Forgot password?" mails a link through a real SMTP
 * server, the link sets a new password that then signs in, and the Notifications page chooses
 * alerts and a scheduled report. Every view passes axe-core at 1280 and 360 px.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

const test = base.extend<{ svc: { url: string; smtp: SmtpStandin } }>({
  // eslint-disable-next-line no-empty-pattern
  svc: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-mail-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    const smtp = await startSmtpStandin();
    const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
    const server = await createServer({
      dbPath,
      siteConfig: join(root, 'demo-site/site-config.json'),
      apiSeed: join(root, 'demo-site/api-seed.json'),
      bundleDir: join(root, 'dist'),
      publicUrl: 'http://svc.test/',
      mail: { url: smtp.url },
    });
    await server.store.db.updateTable('customers').set({ email: 'owner@demo.test' }).where('id', '=', 1).execute();
    await use({ url: await server.listen(0, '127.0.0.1'), smtp });
    await server.close();
    await smtp.close();
    dropDatabase(dbPath);
    rmSync(dir, { recursive: true, force: true });
  },
});

test.describe.configure({ timeout: 180_000 });

test('a forgotten password is reset by mail, and alerts and a report are chosen', async ({ browser, svc }) => {
  const ctx = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Moscow' });
  const app = await ctx.newPage();
  await app.goto(svc.url + 'app/');
  await app.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(app).toHaveURL(/\/app\/forgot$/);
  await checkPage(app, 'forgot', { shot: false });
  await app.getByLabel('E-mail').fill('owner@demo.test');
  await app.getByRole('button', { name: 'Send the link' }).click();
  await expect(app.getByRole('status')).toContainText('a mail with the link is on its way');

  const [mail] = await svc.smtp.waitFor(1);
  const link = /demo: (http:\/\/svc\.test\/app\/reset\?token=[\w-]+)/.exec(mail!.text)![1]!;
  await app.goto(link.replace('http://svc.test/', svc.url));
  await expect(app.getByRole('heading', { name: 'New password' })).toBeVisible();
  await checkPage(app, 'reset', { shot: false });
  await app.getByRole('textbox', { name: 'New password (at least 8 characters)' }).fill('a-brand-new-password');
  await app.getByLabel('Password again').fill('a-brand-new-password');
  await app.getByRole('button', { name: 'Set the password' }).click();
  await expect(app.getByRole('status')).toContainText('Your password is set');

  await app.getByRole('link', { name: 'Go to sign-in' }).click();
  await app.getByLabel('Login').fill('demo');
  await app.getByLabel('Password').fill('a-brand-new-password');
  await app.getByRole('button', { name: 'Sign in' }).click();
  await expect(app).toHaveURL(/\/app\/sites$/);

  await app.getByRole('link', { name: 'Notifications' }).first().click();
  await expect(app.getByRole('heading', { name: 'Alerts by e-mail' })).toBeVisible();
  await checkPage(app, 'notifications', { shot: false });
  const alerts = app.locator('form[aria-labelledby="alerts-h"]');
  await alerts.getByLabel('E-mail').fill('owner@demo.test');
  await alerts.getByRole('group', { name: 'Missed call' }).getByLabel('All sites').check();
  await alerts.getByRole('button', { name: 'Save' }).click();
  await expect(alerts.getByRole('status')).toHaveText('Saved.');
  const reports = app.locator('form[aria-labelledby="reports-h"]');
  await reports.getByLabel('Send').selectOption('weekly');
  await reports.getByLabel('E-mail').fill('owner@demo.test');
  await reports.getByRole('button', { name: 'Save' }).click();
  await expect(reports.getByRole('status')).toHaveText('Saved.');
  await checkPage(app, 'notifications-chosen', { shot: false });
  await app.reload();
  await expect(
    app.locator('form[aria-labelledby="alerts-h"]').getByRole('group', { name: 'Missed call' }).getByLabel('All sites'),
  ).toBeChecked();
  await expect(app.locator('#report-period')).toHaveValue('weekly');
  await ctx.close();
});

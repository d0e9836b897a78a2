import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { dropDatabase, freshDbPath } from '../support/test-database.js';
import { saysOf, TwilioStandin } from '../support/twilio-standin.js';
import { expect, test as base } from './fixtures.js';
import { addSite, connectTwilio, DESKTOP_CHROME, freePort, openApp, ownSite, signIn } from './owner.js';
import { checkPage } from './page-checks.js';

/**
 * Going live with a carrier, through the app alone, on a fresh server with no seed and no site
 * configuration (docs/carriers.md, "Going live: the operator's checklist"): the operator's agent
 * login is made as `npm run create-account -- agent` makes it; the operator connects Twilio (a local
 * stand-in, test/support/twilio-standin.ts) on the Carriers page and makes a customer with a login;
 * the customer adds a site with its phone, turns recording on with a notice, buys a number at the
 * price the confirmation shows, makes a campaign showing it and a webhook to its CRM. A visit from
 * the campaign sees the number; Twilio's incoming call to it is answered with the notice and a
 * recorded Dial to the site's phone; its status and recording callbacks land in the journal,
 * credited to the campaign with the recording, and the CRM receives the call.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SITE_PHONE = '+7 (495) 111-22-33';
const FOR_SALE = '+14155550111';
const CALLER = '+14155550188';
const NOTICE = 'This call is recorded to improve our service.';
const AGENT = { login: 'operator', password: 'operator-password-1' };
const OWNER = { login: 'owner@flowers.test', password: 'flowers-password-1' };

interface World {
  svcUrl: string;
  twilio: TwilioStandin;
}

/**
 * The server as a self-hosted operator runs it: a fresh database, no seed, no site configuration,
 * the carriers' secret key and public URL set, plus what a local stand-in needs (its API base, a
 * loopback public URL, webhooks to a loopback http receiver). The agent login made first, by the
 * create-account command's own code.
 */
const test = base.extend<{ world: World }>({
  // eslint-disable-next-line no-empty-pattern
  world: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-golive-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    const twilio = new TwilioStandin();
    await twilio.start();
    const { createAccountCommand } = await import(pathToFileURL(join(root, 'dist/node/server/accounts/create-account.js')).href);
    const lines: string[] = [];
    const made = await createAccountCommand(['agent', AGENT.login, '--name', 'Calls Inc.', '--db', dbPath], {
      out: (l: string) => lines.push(l),
      err: (l: string) => lines.push(l),
      env: { SVC_ACCOUNT_PASSWORD: AGENT.password },
      defaultDb: dbPath,
      readPassword: async () => '',
    });
    expect(made, lines.join('\n')).toBe(0);
    const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}/`;
    const server = await createServer({
      dbPath,
      bundleDir: join(root, 'dist'),
      publicUrl,
      carriers: { secretKey: randomBytes(32), apiBases: { twilio: twilio.url }, allowPrivateUrl: true },
      webhooks: { allowHttp: true, allowLoopback: true },
    });
    const svcUrl: string = await server.listen(port, '127.0.0.1');
    await use({ svcUrl, twilio });
    await server.close();
    await twilio.close();
    dropDatabase(dbPath);
    rmSync(dir, { recursive: true, force: true });
  },
});

test.describe.configure({ timeout: 180_000 });

/** The customer's CRM: keeps every delivery's JSON. */
async function crm(): Promise<{ url: string; received: Array<Record<string, unknown>>; close(): Promise<void> }> {
  const received: Array<Record<string, unknown>> = [];
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      res.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/crm`,
    received,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** The operator connects Twilio with the account's credentials; Check shows the account's name. */
async function operatorConnectsTwilio(app: Page, svcUrl: string, twilio: TwilioStandin): Promise<void> {
  await signIn(app, svcUrl, AGENT, /\/app\/customers$/);
  const row = await connectTwilio(app, twilio);
  await expect(row.locator('td').nth(2), 'the check is shown once').toHaveText(`Works: ${twilio.accountName}`);
  await checkPage(app, 'carriers-connected');
}

/** The operator makes the customer with its login and activates it. */
async function operatorMakesCustomer(app: Page): Promise<void> {
  await app.getByRole('link', { name: 'Customers' }).click();
  await app.getByLabel('Name').fill('Flower shop');
  await app.getByLabel('E-mail (login)').fill(OWNER.login);
  await app.getByLabel('Password').fill(OWNER.password);
  await app.getByRole('button', { name: 'Create' }).click();
  const row = app.locator('#customers tr', { hasText: 'Flower shop' });
  await row.getByRole('button', { name: 'Activate' }).click();
  await expect(row).toContainText('active');
  await app.getByRole('button', { name: 'Sign out' }).click();
  await expect(app.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

/** The owner's site with its phone and snippet, recording on with its notice, the widgets in English. */
async function ownerAddsSite(app: Page, site: { url: string; put(html: string): void }): Promise<void> {
  await addSite(app, 'localhost', SITE_PHONE);
  await app.getByRole('button', { name: 'Copy' }).click();
  const snippet = await app.evaluate(() => navigator.clipboard.readText());
  site.put(`<!doctype html><html lang="en"><head><title>Flowers</title>${snippet}</head>
    <body><p>Order by phone: <a id="phone" href="tel:+74951112233">${SITE_PHONE}</a></p></body></html>`);
  await app.getByLabel('Language of the widgets').selectOption('en');
  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(app.getByText('Saved', { exact: true }).first()).toBeVisible();
  await app.getByLabel('Record calls to the site’s carrier numbers').check();
  await app.getByLabel('Notice callers hear first').fill(NOTICE);
  await app.getByRole('button', { name: 'Apply call recording' }).click();
  await expect(app.locator('section[aria-labelledby="recording-h"] [role="status"]')).toHaveText('Saved');
}

/** Search, the confirmation at the price shown, the purchase; the number bought as the table shows it. */
async function ownerBuysNumber(app: Page): Promise<string> {
  await app.getByRole('link', { name: 'Numbers' }).click();
  await expect(app.getByRole('heading', { name: 'Buy a number at your carrier' })).toBeVisible();
  await expect(app.getByText('No numbers yet. Buy or import one below')).toBeVisible();
  // No control's id shadows its form's own methods (a field named "contains" did: assistive tools call it).
  expect(
    await app.evaluate(() => [...document.forms].every((f) => typeof f.contains === 'function' && typeof f.submit === 'function')),
  ).toBe(true);
  await app.getByLabel('Area code').fill('415');
  await app.getByRole('button', { name: 'Search' }).click();
  const offer = app.locator('#offers li');
  await expect(offer).toHaveCount(1);
  await expect(offer).toContainText('San Francisco, CA');
  await expect(offer).toContainText('$1.15 a month');
  await offer.getByRole('button', { name: 'Buy' }).click();
  const dialog = app.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText('Buy +1 (415) 555-0111?');
  await expect(dialog).toContainText('Your carrier account will be charged $1.15 a month for it, until you release it.');
  await checkPage(app, 'numbers-buy-confirm');
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await expect(app.locator('#numbers tbody tr')).toHaveCount(1);
  await expect(app.getByRole('status').filter({ hasText: 'Bought' })).toContainText('Bought');
  await checkPage(app, 'numbers-carrier');
  return (await app.locator('#numbers tbody tr td:first-child').textContent())!.trim();
}

/** A campaign: utm_source = spring, the site's phone replaced by the bought number. */
async function ownerMakesCampaign(app: Page, shown: string): Promise<void> {
  await app.getByRole('link', { name: 'Campaigns' }).click();
  await app.getByLabel('Name').fill('Spring sale');
  await app.getByRole('button', { name: 'Create' }).click();
  await expect(app.getByRole('heading', { name: 'Spring sale' })).toBeVisible();
  await app.getByLabel('Group name').fill('UTM');
  await app.getByRole('button', { name: 'Add a group' }).click();
  await app.getByLabel('Parameter').selectOption('utm_source');
  await app.getByLabel('Operator').selectOption('=');
  await app.getByLabel('Value', { exact: true }).fill('spring');
  await app.getByRole('button', { name: 'Add the condition' }).click();
  await expect(app.locator('.group li')).toContainText('utm_source');
  await app.getByLabel('Number on the page').fill(SITE_PHONE);
  await app.getByLabel(shown).check();
  await app.getByRole('button', { name: 'Add the block' }).click();
  await expect(app.locator('#preview')).toContainText(`Instead of ${SITE_PHONE} the page shows`);
}

/** The owner's CRM receiver, added on the Webhooks page for the calls' end. */
async function ownerAddsWebhook(app: Page, url: string): Promise<void> {
  await app.getByRole('link', { name: 'Webhooks' }).click();
  await app.getByLabel('Receiver URL (https)').fill(url);
  await app.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(app.getByRole('row').filter({ hasText: url })).toBeVisible();
}

test('an operator connects Twilio; its customer buys a number, shows it in a campaign, and its first call lands', async ({
  world,
  browser,
}) => {
  const { svcUrl, twilio } = world;
  twilio.offer({ phone_number: FOR_SALE });
  const site = await ownSite();
  const receiver = await crm();
  const { ctx, app, errors: appErrors } = await openApp(browser, svcUrl);
  const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
  try {
    await operatorConnectsTwilio(app, svcUrl, twilio);
    await operatorMakesCustomer(app);

    await signIn(app, svcUrl, OWNER, /\/app\/sites$/);
    await ownerAddsSite(app, site);
    const shown = await ownerBuysNumber(app);
    // Bought at Twilio, its calls pointed at this server.
    const held = twilio.heldByPhone(FOR_SALE)!;
    expect(held.voice_url).toMatch(new RegExp(`^${svcUrl}carriers/twilio/\\d+/voice`));
    await ownerMakesCampaign(app, shown);
    await ownerAddsWebhook(app, receiver.url);

    // A visit from the campaign's link sees the bought number.
    const visit = await visitor.newPage();
    await visit.goto(site.url + '?utm_source=spring');
    // Written in the page's own pattern, as the number it replaces.
    await expect(visit.locator('#phone')).toHaveAttribute('href', 'tel:' + FOR_SALE);
    expect((await visit.locator('#phone').textContent())!.replace(/\D/g, '')).toBe(FOR_SALE.slice(1));

    // Twilio's side of the call: the voice webhook, answered with the notice, then a recorded Dial to the site's phone.
    const call = await twilio.incomingCall(CALLER, FOR_SALE);
    expect(call.status, call.twiml).toBe(200);
    expect(saysOf(call.twiml)).toEqual([{ language: 'en-US', text: NOTICE }]);
    expect(call.twiml.indexOf('<Say')).toBeLessThan(call.twiml.indexOf('<Dial'));
    expect(call.dial).toMatchObject({ number: '+74951112233', record: 'record-from-answer-dual' });
    const callBase = twilio.callParams(call.callSid, CALLER, FOR_SALE, 'in-progress');
    const answered = new Date();
    expect((await twilio.callStatus(held.status_callback!, callBase, 'in-progress')).status).toBeLessThan(300);
    const recording = `https://api.twilio.com/2010-04-01/Accounts/${twilio.accountSid}/Recordings/RE${'7'.repeat(32)}`;
    // A recorded Dial's action carries the recording's URL; the recording callback follows when the file is ready.
    expect((await twilio.dialEnded(call.dial!, callBase, { status: 'completed', duration: 42, recordingUrl: recording })).status).toBe(200);
    expect((await twilio.recordingReady(call.dial!, call.callSid, { url: recording, duration: 42, start: answered })).status).toBe(204);
    expect((await twilio.callStatus(held.status_callback!, callBase, 'completed', { duration: 47 })).status).toBeLessThan(300);

    // The journal: the call, credited to the campaign, with its recording.
    await app.getByRole('link', { name: 'Journal' }).click();
    const row = app.locator('#journal tbody tr[data-type="cdr_in"]');
    await expect(row.locator('.campaign')).toHaveText('Spring saleCredited: the number was leased to this visit');
    await expect(row).toContainText('spring');
    await expect(row).toContainText('0:42');
    await expect(row.locator('audio')).toHaveAttribute('src', new RegExp(`${twilio.accountSid}/Recordings/RE7{32}$`));

    // The CRM receives the call's end, with its campaign.
    await expect.poll(() => receiver.received.filter((d) => d.type === 'call.ended').length, { timeout: 10_000 }).toBe(1);
    const ended = receiver.received.find((d) => d.type === 'call.ended') as {
      campaign: { name: string };
      record: { numb: string; duration: number; file_link: string[] };
    };
    expect(ended.campaign.name).toBe('Spring sale');
    expect(ended.record).toMatchObject({ numb: FOR_SALE.slice(1), duration: 42 });
    expect(ended.record.file_link).toHaveLength(1);
    expect(recording).toContain(ended.record.file_link[0]!.replace(/^https?:/, ''));
    expect(appErrors).toEqual([]);
  } finally {
    await ctx.close();
    await visitor.close();
    await site.close();
    await receiver.close();
  }
});

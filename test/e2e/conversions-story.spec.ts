import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { startGa4Standin, type Ga4Standin } from '../support/ga4-standin.js';
import { startGoogleAdsStandin, type GoogleAdsStandin } from '../support/google-ads-standin.js';
import { startMetricaStandin, type MetricaStandin } from '../support/metrica-standin.js';
import { dropDatabase, freshDbPath } from '../support/test-database.js';
import type { TwilioStandin } from '../support/twilio-standin.js';
import { axeViolations } from './axe.js';
import {
  addSite,
  carrierServer,
  connectTwilio,
  DESKTOP_CHROME,
  menu,
  ownSite,
  poolCampaign,
  productionServerAgain,
  putSnippet,
  ring,
  setUpFirstAccount,
  shownAs,
  type ProductionServer,
} from './owner.js';

/**
 * A call from an ad teaches the ads, once, across a restart: on a server started as an operator
 * starts it (`node dist/node/server/main.js`, a database file), the owner sets up its account,
 * Twilio (a stand-in), its site with the snippet on a page of another address, two numbers pooled
 * in a campaign, and on the Conversions page Google Ads, Yandex Metrica and GA4 (the platforms'
 * stand-ins: SVC_CARRIER_API_BASES points the server at them); a rule qualifies calls that talked
 * half a minute (REST: the app has no page for rules). A visitor comes from an ad (gclid, yclid,
 * utm_*) to a page with Google's `_ga` and Metrica's `_ym_uid` cookies, sees a campaign number and
 * calls it. Google's answer to the upload is held, Metrica and GA4 fail once with 500: the server
 * is stopped (SIGTERM) with all three unsettled, started again on the same database, and each
 * platform ends with exactly one conversion of that call, with the click's ids, the caller's
 * number and the call's time; the Conversions page's log shows each sent, with the platform's answer.
 */

const OWNER = { name: 'Flower shop', login: 'owner@flowers.test', password: 'flowers-password-1' };
const SITE_PHONE = '+7 (495) 111-22-33';
const FOR_SALE = ['+14155550111', '+14155550122'];
const CALLER = '+14155550177';
const CLICK = { gclid: 'Cj0KCQiA-story-gclid', yclid: '5550001112223334445' };
const COOKIES = { _ga: 'GA1.1.1234567890.1690000000', _ym_uid: '1690000000123456789' };

test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

interface Platforms {
  google: GoogleAdsStandin;
  metrica: MetricaStandin;
  ga4: Ga4Standin;
}

/** The platforms' API bases for the server: their stand-ins'. */
function basesOf(p: Platforms): string[] {
  return [`google_ads=${p.google.url}`, `google_oauth=${p.google.url}`, `metrica=${p.metrica.url}`, `ga4=${p.ga4.url}`];
}

/** The REST API as the signed-in app calls it, with its session key. */
function restOf(app: Page, svcUrl: string) {
  return async <T>(fn: string, args: Record<string, unknown>, verb: 'GET' | 'POST' = 'GET'): Promise<T> => {
    const key = await app.evaluate(() => sessionStorage.getItem('svc-app-session'));
    const headers = { authorization: `Bearer ${key}`, accept: 'application/json' };
    const r =
      verb === 'GET'
        ? await app.request.get(`${svcUrl}api/v1/${fn}/`, { headers, params: args as Record<string, string | number> })
        : await app.request.post(`${svcUrl}api/v1/${fn}/`, { headers, data: { args } });
    const body = (await r.json()) as { success: boolean; data: T };
    expect(body.success, `${fn}: ${JSON.stringify(body)}`).toBe(true);
    return body.data;
  };
}

/** The account, Twilio, the site with its snippet on the owner's page (its address let in). */
async function openForBusiness(app: Page, setupLink: string, twilio: TwilioStandin, site: Awaited<ReturnType<typeof ownSite>>) {
  await setUpFirstAccount(app, setupLink, OWNER);
  await connectTwilio(app, twilio);
  await menu(app, 'Sites');
  await addSite(app, 'flowers.test', SITE_PHONE);
  await app.getByLabel('Other addresses of the site').fill(new URL(site.url).host);
  await app.getByRole('button', { name: 'Save the domain and addresses' }).click();
  await expect(app.getByText('Saved. The next page view uses it.')).toBeVisible();
  await putSnippet(app, site, SITE_PHONE);
  return Number(new URL(app.url()).pathname.split('/').pop());
}

/** Two numbers bought, pooled in a campaign for utm_source = google. */
async function campaignWithPool(app: Page): Promise<void> {
  await menu(app, 'Numbers');
  await app.getByLabel('Area code').fill('415');
  await app.getByRole('button', { name: 'Search' }).click();
  for (const phone of FOR_SALE) {
    await app
      .getByRole('listitem')
      .filter({ hasText: shownAs(phone) })
      .getByRole('button', { name: 'Buy' })
      .click();
    await app.getByRole('alertdialog').getByRole('button', { name: 'Buy' }).click();
    await expect(app.getByRole('row').filter({ hasText: shownAs(phone) })).toHaveCount(1);
  }
  await menu(app, 'Campaigns');
  await poolCampaign(app, { name: 'Google search', source: 'google', phone: SITE_PHONE, numbers: FOR_SALE.map(shownAs) });
}

/** The three platforms connected on the Conversions page, each with its stand-in's account and credentials. */
async function connectPlatforms(app: Page, p: Platforms): Promise<void> {
  await menu(app, 'Conversions');
  await expect(app.getByText('No destination yet: connect one below.')).toBeVisible();
  const connect = async (platform: string, label: string, fields: Record<string, string>) => {
    await app.getByLabel('Platform', { exact: true }).selectOption({ label: platform });
    await app.getByLabel('Name', { exact: true }).fill(label);
    for (const [name, value] of Object.entries(fields)) await app.getByLabel(name, { exact: true }).fill(value);
    await app.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(app.getByRole('table', { name: 'Conversions' }).getByRole('row', { name: new RegExp(label) })).toContainText(platform);
  };
  await connect('Google Ads', 'Ads account', {
    'Customer ID (123-456-7890)': '123-456-7890',
    'Conversion action ID': '555',
    'Conversion action name': 'Qualified call',
    'Developer token': p.google.credentials.developer_token,
    'OAuth client ID': p.google.credentials.client_id,
    'OAuth client secret': p.google.credentials.client_secret,
    'Refresh token': p.google.credentials.refresh_token,
  });
  await connect('Yandex Metrica', 'Metrica counter', {
    'Counter number': p.metrica.counterId,
    'Goal identifier (JavaScript event)': 'lead',
    'OAuth token': p.metrica.token,
  });
  await connect('GA4', 'GA4 stream', {
    'Measurement ID (G-…)': p.ga4.measurementId,
    'Measurement Protocol API secret': p.ga4.apiSecret,
  });
}

/** A visitor from the ad, with the analytics cookies on the owner's page: the campaign number it is shown. */
async function visitFromAd(browser: Browser, siteUrl: string): Promise<{ page: Page; shown: string }> {
  const ctx = await browser.newContext({ userAgent: DESKTOP_CHROME });
  await ctx.addCookies(Object.entries(COOKIES).map(([name, value]) => ({ name, value, url: siteUrl })));
  const page = await ctx.newPage();
  await page.goto(`${siteUrl}?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=${CLICK.gclid}&yclid=${CLICK.yclid}`);
  await page.waitForFunction(() => !!window.Svc?.getCredentials(), null, { timeout: 10_000 });
  await expect.poll(() => page.evaluate(() => window.Svc.getDTPhones()?.length ?? 0)).toBe(1);
  return { page, shown: '+' + (await page.getByRole('link', { name: /\d/ }).textContent())!.replace(/\D/g, '') };
}

interface LogEntry {
  object_type: string;
  object_id: number;
  state: string;
  attempts: number;
  request: string | null;
  status_code: number | null;
  answer: string | null;
}

for (const db of process.env.SVC_TEST_DB_URL ? ['PostgreSQL'] : ['SQLite']) {
  test(`a call from an ad reaches Google Ads, Metrica and GA4 once each, across a restart mid-send (${db})`, async ({ browser }) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-conversions-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    const [google, metrica, ga4] = await Promise.all([startGoogleAdsStandin(), startMetricaStandin(), startGa4Standin()]);
    const platforms = { google, metrica, ga4 };
    // The database file is kept across the restart, which starts the server again with the same settings.
    const { server: first, twilio, settings } = await carrierServer(dbPath, FOR_SALE, basesOf(platforms));
    let server: Omit<ProductionServer, 'setupLink'> = first;
    const site = await ownSite();
    const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
    const app = await ctx.newPage();
    const appErrors: string[] = [];
    app.on('pageerror', (e) => appErrors.push(e.message));
    let visitor: Page | null = null;
    try {
      const siteId = await openForBusiness(app, first.setupLink, twilio, site);
      await campaignWithPool(app);
      await connectPlatforms(app, platforms);
      const rest = restOf(app, server.url);
      await rest('set_qualification_rule', { site_id: siteId, name: 'Talked half a minute', answered: true, min_talk_seconds: 30 }, 'POST');

      const visit = await visitFromAd(browser, site.url);
      visitor = visit.page;
      expect(FOR_SALE).toContain(visit.shown);

      // Google keeps the upload but its answer is late; Metrica and GA4 fail once.
      const googleHeld = google.holdNext((r) => r.path.endsWith(':uploadClickConversions'));
      metrica.failNext.push(500);
      ga4.failNext.push(500);
      const before = Math.floor(Date.now() / 1000) * 1000;
      await ring(twilio, CALLER, visit.shown, 42);
      const after = Date.now();
      await googleHeld;
      const destinations = await rest<Array<{ id: number; platform: string }>>('conversion_destinations', { site_id: siteId });
      const logOf = async (platform: string) =>
        rest<LogEntry[]>('conversion_log', { site_id: siteId, destination_id: destinations.find((d) => d.platform === platform)!.id });
      for (const p of ['metrica', 'ga4'])
        await expect
          .poll(async () => (await logOf(p))[0], { message: `${p} failed once` })
          .toMatchObject({ state: 'pending', attempts: 1 });
      expect((await logOf('google_ads'))[0], 'Google’s answer is still awaited').toMatchObject({ state: 'pending', attempts: 0 });

      // Stopped as an operator stops it, with all three unsettled, and started again on the same database.
      await server.close();
      expect(server.output(), 'stopped gracefully').toMatch(/SIGTERM, closing/);
      server = await productionServerAgain(settings);
      expect(server.output(), 'an account exists: no setup link').not.toMatch(/setup link/);

      // The app, open all along, carries on with the same sign-in.
      await app.reload();
      await expect(app.getByRole('heading', { name: 'Conversions', level: 1 })).toBeVisible();
      for (const p of ['google_ads', 'metrica', 'ga4'])
        await expect.poll(async () => (await logOf(p))[0]?.state, { message: `${p} sent after the restart`, timeout: 60_000 }).toBe('sent');

      // Exactly one conversion each, of that call: the click's ids, the caller, the call's time.
      const [call] = await rest<Array<{ id: number; numa: string; gclid: string; yclid: string; ua_client_id: string }>>('call', {
        site_id: siteId,
        date_from: new Date(before - 864e5).toISOString().slice(0, 10),
        date_till: new Date(after + 864e5).toISOString().slice(0, 10),
      });
      expect(call).toMatchObject({ gclid: CLICK.gclid, yclid: CLICK.yclid, ua_client_id: '1234567890.1690000000' });
      expect(google.accepted).toHaveLength(1);
      expect(metrica.accepted).toHaveLength(1);
      expect(ga4.accepted).toHaveLength(1);
      const at = Date.parse((google.accepted[0]!.conversion.conversionDateTime as string).replace(' ', 'T'));
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
      expect(google.accepted[0]).toMatchObject({
        kind: 'click',
        customerId: '1234567890',
        conversion: { gclid: CLICK.gclid, conversionAction: 'customers/1234567890/conversionActions/555' },
      });
      expect(metrica.accepted[0]).toMatchObject({
        kind: 'calls',
        clientIdType: 'CLIENT_ID',
        row: { ClientId: COOKIES._ym_uid, PhoneNumber: CALLER, DateTime: String(at / 1000), TalkDuration: '42', Tag: 'qualified' },
      });
      expect(ga4.accepted[0]).toMatchObject({
        client_id: '1234567890.1690000000',
        name: 'qualified_call',
        params: { communication: 'call', talk_seconds: 42 },
      });
      // GA4 dates it to the millisecond, Google and Metrica to the second: the same moment.
      expect(Math.floor(ga4.accepted[0]!.timestamp_micros! / 1e6) * 1000).toBe(at);
      // Google was sent the upload again after the restart, and said it had it already.
      expect(google.arrived.filter((r) => r.path.endsWith(':uploadClickConversions'))).toHaveLength(2);

      // The Conversions page: each destination's log shows the call sent, with what its platform answered.
      const answers = { 'Ads account': /^200 already there: /, 'Metrica counter': /^200 uploading 1$/, 'GA4 stream': /^204 accepted$/ };
      for (const [label, answer] of Object.entries(answers)) {
        await app
          .getByRole('table', { name: 'Conversions' })
          .getByRole('row', { name: new RegExp(label) })
          .getByRole('button', { name: new RegExp(`Log ${label}`) })
          .click();
        const rows = app.getByRole('table', { name: 'Log', exact: true }).getByRole('row');
        await expect(rows).toHaveCount(2);
        const cells = rows.nth(1).getByRole('cell');
        await expect(rows.nth(1)).toContainText(`call ${call!.id}`);
        await expect(rows.nth(1)).toContainText('sent');
        await expect(cells.last()).toHaveText(answer);
      }
      expect(await axeViolations(app), 'the Conversions page with a log open').toEqual([]);
      expect(appErrors).toEqual([]);
      expect(server.output(), 'no error on the server').not.toMatch(/"level":(50|60)/);
    } finally {
      await visitor?.context().close();
      await ctx.close();
      await site.close();
      await server.close();
      await Promise.all([twilio.close(), google.close(), metrica.close(), ga4.close()]);
      dropDatabase(dbPath);
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

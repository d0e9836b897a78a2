import type { Browser, BrowserContext, Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SitePhoneCallParams, SitePhoneCallResult } from '../../src/types.js';
import { fromXml } from '../support/from-xml.js';
import { dropDatabase, freshDbPath } from '../support/test-database.js';
import { credentials, expect, test } from './fixtures.js';
import { operatorConsole, type OperatorConsole } from './operator.js';

/**
 * The REST reports end to end, in real Chromium against the built server and the minified dist/svc.js:
 * a visitor lands from a Yandex search with utm_source and utm_campaign, reaches a goal, chats
 * with an operator, leaves a request and a call-back; every report shows these communications
 * with the right campaign and visitor context in JSON and in XML; tagging the request as a sale
 * shows it in advertising_sales; the same visitor's second visit from another browser, leaving
 * the same phone number, joins the same person. Then the operator reads the console's reports
 * page: the chart per day by campaign, the communication list with context and tags, paged, in
 * Russian and in English.
 *
 * Its own server and site (test/e2e/reports-config.json, reports-seed.json): story-site with the
 * campaigns "Autumn sale" (utm_campaign=autumn-sale) and "Mailing <i>B</i>" (utm_source=mail), operator
 * sofia@story.test, REST user `owner`. The tests run in order and share what the first made.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ZONE = 'Europe/Moscow';
const PHONE = '+7 (916) 555-12-34';
const LANDING = 'consultant.html?site=story-site&utm_source=yandex&utm_medium=cpc&utm_campaign=autumn-sale';
const SEARCH = 'https://yandex.ru/search/?text=winter+tyres';
/** Names with markup (reports-config.json, reports-seed.json): the page must show them as text. */
const MAILING = 'Mailing <i>B</i>';
const HOT = '<b>Hot</b> lead';

type Rec = Record<string, unknown>;

let svcUrl = '';
let siteUrl = '';
let close: () => Promise<void> = async () => undefined;
let sessionKey = '';
/** Uncaught exceptions of the visitors' pages; none is expected. */
const pageErrors: string[] = [];
const story = { visitor: 0, session: 0, visitor2: 0, goal: 0, chat: 0, request: 0, call: 0, request2: 0 };

/** The customer's today and tomorrow, YYYY-MM-DD: the reports' range. */
const day = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const range = () => ({ site_id: '1', date_from: day(Date.now()), date_till: day(Date.now() + 86_400_000) });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const dir = mkdtempSync(join(tmpdir(), 'svc-reports-'));
  const dbPath = freshDbPath(join(dir, 'svc.db'));
  const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const server = await createServer({
    dbPath,
    siteConfig: join(root, 'test/e2e/reports-config.json'),
    apiSeed: join(root, 'test/e2e/reports-seed.json'),
    bundleDir: join(root, 'dist'),
    leasePolicy: false,
  });
  svcUrl = await server.listen(0, '127.0.0.1');
  const site = await startSite({ root: join(root, 'test/e2e/pages'), svcUrl, port: 0, host: 'localhost' });
  siteUrl = site.url;
  close = async () => {
    await site.close();
    await server.close();
    dropDatabase(dbPath);
    rmSync(dir, { recursive: true, force: true });
  };
});

test.afterAll(async () => {
  await close();
  expect(pageErrors, 'no uncaught exception on a visitor page').toEqual([]);
});

/** A GET of the REST API, in JSON or XML; the XML answer read back into the value it says. */
async function rest(fn: string, params: Rec, accept = 'application/json'): Promise<Rec> {
  const query = new URLSearchParams({ session_key: sessionKey, ...(params as Record<string, string>) });
  const res = await fetch(`${svcUrl}api/v1/${fn}/?${query}`, { headers: { accept } });
  const text = await res.text();
  expect(res.status, `${fn}: ${text}`).toBe(200);
  return (accept === 'application/json' ? JSON.parse(text) : fromXml(text)) as Rec;
}

/** A report's records, after checking that its XML answer says the same as its JSON. */
async function report(fn: string, params: Rec): Promise<Rec[]> {
  const json = await rest(fn, params);
  expect(json.success, JSON.stringify(json)).toBe(true);
  expect(await rest(fn, params, 'application/xml'), `${fn} in XML`).toEqual(json);
  return json.data as Rec[];
}

async function post(fn: string, args: Rec): Promise<Rec> {
  const res = await fetch(`${svcUrl}api/${fn === 'login' ? '' : 'v1/'}${fn}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(fn === 'login' ? args : { session_key: sessionKey, args }),
  });
  const json = (await res.json()) as Rec;
  expect(json.success, `${fn}: ${JSON.stringify(json)}`).toBe(true);
  return (json.data ?? {}) as Rec;
}

async function visitorPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return { context, page };
}

const request = (page: Page, req: Rec) => page.evaluate((r) => new Promise<unknown>((ok) => Svc.addOfflineRequest(r as never, ok)), req);
const callBack = (page: Page, params: SitePhoneCallParams) =>
  page.evaluate((p) => new Promise<SitePhoneCallResult>((ok) => SvcWidget.sitePhoneCall(p, ok)), params);

/** The common visitor context every record of the story's first visit carries. */
const firstVisitContext = () => ({
  ac_id: 10,
  site_id: 1,
  visitor_id: story.visitor,
  session_id: story.session,
  utm_source: 'yandex',
  utm_medium: 'cpc',
  utm_campaign: 'autumn-sale',
  utm_content: null,
  utm_term: null,
  search_engine: 'yandex',
  search_query: 'winter tyres',
  referrer: SEARCH,
  referrer_domain: 'yandex.ru',
  last_query: 'winter tyres',
  visits_count: 1,
  other_adv_contacts: false,
  region: null,
});

test('the story: a visitor from a search and a campaign, every communication in every report, a sale, one person', async ({ browser }) => {
  test.setTimeout(120_000);
  const op: OperatorConsole = await operatorConsole(browser, svcUrl, 'sofia@story.test');
  const visitor = await visitorPage(browser);
  const page = visitor.page;
  try {
    await op.online(true);
    // Lands from a Yandex search on a page with utm_source, utm_medium and utm_campaign.
    await page.goto(siteUrl + LANDING, { referer: SEARCH });
    expect(await page.evaluate(() => document.referrer)).toBe(SEARCH);
    const c = await credentials(page);
    story.visitor = c.visitor_id;
    story.session = c.session_id;

    // A goal, a chat answered by the operator, a request and a call-back, in that order.
    await page.evaluate(() => Svc.trackEvent('price', 'open_price'));
    await expect.poll(() => page.evaluate(() => Svc.getOperatorStatus())).toBe(true);
    await page.locator('#chat').click();
    const chatBox = page.locator('svc-widget [role=dialog] textarea');
    await chatBox.fill('Do you have winter tyres?');
    await chatBox.press('Enter');
    story.chat = await op.openChat('Do you have winter tyres?');
    await op.reply('Yes, in every size.');
    await expect(page.locator('svc-widget [role=dialog] .log .op')).toContainText('Yes, in every size.');
    await page.keyboard.press('Escape');
    expect(await request(page, { name: 'Ivan', phone: PHONE, message: 'Four tyres, please' })).toEqual({ success: true, result: null });
    expect(await callBack(page, { phone: PHONE })).toEqual({ success: true, result: { status: 0, code: 'sent' } });
    // The console writes the request's time the Russian way, not the browser's default locale.
    await expect(op.page.locator('#requests li', { hasText: 'Four tyres, please' })).toContainText(/\d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d/);

    // The reports, through the REST API as the site owner reads them.
    sessionKey = String((await post('login', { login: 'owner', password: 'owner-pass' })).session_key);
    const list = await report('communication', range());
    expect(list.map((r) => r.communication_type)).toEqual(['goals', 'chats', 'offline_massages', 'calls']);
    [story.goal, story.chat, story.request, story.call] = list.map((r) => r.id as number) as [number, number, number, number];
    for (const r of list) expect(r.date_time).toMatch(new RegExp(`^${range().date_from} \\d\\d:\\d\\d:\\d\\d$`));

    const [goal] = await report('goal', range());
    expect(goal).toMatchObject({
      ...firstVisitContext(),
      id: story.goal,
      name: 'open_price',
      enter_page: siteUrl + LANDING,
      new_visitor: true,
      first_ac_name: 'Autumn sale',
      communication_number: 1,
      tag_id_array: [],
    });
    const [chat] = await report('chat', range());
    expect(chat).toMatchObject({
      ...firstVisitContext(),
      id: story.chat,
      status: 'succeed',
      operator_name: 'Storova Sofia',
      visitor_type: 'new',
      communication_number: 2,
    });
    const messages = await report('chat_messages', { chat_id: String(story.chat) });
    expect(messages.map((m) => m.message)).toEqual(['Do you have winter tyres?', 'Yes, in every size.']);
    const [offline] = await report('offline_message', range());
    expect(offline).toMatchObject({
      ...firstVisitContext(),
      id: story.request,
      name: 'Ivan',
      phone: PHONE,
      message: 'Four tyres, please',
      communication_number: 3,
      sale_cost: null,
    });
    const [call] = await report('call', range());
    expect(call).toMatchObject({
      ...firstVisitContext(),
      id: story.call,
      communication_type: 'sitephone',
      direction: 'out',
      numa: '79165551234',
      communication_number: 4,
    });
    expect(await report('stat', range())).toEqual([
      {
        url: 'localhost',
        visits_count: 1,
        calls_count: 0,
        sitephone_calls_count: 1,
        good_chats_count: 1,
        offline_messages_count: 1,
        goals_count: 1,
      },
    ]);
    const visitorRecord = await report(`visitor/${story.visitor}`, {});
    expect(JSON.parse(String(visitorRecord[0]!.acs))).toEqual([{ id: 10, name: 'Autumn sale', is_removed: false }]);
    const session = await report('session_info', { session_id: String(story.session) });
    expect(session[0]).toMatchObject({
      utm_source: 'yandex',
      utm_campaign: 'autumn-sale',
      search_engine: 'yandex',
      search_query: 'winter tyres',
      referrer: SEARCH,
      entrance_page: siteUrl + LANDING,
    });
    expect(JSON.parse(String(session[0]!.communications)).map((x: Rec) => x.id)).toEqual([
      story.goal,
      story.chat,
      story.request,
      story.call,
    ]);

    // The request was a sale: it shows in advertising_sales against the campaign.
    await post('tag_communication_sale', {
      object_type: 'offline_message',
      object_id: story.request,
      cost: 18500.5,
      date_time: `${range().date_from} 12:00:00`,
    });
    const [sold] = await report('offline_message', range());
    expect(sold).toMatchObject({ id: story.request, sale_cost: 18500.5, sale_date: `${range().date_from} 12:00:00` });
    const sales = await report('advertising_sales', range());
    expect(sales.find((s) => s.ac_id === 10)).toMatchObject({
      name: 'Autumn sale',
      sessions_count: 1,
      communications_count: 1,
      sales_count: 1,
      revenue: 18500.5,
      avg_days_before_sale: expect.any(Number),
    });
    expect(sales.find((s) => s.ac_id === 20)).toMatchObject({ name: MAILING, sessions_count: 0, sales_count: 0, revenue: 0 });

    // The same person comes back from another browser, without a campaign, and leaves the same number.
    const second = await visitorPage(browser);
    try {
      await second.page.goto(siteUrl + 'consultant.html?site=story-site');
      const c2 = await credentials(second.page);
      story.visitor2 = c2.visitor_id;
      expect(c2.visitor_id).not.toBe(story.visitor);
      expect(await request(second.page, { name: 'Ivan', phone: '8 916 555 12 34', message: 'Still waiting' })).toEqual({
        success: true,
        result: null,
      });
    } finally {
      await second.context.close();
    }
    const [p1] = await report('person_by_visitor', { id: String(story.visitor) });
    const [p2] = await report('person_by_visitor', { id: String(story.visitor2) });
    expect(p2).toEqual(p1);
    const [visitors] = await report('visitors_by_person', { id: String(p1!.result) });
    expect(JSON.parse(String(visitors!.result))).toEqual([story.visitor, story.visitor2]);
    const requests = await report('offline_message', range());
    expect(requests).toHaveLength(2);
    story.request2 = requests[1]!.id as number;
    // Its record knows the person: the fifth communication, after another campaign, a new visitor here.
    expect(requests[1]).toMatchObject({
      visitor_id: story.visitor2,
      ac_id: -1,
      utm_source: null,
      search_engine: null,
      visits_count: 1,
      communication_number: 5,
      other_adv_contacts: true,
    });
    // Each person's first communication only: still the goal.
    expect((await report('communication', { ...range(), only_first: 'true' })).map((r) => r.id)).toEqual([story.goal]);
  } finally {
    await visitor.context.close();
    await op.close();
  }
});

test('the reports page: chart by campaign, the communication list with context and tags, paged, in two languages', async ({ browser }) => {
  test.setTimeout(90_000);
  // A visit through the other campaign with a goal, so the chart has two campaigns and none.
  const mail = await visitorPage(browser);
  try {
    await mail.page.goto(siteUrl + 'consultant.html?site=story-site&utm_source=mail');
    await credentials(mail.page);
    await mail.page.evaluate(() => Svc.trackEvent('mail', 'read_offer'));
    await expect.poll(async () => ((await rest('goal', range())).data as Rec[]).length).toBe(2);
  } finally {
    await mail.context.close();
  }
  const hot = (await report('tag', {})) as Array<{ id: number; name: string }>;
  await post('tag_communication', { object_type: 'goal', object_id: story.goal, mark_id: hot.find((t) => t.name === HOT)!.id });

  const op = await operatorConsole(browser, svcUrl, 'sofia@story.test');
  const page = op.page;
  try {
    await page.evaluate(() => localStorage.removeItem('svc_op_lang'));
    await page.getByRole('link', { name: 'Отчёты' }).click();
    await page.waitForURL(/\/op\/reports$/);
    await page.goto(svcUrl + 'op/reports?size=2');
    await expect(page.locator('#reports')).toBeVisible();
    await expect(page.locator('#site option')).toHaveText(['localhost #1']);

    // The chart: a canvas with pixels drawn, a legend with the campaigns.
    const canvas = page.locator('#chart canvas');
    await expect(canvas).toHaveCount(1);
    await expect
      .poll(() =>
        canvas.evaluate((c: HTMLCanvasElement) => {
          const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let drawn = 0;
          for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) drawn++;
          return c.width > 0 && c.height > 0 ? drawn : 0;
        }),
      )
      .toBeGreaterThan(100);
    const legend = page.locator('#chart .u-legend .u-series .u-label');
    await expect(legend).toHaveText(['По дням', 'Без кампании', 'Autumn sale', MAILING]);
    // Today's visits per campaign, as the legend shows them at the last day (the cursor's default).
    const daily = await page.evaluate(async (q) => {
      const res = await fetch('/op/api/reports/daily?' + new URLSearchParams(q));
      return (await res.json()).data as { campaigns: Array<{ id: number }>; counts: { visits: number[][]; goals: number[][] } };
    }, range());
    expect(daily.campaigns.map((c) => c.id)).toEqual([-1, 10, 20]);
    expect(daily.counts.visits.map((s) => s.reduce((a, b) => a + b, 0))).toEqual([1, 1, 1]);
    expect(daily.counts.goals.map((s) => s.reduce((a, b) => a + b, 0))).toEqual([0, 1, 1]);

    // The list: six communications, two a page, with their context and tags.
    const rows = page.locator('#list tbody tr');
    await expect(page.locator('#page')).toHaveText('1–2 из 6');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-communication', `goal:${story.goal}`);
    await expect(rows.nth(0)).toContainText('Цель');
    await expect(rows.nth(0)).toContainText('Autumn sale');
    await expect(rows.nth(0)).toContainText('новый, визитов: 1');
    await expect(rows.nth(0)).toContainText('utm: yandex / cpc / autumn-sale');
    await expect(rows.nth(0)).toContainText('поиск: yandex «winter tyres»');
    await expect(rows.nth(0)).toContainText(SEARCH);
    await expect(rows.nth(0).locator('.tag')).toHaveText([HOT]);
    // Names are text: the markup in a campaign's or a tag's name is shown, never parsed.
    expect(await page.locator('#reports b, #reports i').count()).toBe(0);
    await expect(rows.nth(1)).toContainText('Чат');
    await expect(rows.nth(1)).toContainText('состоялся · Storova Sofia · 2');
    const ruDate = /^\d\d\.\d\d\.\d{4}, \d\d:\d\d:\d\d$/;
    expect(await rows.nth(0).locator('td').first().textContent()).toMatch(ruDate);

    await page.locator('#next').click();
    await expect(page.locator('#page')).toHaveText('3–4 из 6');
    await expect(rows.nth(0)).toHaveAttribute('data-communication', `offline_message:${story.request}`);
    await expect(rows.nth(0)).toContainText(`Ivan · ${PHONE} · Four tyres, please`);
    await expect(rows.nth(0).locator('.tag')).toHaveText(['Sale']);
    await expect(rows.nth(1)).toContainText('Обратный звонок');
    await expect(rows.nth(1)).toContainText('79165551234');
    await page.locator('#next').click();
    await expect(page.locator('#page')).toHaveText('5–6 из 6');
    await expect(page.locator('#next')).toBeDisabled();
    await expect(rows.nth(0)).toContainText('Без кампании');
    await expect(rows.nth(1)).toContainText(MAILING);
    await expect(rows.nth(1)).toContainText('utm: mail');
    await page.locator('#prev').click();
    await expect(page.locator('#page')).toHaveText('3–4 из 6');

    // English: the texts, and dates written the English way, in the customer's zone.
    const before = await rows.nth(0).locator('td').first().textContent();
    await page.locator('#lang').selectOption('en');
    await expect(page.locator('#page')).toHaveText('3–4 of 6');
    await expect(page.locator('#list thead th').first()).toHaveText('Date');
    await expect(legend).toHaveText(['Per day', 'Without campaign', 'Autumn sale', MAILING]);
    const after = await rows.nth(0).locator('td').first().textContent();
    expect(after).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d\d:\d\d\s[AP]M$/);
    const [dd, mm, yyyy] = before!.slice(0, 10).split('.');
    expect(after!.startsWith(`${Number(mm)}/${Number(dd)}/${yyyy}`)).toBe(true);
    await expect(rows.nth(0)).toContainText('new, visits: 1');
    // The choice is kept: a reload stays English.
    await page.reload();
    await expect(page.locator('#list thead th').first()).toHaveText('Date');
    await expect(page.locator('#lang')).toHaveValue('en');

    // Another metric redraws the chart; a range ending before it starts is refused on the page.
    await page.locator('#kind').selectOption('goals');
    await expect(canvas).toHaveCount(1);
    await page.locator('#to').fill('2020-01-01');
    await page.locator('#apply').click();
    await expect(page.locator('#error')).toHaveText('The "to" date must not be before the "from" date');
    // Back to the chat console, which writes its dates in the chosen language too.
    await page.locator('#console-link').click();
    await expect(page.locator('#console')).toBeVisible();
  } finally {
    await op.close();
  }
});

test('signed out, the reports page asks to sign in and its data is refused', async ({ page }) => {
  await page.goto(svcUrl + 'op/reports');
  await expect(page.locator('#signin')).toBeVisible();
  await expect(page.locator('#signin-link')).toHaveAttribute('href', '/op/');
  await expect(page.locator('#reports')).toBeHidden();
  const res = await page.request.get(svcUrl + 'op/api/reports/daily?' + new URLSearchParams(range()));
  expect(res.status()).toBe(401);
});

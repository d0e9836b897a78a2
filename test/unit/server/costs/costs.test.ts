import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { SiteConfigSchema } from '../../../../src/server/site-import/site-config.js';
import { checkAnswer, expectAnswered } from '../api-helpers.js';
import { createTestServer } from '../test-server.js';
import { telephonySeed } from '../telephony-helpers.js';

/**
 * Ad costs (docs/conversions.md, "Ad costs and return on spend"): the sample exports under
 * test/fixtures/costs/ are written from each platform's documented format. Site 1 of customer 1
 * (Moscow time): campaign 10 "Brand search" is `utm_campaign = 55501` (Yandex Direct's id), 20
 * "Remarketing" has no utm_campaign condition (Google's campaign of that name must be confirmed),
 * 30 "Display" is `utm_campaign = display_nov` (Google's campaign name).
 */

const FIXTURES = join(__dirname, '../../../fixtures/costs');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const YANDEX = fixture('yandex-direct.tsv');
const GOOGLE = fixture('google-ads.csv');

let server: ConsultantServer;
afterEach(async () => {
  await server?.close();
});
afterAll(() => expectAnswered(['POST import_ad_costs', 'POST map_ad_campaign', 'POST set_ad_cost', 'GET campaign_costs_report']));

const condition = (id: number, ac_parameter: string, value: string) => ({
  id: id * 10,
  name: 'c',
  conditions: [{ id, ac_parameter, ac_operator: '=', value }],
});

function config() {
  return SiteConfigSchema.parse({
    customers: [
      {
        id: 1,
        name: 'Customer',
        sites: [
          {
            id: 1,
            domain: 'localhost',
            site_key: 'site-a',
            widget_key: 'wk-a',
            campaigns: [
              { id: 10, name: 'Brand search', condition_groups: [condition(1000, 'utm_campaign', '55501')] },
              { id: 20, name: 'Remarketing', condition_groups: [condition(2000, 'utm_source', 'google')] },
              { id: 30, name: 'Display', condition_groups: [condition(3000, 'utm_campaign', 'display_nov')] },
            ],
          },
        ],
      },
    ],
  });
}

type Res = Awaited<ReturnType<ConsultantServer['app']['inject']>>;
type Api = {
  post(fn: string, args: Record<string, unknown>): Promise<Res>;
  get(fn: string, query: Record<string, string | number>): Promise<Res>;
};

async function start(): Promise<Api> {
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: config(),
    apiSeed: await telephonySeed(),
    bundleDir: '/nonexistent',
    leasePolicy: false,
  });
  const res = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
  const key = (res.json() as { data: { session_key: string } }).data.session_key;
  return {
    async post(fn, args) {
      const r = await server.app.inject({
        method: 'POST',
        url: `/api/v1/${fn}/`,
        headers: { accept: 'application/json' },
        payload: { session_key: key, args },
      });
      return checkAnswer(fn, 'POST', r);
    },
    async get(fn, query) {
      const r = await server.app.inject({
        method: 'GET',
        url: `/api/v1/${fn}/`,
        query: Object.fromEntries(Object.entries({ session_key: key, ...query }).map(([k, v]) => [k, String(v)])),
        headers: { accept: 'application/json' },
      });
      return checkAnswer(fn, 'GET', r);
    },
  };
}

const data = <T>(r: Res): T => {
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { data: T }).data;
};
const refusal = (r: Res): string => {
  expect(r.statusCode, r.body).toBe(400);
  return (r.json() as { message: string }).message;
};
const stored = () =>
  (
    server.db.prepare('SELECT ac_id, day, amount_cents, source FROM ad_costs ORDER BY source, ac_id, day').all() as Array<
      Record<string, unknown>
    >
  ).map((r) => [r.ac_id, r.day, Number(r.amount_cents), r.source]);

interface Imported {
  platform: string;
  currency: string;
  rows: number;
  stored_days: number;
  replaced_days: number;
  unknown_campaigns: Array<{
    platform_campaign_id: string | null;
    platform_campaign_name: string | null;
    rows: number;
    cost: number;
    suggested_ac_id: number | null;
  }>;
  message: string;
}

describe('importing cost reports', () => {
  it('Yandex Direct: the campaign of its utm_campaign, an unknown one listed and not stored; again, it replaces', async () => {
    const api = await start();
    const first = data<Imported>(await api.post('import_ad_costs', { site_id: 1, file: YANDEX, currency: 'RUB' }));
    expect(first).toMatchObject({ platform: 'yandex_direct', currency: 'RUB', rows: 5, stored_days: 4, replaced_days: 0 });
    expect(first.unknown_campaigns).toEqual([
      { platform_campaign_id: '55502', platform_campaign_name: 'Old test', rows: 1, cost: 50, suggested_ac_id: null },
    ]);
    expect(first.message).toContain('Old test');
    expect(stored()).toEqual([
      [10, '2026-11-01', 10000, 'yandex_direct'],
      [10, '2026-11-02', 20050, 'yandex_direct'],
      [10, '2026-11-09', 30000, 'yandex_direct'],
      [10, '2026-11-10', 40020, 'yandex_direct'],
    ]);
    // The site's currency is now RUB: the next Yandex file needs none.
    const again = data<Imported>(await api.post('import_ad_costs', { site_id: 1, file: YANDEX, platform: 'yandex_direct' }));
    expect(again).toMatchObject({ stored_days: 4, replaced_days: 4 });
    expect(again.message).toContain('replaced 4 days');
    expect(stored()).toHaveLength(4);
    // Costs in micros (returnMoneyInMicros: true): 11-09 replaced, 11-11 added.
    const micros = data<Imported>(
      await api.post('import_ad_costs', { site_id: 1, file: fixture('yandex-direct-micros.tsv'), money_in_micros: true }),
    );
    expect(micros).toMatchObject({ stored_days: 2, replaced_days: 1 });
    expect(micros.message).toBe('Read 2 rows: stored 2 campaign days (replaced 1 day)');
    expect(stored().filter((r) => r[1] === '2026-11-09' || r[1] === '2026-11-11')).toEqual([
      [10, '2026-11-09', 31000, 'yandex_direct'],
      [10, '2026-11-11', 1235, 'yandex_direct'],
    ]);
  });

  it('Google Ads: a campaign named as one of ours is suggested, stored once the owner confirms it', async () => {
    const api = await start();
    const first = data<Imported>(await api.post('import_ad_costs', { site_id: 1, file: GOOGLE }));
    expect(first).toMatchObject({ platform: 'google_ads', currency: 'RUB', rows: 5, stored_days: 2, replaced_days: 0 });
    expect(first.unknown_campaigns).toEqual([
      { platform_campaign_id: '9001', platform_campaign_name: 'Remarketing', rows: 3, cost: 1200, suggested_ac_id: 20 },
    ]);
    expect(stored()).toEqual([
      [30, '2026-11-09', 6000, 'google_ads'],
      [30, '2026-11-13', 4000, 'google_ads'],
    ]);
    const mapped = data<{ mappings: unknown[] }>(
      await api.post('map_ad_campaign', { site_id: 1, source: 'google_ads', platform_campaign: '9001', ac_id: 20 }),
    );
    expect(mapped.mappings).toEqual([{ source: 'google_ads', platform_campaign: '9001', ac_id: 20 }]);
    const second = data<Imported>(await api.post('import_ad_costs', { site_id: 1, file: GOOGLE, platform: 'google_ads' }));
    expect(second).toMatchObject({ stored_days: 5, replaced_days: 2, unknown_campaigns: [] });
    expect(stored().filter((r) => r[0] === 20)).toEqual([
      [20, '2026-11-02', 12000, 'google_ads'],
      [20, '2026-11-09', 100000, 'google_ads'],
      [20, '2026-11-12', 8000, 'google_ads'],
    ]);
    // Another site's campaign, or no campaign of the site, is refused.
    expect((await api.post('map_ad_campaign', { site_id: 1, source: 'google_ads', platform_campaign: '9001', ac_id: 99 })).statusCode).toBe(
      404,
    );
  });

  it('a report saved again by a spreadsheet with semicolons and decimal commas reads the same', async () => {
    const api = await start();
    const resaved =
      'Day;Campaign;Campaign ID;Currency code;Cost\n2026-11-09;display_nov;9002;RUB;"1 060,50"\n2026-11-13;display_nov;9002;RUB;40\n';
    expect(data<Imported>(await api.post('import_ad_costs', { site_id: 1, file: resaved }))).toMatchObject({
      platform: 'google_ads',
      stored_days: 2,
    });
    expect(stored()).toEqual([
      [30, '2026-11-09', 106050, 'google_ads'],
      [30, '2026-11-13', 4000, 'google_ads'],
    ]);
  });

  it('the Direct report wizard in Russian: the currency from "Расход (руб.)", an unknown campaign kept for mapping', async () => {
    const api = await start();
    const file = fixture('yandex-direct-wizard-ru.csv');
    const first = data<Imported>(await api.post('import_ad_costs', { site_id: 1, file }));
    expect(first).toMatchObject({ platform: 'yandex_direct', currency: 'RUB', rows: 5, stored_days: 4, replaced_days: 0 });
    expect(first.unknown_campaigns).toEqual([
      { platform_campaign_id: '55502', platform_campaign_name: 'Old test', rows: 1, cost: 50, suggested_ac_id: null },
    ]);
    expect(stored()).toEqual([
      [10, '2026-11-01', 10000, 'yandex_direct'],
      [10, '2026-11-02', 20050, 'yandex_direct'],
      [10, '2026-11-09', 130000, 'yandex_direct'],
      [10, '2026-11-10', 40020, 'yandex_direct'],
    ]);
    // Nothing lost: once the owner says which campaign it is, the same file stores its row.
    data(await api.post('map_ad_campaign', { site_id: 1, source: 'yandex_direct', platform_campaign: '55502', ac_id: 30 }));
    const again = data<Imported>(await api.post('import_ad_costs', { site_id: 1, file }));
    expect(again).toMatchObject({ stored_days: 5, replaced_days: 4, unknown_campaigns: [] });
    expect(stored().filter((r) => r[0] === 30)).toEqual([[30, '2026-11-09', 5000, 'yandex_direct']]);
    // A currency named beside the file's own must be the same one.
    expect(refusal(await api.post('import_ad_costs', { site_id: 1, file, currency: 'USD' }))).toBe(
      "100422: Invalid parameter currency: the file's costs are in RUB, not USD",
    );
  });

  it('Google Ads in Russian: campaigns by name, the one named as ours suggested', async () => {
    const api = await start();
    const first = data<Imported>(await api.post('import_ad_costs', { site_id: 1, file: fixture('google-ads-ru.csv') }));
    expect(first).toMatchObject({ platform: 'google_ads', currency: 'RUB', rows: 5, stored_days: 2, replaced_days: 0 });
    expect(first.unknown_campaigns).toEqual([
      { platform_campaign_id: null, platform_campaign_name: 'Remarketing', rows: 3, cost: 1200, suggested_ac_id: 20 },
    ]);
    expect(stored()).toEqual([
      [30, '2026-11-09', 6000, 'google_ads'],
      [30, '2026-11-13', 4050, 'google_ads'],
    ]);
  });

  it('bad files are refused with the line and the reason, and nothing of them is stored', async () => {
    const api = await start();
    const post = (file: string, more: Record<string, unknown> = {}) =>
      api.post('import_ad_costs', { site_id: 1, file, currency: 'RUB', ...more });
    expect(refusal(await post('Date,Campaign,Clicks\n2026-11-01,X,3\n'))).toMatch(
      /no table header with the columns Date, CampaignId or CampaignName, Cost .*Google Ads.*line 1 has: Date, Campaign, Clicks/,
    );
    expect(refusal(await post(GOOGLE, { platform: 'yandex_direct' }))).toContain('Date, CampaignId or CampaignName, Cost');
    expect(refusal(await post(''))).toContain('the file is empty');
    expect(refusal(await post('Day,Campaign,Cost\n'))).toContain('no rows of costs');
    expect(refusal(await post('Day,Campaign,Cost\n' + '2026-11-01,Display,1.00\n'.repeat(2100)))).toContain('larger than 48 KB');
    const dup = GOOGLE.replace('2026-11-12,Remarketing', '2026-11-09,Remarketing');
    expect(refusal(await post(dup))).toBe(
      "100422: Invalid parameter file: line 6: campaign Remarketing (9001) on 2026-11-09 again (first on line 5): a file holds each campaign's day once, so that nothing is counted twice; export the report by day and campaign only (not by device or ad group)",
    );
    const badCost = GOOGLE.replace('80.00', 'eighty');
    expect(refusal(await post(badCost))).toContain('line 6: the cost "eighty" is not an amount');
    const badDay = YANDEX.replace('2026-11-10', '2026-11-31');
    expect(refusal(await post(badDay))).toContain('line 6: "2026-11-31" is not a day');
    expect(stored()).toEqual([]);
    // The currency: the first import fixes the site's; another is refused, naming both.
    data(await post(GOOGLE));
    const before = stored();
    expect(refusal(await post(GOOGLE.replaceAll('RUB', 'USD'), { currency: undefined }))).toContain(
      "the file's costs are in USD, but this site's costs are kept in RUB",
    );
    expect(refusal(await post(YANDEX, { currency: 'EUR' }))).toContain(
      "the file's costs are in EUR, but this site's costs are kept in RUB",
    );
    expect(stored()).toEqual(before);
    // One file, two currencies: refused, naming them.
    const mixed = GOOGLE.replace('9002,RUB,40.00', '9002,USD,40.00');
    expect(refusal(await post(mixed, { currency: undefined }))).toBe(
      '100422: Invalid parameter file: the rows are in several currencies (RUB, USD): export one account at a time',
    );
    expect(stored()).toEqual(before);
  });

  it('a Yandex file without a currency is refused until one is named', async () => {
    const api = await start();
    expect(refusal(await api.post('import_ad_costs', { site_id: 1, file: YANDEX }))).toContain('send currency');
    expect(stored()).toEqual([]);
  });

  it('a cost entered by hand for a period is spread over its days; entered again, it replaces them', async () => {
    const api = await start();
    const set = (a: Record<string, unknown>) => api.post('set_ad_cost', { site_id: 1, ac_id: 30, ...a });
    expect(data(await set({ date_from: '2026-11-08', date_till: '2026-11-10', amount: 100, currency: 'rub' }))).toEqual({
      days: 3,
      replaced_days: 0,
      currency: 'RUB',
      message: 'Stored 3 days',
    });
    expect(stored()).toEqual([
      [30, '2026-11-08', 3334, 'manual'],
      [30, '2026-11-09', 3333, 'manual'],
      [30, '2026-11-10', 3333, 'manual'],
    ]);
    expect(data(await set({ date_from: '2026-11-09', amount: 10 }))).toMatchObject({
      days: 1,
      replaced_days: 1,
      message: 'Stored 1 day (replaced 1 day)',
    });
    expect(stored()[1]).toEqual([30, '2026-11-09', 1000, 'manual']);
    expect(refusal(await set({ date_from: '2026-11-09', amount: 10, currency: 'USD' }))).toContain(
      'USD is not this site’s cost currency, RUB',
    );
    expect(refusal(await set({ date_from: '2026-11-09', date_till: '2026-11-01', amount: 10 }))).toContain('must not be before date_from');
  });
});

/**
 * The rows the report is made of, written as the tracking, telephony and request features store
 * them (UTC; Moscow is UTC+3, so every one of them falls on the same day in the customer's zone).
 */
function seedTraffic() {
  const run = (q: string, ...p: unknown[]) => server.db.prepare(q).run(...p);
  run("INSERT INTO visitors (id, site_id, token, created_at) VALUES (1, 1, 'tok-1', '2026-11-01 09:00:00.000')");
  const session = (id: number, ac: number, at: string, source: string, term: string | null, page: string) =>
    run(
      'INSERT INTO sessions (id, site_id, visitor_id, ac_id, start_time, last_hit_ms, utm_source, utm_term, entrance_page) VALUES (?, 1, 1, ?, ?, 0, ?, ?, ?)',
      id,
      ac,
      `${at}.000`,
      source,
      term,
      page,
    );
  session(101, 10, '2026-11-09 09:00:00', 'yandex', 'brand', 'https://x.test/?utm_source=yandex');
  session(102, 10, '2026-11-10 09:00:00', 'yandex', 'buy brand', 'https://x.test/prices');
  session(103, 20, '2026-11-09 10:00:00', 'google', null, 'https://x.test/prices?gclid=1');
  session(104, 10, '2026-11-02 09:00:00', 'yandex', 'brand', 'https://x.test/');
  const call = (id: number, sessionId: number, ac: number, at: string, qualified: boolean) =>
    run(
      "INSERT INTO calls (id, site_id, communication_type, call_date, numa, ac_id, session_id, visitor_id, request_status, dispatch_state, qualified_at) VALUES (?, 1, 'call', ?, '79160000001', ?, ?, 1, 0, 'not_sent', ?)",
      id,
      `${at}.000`,
      ac,
      sessionId,
      qualified ? `${at}.500` : null,
    );
  call(201, 101, 10, '2026-11-09 09:05:00', true);
  call(202, 102, 10, '2026-11-10 09:05:00', false);
  call(203, 103, 20, '2026-11-09 10:05:00', true);
  call(204, 104, 10, '2026-11-02 09:05:00', true);
  run(
    "INSERT INTO offline_messages (id, site_id, visitor_id, session_id, date_time, source, visitor_type, visits_count, ac_id, qualified_at) VALUES (301, 1, 1, 101, '2026-11-11 09:00:00.000', 'form', 'new', 1, 10, '2026-11-11 09:00:01.000')",
  );
  const sale = (callId: number, at: string, kopecks: number) =>
    run(
      "INSERT INTO sales (object_type, object_id, site_id, sale_date, cost_kopecks, created_at) VALUES ('cdr_in', ?, 1, ?, ?, ?)",
      callId,
      `${at}.000`,
      kopecks,
      `${at}.000`,
    );
  sale(203, '2026-11-09 12:00:00', 500_000);
  sale(204, '2026-11-03 12:00:00', 100_000);
}

interface Figures {
  cost: number;
  calls: number;
  qualified_leads: number;
  cost_per_call: number | null;
  cost_per_qualified_lead: number | null;
  revenue: number;
  return_on_spend: number | null;
}
type ReportRow = { key: string; ac_id: number | null; name: string; currency: string | null; current: Figures; previous: Figures };

/** The figures as the documentation defines them, from a cost and the counts. */
function byHand(cost: number, calls: number, qualified: number, revenue: number): Figures {
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    cost: r2(cost),
    calls,
    qualified_leads: qualified,
    cost_per_call: calls && cost ? r2(cost / calls) : null,
    cost_per_qualified_lead: qualified && cost ? r2(cost / qualified) : null,
    revenue,
    return_on_spend: cost ? Math.round(((revenue - cost) / cost) * 1e4) / 1e4 : null,
  };
}

describe('the cost report', () => {
  async function imported() {
    const api = await start();
    data(await api.post('import_ad_costs', { site_id: 1, file: YANDEX, currency: 'RUB' }));
    data(await api.post('map_ad_campaign', { site_id: 1, source: 'google_ads', platform_campaign: '9001', ac_id: 20 }));
    data(await api.post('import_ad_costs', { site_id: 1, file: GOOGLE }));
    seedTraffic();
    return api;
  }
  // The week [11-08, 11-15) and the week before, [11-01, 11-08).
  const week = { site_id: 1, date_from: '2026-11-08', date_till: '2026-11-15' };
  const report = async (api: Api, group_by: string) =>
    Object.fromEntries(data<ReportRow[]>(await api.get('campaign_costs_report', { ...week, group_by })).map((r) => [r.key, r]));

  it('per campaign: cost, calls, qualified leads, revenue and return on spend, against the week before', async () => {
    const api = await imported();
    const rows = await report(api, 'campaign');
    // Brand search: Yandex's 11-09 and 11-10; calls 201 and 202, qualified 201 and request 301; no sale.
    expect(rows['10']).toMatchObject({ ac_id: 10, name: 'Brand search', currency: 'RUB', current: byHand(300 + 400.2, 2, 2, 0) });
    // The week before: Yandex's 11-01 and 11-02; call 204, qualified, sold for 1000.
    expect(rows['10']!.previous).toEqual(byHand(100 + 200.5, 1, 1, 1000));
    // Remarketing (mapped): Google's 11-09 and 11-12; call 203, qualified, sold for 5000; before: 11-02.
    expect(rows['20']).toMatchObject({ name: 'Remarketing', current: byHand(1000 + 80, 1, 1, 5000), previous: byHand(120, 0, 0, 0) });
    // Display, matched by utm_campaign: Google's 11-09 and 11-13; no calls.
    expect(rows['30']).toMatchObject({ name: 'Display', current: byHand(60 + 40, 0, 0, 0), previous: byHand(0, 0, 0, 0) });
    expect(rows['30']!.current.cost_per_call).toBeNull();
    expect(rows['20']!.current.return_on_spend).toBe(3.6296);
  });

  it('per source, keyword and landing page: a campaign’s cost shared by its sessions', async () => {
    const api = await imported();
    const sources = await report(api, 'source');
    // Brand search's two sessions of the week are both yandex; Display has none: its cost has no source.
    expect(sources['yandex']!.current).toEqual(byHand(700.2, 2, 2, 0));
    expect(sources['google']!.current).toEqual(byHand(1080, 1, 1, 5000));
    expect(sources['']).toMatchObject({ name: '(none)', current: byHand(100, 0, 0, 0) });
    expect(sources['yandex']!.previous).toEqual(byHand(300.5, 1, 1, 1000));
    // The week before, Remarketing had no session: its 120 has no source.
    expect(sources['']!.previous).toEqual(byHand(120, 0, 0, 0));
    const keywords = await report(api, 'keyword');
    // Brand search: one session "brand", one "buy brand": half its cost each.
    expect(keywords['brand']!.current).toEqual(byHand(700.2 / 2, 1, 2, 0));
    expect(keywords['buy brand']!.current).toEqual(byHand(700.2 / 2, 1, 0, 0));
    expect(keywords['']!.current).toEqual(byHand(1080 + 100, 1, 1, 5000));
    const pages = await report(api, 'landing_page');
    expect(pages['https://x.test/']!.current).toEqual(byHand(700.2 / 2, 1, 2, 0));
    expect(pages['https://x.test/prices']!.current).toEqual(byHand(700.2 / 2 + 1080, 2, 1, 5000));
  });

  it('a lead tagged not target, in either language, is no qualified lead; a call it stays', async () => {
    const api = await imported();
    const [notTarget] = data<Array<{ id: number; name: string }>>(await api.post('create_standard_tags', {})).filter(
      (t) => t.name === 'Not target',
    );
    server.db.prepare("INSERT INTO tags (customer_id, name) VALUES (1, 'Нецелевой')").run();
    const russian = (server.db.prepare("SELECT id FROM tags WHERE name = 'Нецелевой'").get() as { id: number }).id;
    const tag = async (object_type: string, object_id: number, mark_id: number) =>
      data(await api.post('tag_communication', { object_type, object_id, mark_id }));
    await tag('cdr_in', 201, notTarget!.id); // Brand search's qualified call
    await tag('cdr_in', 202, notTarget!.id); // Brand search's call not qualified: nothing changes
    await tag('cdr_in', 203, russian); // Remarketing's qualified call
    const rows = await report(api, 'campaign');
    // Brand search: 700.20, calls 201 and 202; of the qualified 201 and request 301, only 301 is left.
    expect(rows['10']!.current).toEqual(byHand(700.2, 2, 1, 0));
    expect(rows['10']!.current.cost_per_qualified_lead).toBe(700.2);
    // Remarketing: 1080, call 203, sold for 5000; no qualified lead left, so no cost per one.
    expect(rows['20']!.current).toEqual(byHand(1080, 1, 0, 5000));
    expect(rows['20']!.current.cost_per_qualified_lead).toBeNull();
    // The week before is untouched: call 204, qualified, untagged.
    expect(rows['10']!.previous).toEqual(byHand(300.5, 1, 1, 1000));
    // By keyword: "brand" kept request 301 (session 101), lost call 201.
    expect((await report(api, 'keyword'))['brand']!.current).toEqual(byHand(700.2 / 2, 1, 1, 0));
  });

  it('advertising_sales: ac_cost is the campaign’s cost of the period', async () => {
    const api = await imported();
    const rows = data<Array<{ ac_id: number; ac_cost: number }>>(await api.get('advertising_sales', { ...week, only_first: 'false' }));
    expect(Object.fromEntries(rows.map((r) => [r.ac_id, r.ac_cost]))).toEqual({ '-1': 0, 10: 700.2, 20: 1080, 30: 100 });
    // A range from noon counts the days whose midnight is in it: 11-09 is left out.
    const noon = data<Array<{ ac_id: number; ac_cost: number }>>(
      await api.get('advertising_sales', { site_id: 1, date_from: '2026-11-09 12:00:00', date_till: '2026-11-11' }),
    );
    expect(noon.find((r) => r.ac_id === 10)!.ac_cost).toBe(400.2);
  });
});

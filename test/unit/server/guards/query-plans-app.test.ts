import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../../support/test-database.js';
import { apiWorld, expectData, type ApiWorld } from '../api-helpers.js';
import { fullScans, postgresFullScans, queryPlan, statementCollector } from '../query-plans.js';

// The site owner's app reads by index too: the journal (every filter, a first and a later page,
// with the details, tags and sales of its items) and the campaign report (its chart's daily
// counts, then the campaigns, each one's `stat` and the site's `advertising_sales`, as
// src/app/pages/report.tsx asks them). Each statement the server really ran is EXPLAINed:
// SQLite's plans, or PostgreSQL's when SVC_TEST_DB_URL is set (query-plans.ts).

let w: ApiWorld | undefined;
afterAll(async () => {
  await w?.server.close();
});

/** Moscow's day `days` from today, YYYY-MM-DD (the test customers' zone). */
const day = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * 864e5).toISOString().slice(0, 10);

describe("the app's journal and campaign report read by index", () => {
  it('no statement of the journal or the report scans a growing table', async () => {
    const statements = statementCollector();
    w = await apiWorld(':memory:', statements.onQuery);
    const a = await w.login('a');
    for (const [site, url] of [
      ['site-1', 'http://a.test/?utm_source=mail'],
      ['site-1', 'http://a.test/'],
      ['site-2', 'http://b.test/'],
    ] as const) {
      const v = await w.visit(site, url, 'https://www.google.com/search?q=tickets');
      await v.send('event', { category: 'c', action: 'goal' });
      await v.send('chat_message', { text: 'hi' });
      await v.send('offline_request', { message: 'm', phone: '+7 916 000-00-01', email: 'p@x.test' });
      await v.send('sitephone', { phone: '+7 916 000-00-01' });
    }
    const goal = (w.server.db.prepare('SELECT id FROM goals WHERE site_id = 1').all()[0] as { id: number }).id;
    expectData(await w.post('tag_communication', a, { object_type: 'goal', object_id: goal, mark_id: 1 }));
    expectData(await w.post('tag_communication_sale', a, { object_type: 'goal', object_id: goal, cost: 10, date_time: day(0) }));
    statements.start();

    /** One of the app's REST functions; its data and the count of all pages. */
    const app = async (fn: string, query: Record<string, unknown>) => {
      const res = await w!.get(fn, { session_key: a, ...query });
      expect(res.statusCode, `${fn} ${JSON.stringify(query)}: ${res.body}`).toBe(200);
      return { data: res.json().data as unknown, total: Number(res.headers['x-total-count']) };
    };
    const range = { site_id: 1, date_from: day(-30), date_till: day(0) };
    expect((await app('journal', range)).total).toBe(8);
    await app('journal', { ...range, limit: 2, offset: 3 });
    await app('journal', { ...range, ac_id: -1, tag_id: 1 });
    for (const type of ['cdr_in', 'sitephone', 'chat', 'offline_message', 'goal']) await app('journal', { ...range, type });
    await app('journal', { ...range, type: 'goal', ac_id: -1, tag_id: 1, limit: 1, offset: 0 });
    // A page and its count are one read of the union; only a page past the end counts apart.
    const unionCount = /^select count\(\*\) as "n" from \(select/;
    expect(statements.list().filter((s) => unionCount.test(s.sql))).toEqual([]);
    expect((await app('journal', { ...range, offset: 100 })).total).toBe(8);
    expect(statements.list().filter((s) => unionCount.test(s.sql)).length).toBe(1);
    await app('daily_report', range);
    const rest = async (fn: string, args: Record<string, unknown>) => expectData(await w!.get(fn, { session_key: a, ...args }));
    const restRange = { site_id: 1, date_from: day(-30), date_till: day(1) };
    await rest('ac', { site_id: 1, limit: 1000 });
    await rest('stat', { ...restRange, ac_id: -1 });
    await rest('advertising_sales', { ...restRange, only_first: false, only_quality: false, limit: 1000 });

    const list = statements.list();
    const touched = (table: string) => list.some((s) => new RegExp(`\\b(from|into|update|join) "${table}"`).test(s.sql));
    for (const table of ['sessions', 'goals', 'chats', 'offline_messages', 'calls', 'tag_links', 'sales'])
      expect(touched(table), table).toBe(true);
    if (testPostgresUrl) {
      expect(postgresFullScans(w.server.db, list)).toEqual([]);
      return;
    }
    const sqlite = w.server.store.sqlite!;
    expect(fullScans(sqlite, list)).toEqual([]);

    // The chart counts calls only, by the calls' (site, time) index: a range's sessions are the
    // most rows a site has, and the chart does not draw them.
    const daily = list.filter((s) => /substr\("\w+"\."\w+", 1, 15\)/.test(s.sql));
    expect(daily.length).toBe(1);
    expect(queryPlan(sqlite, daily[0]!)).toMatch(/SEARCH c USING INDEX calls_site_date \(site_id=\? AND call_date>\? AND call_date<\?\)/);
  });
});

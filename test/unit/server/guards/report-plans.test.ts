import { afterAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../../support/test-database.js';
import { apiWorld, expectData, type ApiWorld } from '../api-helpers.js';
import { fullScans, postgresFullScans, queryPlan, statementCollector } from '../query-plans.js';

// Every statement the report functions really run reads by index: a report
// over a fixed range must not read every page view, session or communication ever stored. The
// functions are called with every filter they take, on a database with traffic of two sites, and
// each statement is EXPLAINed as it ran: SQLite's plans, or PostgreSQL's when SVC_TEST_DB_URL is
// set (query-plans.ts says how each is read).

let w: ApiWorld | undefined;
afterAll(async () => {
  await w?.server.close();
});

describe('the reports read by index', () => {
  it('no statement of a report, a tag or a person scans a growing table', async () => {
    const statements = statementCollector();
    w = await apiWorld(':memory:', statements.onQuery);
    const a = await w.login('a');
    const x = await w.login('x');
    const visits = [];
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
      await v.send('visitor_info', { phone: '+7 916 000-00-02', email: 'q@x.test' });
      visits.push(v);
    }
    const v = visits[0]!;
    const db = w.server.db;
    const one = (sql: string) => (db.prepare(sql).all(v.visitor)[0] as { id: number }).id;
    const goal = one('SELECT id FROM goals WHERE visitor_id = ?');
    const chat = one('SELECT id FROM chats WHERE visitor_id = ?');
    const call = one('SELECT id FROM calls WHERE visitor_id = ?');
    const offline = one('SELECT id FROM offline_messages WHERE visitor_id = ?');
    statements.start();

    const year = { date_from: '2026-01-01', date_till: '2027-01-01' };
    const filters = { ac_id: -1, tag_id: 1, visitor_id: v.visitor };
    const get = async (fn: string, args: Record<string, unknown>) => expectData(await w!.get(fn, { session_key: a, ...args }));
    expectData(await w.post('tag_communication', a, { object_type: 'goal', object_id: goal, mark_id: 1 }));
    expectData(await w.post('tag_communication_sale', a, { object_type: 'chat', object_id: chat, cost: 10, date_time: '2026-12-01' }));
    expectData(await w.post('untag_communication', a, { object_type: 'goal', object_id: goal, mark_id: 1 }));
    for (const only of [true, false]) {
      await get('stat', { site_id: 1, ...year });
      await get('stat', { site_id: 1, ...year, ac_id: 1 });
      await get('communication', { site_id: 1, ...year, ac_id: -1, tag_id: 1, show_not_goal: !only, only_first: only });
      await get('communication', { site_id: 1, ...year, only_first: only });
      await get('advertising_sales', { site_id: 1, ...year, only_first: only, only_quality: only });
    }
    await get('goal', { site_id: 1, ...year, ...filters, id: goal });
    await get('goal', { site_id: 1, ...year });
    await get('call', { ...year, ...filters, site_id: 1, id: call, numa: '79160000001', numb: '1', direction: 'out' });
    await get('call', year);
    await get('chat', { ...year, ...filters, site_id: 1, user_id: 11 });
    await get('chat', { date_till: year.date_till });
    await get('chat_messages', { chat_id: chat });
    await get('offline_message', { ...year, ...filters, site_id: 1 });
    await get('offline_message', year);
    await get('visitor', { visitor_id: v.visitor });
    await get('session_info', { session_id: v.session });
    await get('person_by_visitor', { id: v.visitor });
    await get('visitors_by_person', { id: v.visitor });
    // An agent's reports: every site of the customer, through customer_id.
    expectData(await w.get('call', { session_key: x, customer_id: 1, ...year }));
    expect(offline).toBeGreaterThan(0);

    const list = statements.list();
    const touched = (table: string) => list.some((s) => new RegExp(`\\b(from|into|update|join) "${table}"`).test(s.sql));
    for (const table of [
      'sessions',
      'hits',
      'goals',
      'chats',
      'chat_messages',
      'offline_messages',
      'calls',
      'tag_links',
      'sales',
      'visitors',
    ])
      expect(touched(table), table).toBe(true);
    if (testPostgresUrl) {
      // PostgreSQL: no sequential scan of a growing table where an index could serve (the named
      // indexes below are SQLite's planner's business; PostgreSQL picks among them by cost).
      expect(postgresFullScans(w.server.db, list)).toEqual([]);
      return;
    }
    const sqlite = w.server.store.sqlite!;
    expect(fullScans(sqlite, list)).toEqual([]);

    // Reading by some index is not always enough: these statements must read the index named,
    // which holds every column they filter on (reports at scale, migration 085). Each guard names
    // the statement by its text, so a statement rewritten out of its shape fails here too.
    const guards = [
      {
        what: "a campaign's sessions in a range (advertising_sales, stat with ac_id)",
        sql: /^select count\(\*\) as "n" from "sessions" as "s" where .*"ac_id" = \?/,
        plan: /SEARCH s USING COVERING INDEX sessions_site_campaign_time \(site_id=\? AND ac_id=\? AND start_time/,
      },
      {
        what: "a person's earlier communications (only_first)",
        sql: /NOT EXISTS \(SELECT 1 FROM visitors me INNER JOIN visitors pv/,
        plan: /SEARCH me USING INTEGER PRIMARY KEY.*SEARCH pv USING COVERING INDEX visitors_person/,
      },
    ];
    for (const g of guards) {
      const hits = list.filter((st) => g.sql.test(st.sql));
      expect(hits.length, g.what).toBeGreaterThan(0);
      for (const st of hits) expect(queryPlan(sqlite, st), g.what).toMatch(g.plan);
    }
  });
});

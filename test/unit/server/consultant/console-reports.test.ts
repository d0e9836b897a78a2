import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportsCommunications, ReportsDaily } from '../../../../src/console-protocol.js';
import { dayOf, parseDate } from '../../../../src/server/identity/dates.js';
import { hashPassword } from '../../../../src/server/identity/password.js';
import { timestamp } from '../../../../src/server/store/time.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import { apiWorld, expectData, type ApiWorld, type Visit } from '../api-helpers.js';
import { fullScans, statementCollector } from '../query-plans.js';

/**
 * The console's reports page and its data: counts per day of the customer's zone split
 * by campaign, and the communication list with visitor context and tags, paged; an operator sees
 * only the sites they serve; signed out is refused; bad ranges are 400.
 * World (api-helpers.ts): customer A (site 1; operators 11 and 12), B (site 2), C (site 3; operator 31).
 */

type Rec = Record<string, unknown>;
const PASSWORD = 'reports-pass';
const ZONE = 'Europe/Moscow';

let w: ApiWorld;
let anna: string;
let cyril: string;
let mail: number;
let v1: Visit;
let v2: Visit;
const ids = { goal: 0, chat: 0, offline: 0, call: 0, goal2: 0 };
const today = dayOf(Date.now(), ZONE);
const shift = (day: string, n: number) => new Date(Date.parse(day + 'T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);
const week = { date_from: shift(today, -3), date_till: shift(today, 4) };
const q = (sql: string, ...args: unknown[]) => w.server.db.prepare(sql).all(...args) as Rec[];
const tick = () => new Promise((r) => setTimeout(r, 5));

async function signIn(email: string): Promise<string> {
  const res = await w.server.app.inject({ method: 'POST', url: '/op/api/login', payload: { email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.headers['set-cookie'];
  return String(Array.isArray(set) ? set[0] : set).split(';')[0]!;
}

function get(path: string, cookie?: string) {
  return w.server.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
}

async function daily(cookie: string, query: Rec): Promise<ReportsDaily> {
  const res = await get('/op/api/reports/daily?' + new URLSearchParams(query as Record<string, string>), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportsDaily;
}

async function list(cookie: string, query: Rec): Promise<ReportsCommunications & { header: string }> {
  const res = await get('/op/api/reports/communications?' + new URLSearchParams(query as Record<string, string>), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json().data as ReportsCommunications), header: String(res.headers['x-total-count']) };
}

/** The count of `kind` for campaign `ac` on `day`. */
const count = (d: ReportsDaily, kind: keyof ReportsDaily['counts'], ac: number, day: string) =>
  d.counts[kind][d.campaigns.findIndex((c) => c.id === ac)]?.[d.days.indexOf(day)];

const statements = statementCollector();

beforeAll(async () => {
  w = await apiWorld(':memory:', statements.onQuery);
  const hash = await hashPassword(PASSWORD, 1024);
  for (const id of [11, 12, 31]) w.server.db.prepare('UPDATE employees SET password_hash = ? WHERE id = ?').run(hash, id);
  w.server.db.prepare('INSERT INTO employee_sites (employee_id, site_id) VALUES (?, ?)').run(11, 1);
  w.server.db.prepare('INSERT INTO employee_sites (employee_id, site_id) VALUES (?, ?)').run(31, 3);
  const a = await w.login('a');
  mail = (expectData(await w.post('create_ac', a, { site_id: 1, name: 'Mail' })) as { ac_id: number }).ac_id;
  const g = expectData(await w.post('create_ac_condition_group', a, { ac_id: mail, name: 'utm' })) as { ac_condition_group_id: number };
  expectData(
    await w.post('create_ac_condition', a, {
      ac_condition_group_id: g.ac_condition_group_id,
      ac_parameter: 'utm_source',
      ac_operator: '=',
      value: 'mail',
      is_negative: false,
    }),
  );
  v1 = await w.visit('site-1', 'http://a.test/landing?utm_source=mail&utm_campaign=autumn', 'https://yandex.ru/search/?text=buy+tickets');
  await tick();
  ids.goal = ((await v1.send('event', { category: 'form', action: 'open' })) as { goal_id: number }).goal_id;
  await tick();
  await v1.send('chat_message', { text: 'hello' });
  ids.chat = q('SELECT id FROM chats WHERE visitor_id = ?', v1.visitor)[0]!.id as number;
  await tick();
  ids.offline = (
    (await v1.send('offline_request', { message: 'call me', phone: '+7 916 123-45-67', name: 'Anna' })) as { offline_message_id: number }
  ).offline_message_id;
  await tick();
  await v1.send('sitephone', { phone: '+7 916 123-45-67' });
  ids.call = q('SELECT id FROM calls WHERE visitor_id = ?', v1.visitor)[0]!.id as number;
  await tick();
  v2 = await w.visit('site-1', 'http://a.test/plain');
  await tick();
  ids.goal2 = ((await v2.send('event', { category: 'cart', action: 'add' })) as { goal_id: number }).goal_id;
  // Customer C's site has traffic of its own, which A's operators never see.
  const c = await w.visit('site-3', 'http://c.test/?utm_source=mail');
  await c.send('event', { category: 'c', action: 'c-goal' });
  const target = q("SELECT id FROM tags WHERE customer_id = 1 AND name = 'Target'")[0]!.id as number;
  expectData(await w.post('tag_communication', a, { object_type: 'offline_message', object_id: ids.offline, mark_id: target }));
  anna = await signIn('e11@x.test');
  cyril = await signIn('e31@x.test');
});

afterAll(async () => {
  await w.server.close();
});

describe('the reports page', () => {
  it('is served to anyone (it signs in through the console) under the strict CSP, and loads the chart script', async () => {
    const res = await get('/op/reports');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.body).toContain('<script type="module" src="/op/reports.js"></script>');
    expect(res.body).not.toMatch(/<script>|<style>| style=/);
    // The chat console does not load the chart library.
    expect((await get('/op/')).body).not.toContain('reports.js');
  });
});

describe('daily counts', () => {
  it('counts visits, calls, chats, requests and goals per day of the customer’s zone, split by campaign', async () => {
    const d = await daily(anna, { site_id: '1', ...week });
    expect(d.time_zone).toBe(ZONE);
    expect(d.days).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => shift(week.date_from, n)));
    expect(d.campaigns).toEqual([
      { id: -1, name: '' },
      { id: mail, name: 'Mail' },
    ]);
    expect(
      Object.fromEntries(
        (['visits', 'calls', 'chats', 'requests', 'goals'] as const).map((k) => [k, [count(d, k, mail, today), count(d, k, -1, today)]]),
      ),
    ).toEqual({ visits: [1, 1], calls: [1, 0], chats: [1, 0], requests: [1, 0], goals: [1, 1] });
    // Nothing on the other days.
    for (const k of ['visits', 'goals'] as const) {
      expect(d.counts[k].flat().reduce((s, n) => s + n, 0)).toBe(2);
    }
  });

  it('folds UTC times into the customer’s days: 21:05 UTC is the next day in Moscow', async () => {
    // v2's session and goal moved to 9 March 21:05 UTC, 10 March 00:05 in Moscow.
    const at = timestamp(Date.UTC(2026, 2, 9, 21, 5));
    const was = q('SELECT start_time FROM goals WHERE id = ?', ids.goal2)[0]!.start_time;
    w.server.db.prepare('UPDATE sessions SET start_time = ? WHERE id = ?').run(at, v2.session);
    w.server.db.prepare('UPDATE goals SET start_time = ? WHERE id = ?').run(at, ids.goal2);
    try {
      const d = await daily(anna, { site_id: '1', date_from: '2026-03-09', date_till: '2026-03-11' });
      expect(d.days).toEqual(['2026-03-09', '2026-03-10']);
      expect(d.campaigns[0]).toEqual({ id: -1, name: '' });
      expect(d.counts.visits[0]).toEqual([0, 1]);
      expect(d.counts.goals[0]).toEqual([0, 1]);
    } finally {
      const back = was;
      w.server.db.prepare('UPDATE sessions SET start_time = ? WHERE id = ?').run(back, v2.session);
      w.server.db.prepare('UPDATE goals SET start_time = ? WHERE id = ?').run(back, ids.goal2);
    }
  });
});

describe('the communication list', () => {
  it('lists every kind oldest first with its visitor context and tags, paged', async () => {
    const all = await list(anna, { site_id: '1', ...week, limit: '100' });
    expect(all.total).toBe(5);
    expect(all.header).toBe('5');
    expect(all.items.map((c) => [c.type, c.id])).toEqual([
      ['goal', ids.goal],
      ['chat', ids.chat],
      ['offline_message', ids.offline],
      ['sitephone', ids.call],
      ['goal', ids.goal2],
    ]);
    const req = all.items[2]!;
    expect(req).toMatchObject({
      ac_id: mail,
      ac_name: 'Mail',
      visitor_id: v1.visitor,
      visitor_type: 'new',
      visits_count: 1,
      utm_source: 'mail',
      utm_campaign: 'autumn',
      search_engine: 'yandex',
      search_query: 'buy tickets',
      referrer: 'https://yandex.ru/search/?text=buy+tickets',
      entrance_page: 'http://a.test/landing?utm_source=mail&utm_campaign=autumn',
      detail: 'Anna · +7 916 123-45-67 · call me',
      tags: ['Target'],
    });
    expect(Date.parse(req.at)).toBeGreaterThan(Date.now() - 600_000);
    expect(all.items[0]).toMatchObject({ detail: 'open', tags: [] });
    expect(all.items[1]).toMatchObject({ type: 'chat', status: q('SELECT status FROM chats WHERE id = ?', ids.chat)[0]!.status });
    expect(all.items[4]).toMatchObject({
      ac_id: -1,
      ac_name: '',
      utm_source: null,
      entrance_page: 'http://a.test/plain',
      visitor_type: 'new',
    });
    // Pages of two.
    const pages = [];
    for (const offset of [0, 2, 4]) pages.push(...(await list(anna, { site_id: '1', ...week, limit: '2', offset: String(offset) })).items);
    expect(pages.map((c) => c.id)).toEqual(all.items.map((c) => c.id));
    expect((await list(anna, { site_id: '1', ...week, limit: '2', offset: '2' })).items).toHaveLength(2);
  });
});

describe('who sees what', () => {
  it('refuses a signed-out browser', async () => {
    for (const path of ['/op/api/reports/daily', '/op/api/reports/communications']) {
      const res = await get(`${path}?site_id=1&date_from=${week.date_from}&date_till=${week.date_till}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
      expect((await get(`${path}?site_id=1&date_from=${week.date_from}&date_till=${week.date_till}`, 'svc_op=forged')).statusCode).toBe(
        401,
      );
    }
  });

  it('answers 404 for a site the operator does not serve, of another customer or not', async () => {
    for (const [cookie, site] of [
      [anna, '3'],
      [anna, '2'],
      [cyril, '1'],
    ] as const) {
      for (const path of ['/op/api/reports/daily', '/op/api/reports/communications']) {
        const res = await get(`${path}?site_id=${site}&date_from=${week.date_from}&date_till=${week.date_till}`, cookie);
        expect(res.statusCode, `${path} ${site}`).toBe(404);
        expect(res.body).not.toContain('c-goal');
      }
    }
    // Cyril's own site shows C's traffic only.
    const c = await list(cyril, { site_id: '3', ...week });
    expect(c.items.map((i) => i.detail)).toEqual(['c-goal']);
    const d = await daily(cyril, { site_id: '3', ...week });
    expect(d.campaigns).toEqual([{ id: -1, name: '' }]);
  });

  it('answers 400 for bad ranges and pages', async () => {
    const bad: Rec[] = [
      { site_id: '1', date_from: today, date_till: today },
      { site_id: '1', date_from: shift(today, 1), date_till: today },
      { site_id: '1', date_from: '2026-02-30', date_till: '2026-03-02' },
      { site_id: '1', date_from: 'yesterday', date_till: today },
      { site_id: '1', date_from: '2024-01-01', date_till: '2025-01-03' },
      { date_from: week.date_from, date_till: week.date_till },
      { site_id: 'x', date_from: week.date_from, date_till: week.date_till },
      { site_id: '1', date_from: week.date_from },
    ];
    for (const query of bad) {
      for (const path of ['/op/api/reports/daily', '/op/api/reports/communications']) {
        const res = await get(`${path}?${new URLSearchParams(query as Record<string, string>)}`, anna);
        expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^400002: Invalid request/) });
      }
    }
    for (const page of [{ limit: '0' }, { limit: '101' }, { offset: '-1' }, { limit: '2.5' }] as Array<Record<string, string>>) {
      const res = await get(`/op/api/reports/communications?${new URLSearchParams({ site_id: '1', ...week, ...page })}`, anna);
      expect(res.statusCode, JSON.stringify(page)).toBe(400);
    }
    // A year and a day is the longest range; 366 days pass.
    expect((await daily(anna, { site_id: '1', date_from: '2024-01-01', date_till: '2025-01-01' })).days).toHaveLength(366);
  });

  it('writes the customer’s zone into the console’s own answer', async () => {
    const me = await get('/op/api/me', anna);
    expect(me.json().data).toMatchObject({ time_zone: ZONE, sites: [{ id: 1, domain: 'a.test' }] });
    expect(parseDate(today, ZONE)).not.toBeNull();
  });
});

describe('the communication list’s statement', () => {
  it('pages in SQL: the list is read with the request’s limit and offset bound, not whole', async () => {
    statements.start();
    const page = await list(anna, { site_id: '1', ...week, limit: '3', offset: '1' });
    const listed = statements
      .list()
      .filter((s) => /\bunion all\b/i.test(s.sql) && /\border by\b/i.test(s.sql) && !/\bcount\(/i.test(s.sql));
    expect(listed).toHaveLength(1);
    expect(listed[0]!.sql).toMatch(/\blimit \S+ offset \S+$/i);
    expect(listed[0]!.parameters.slice(-2)).toEqual([3, 1]);
    expect(page.total).toBe(5);
    expect(page.items).toHaveLength(3);
  });
});

describe.skipIf(!!testPostgresUrl)('the page’s statements', () => {
  it('read by index: no statement scans a table that grows with traffic', async () => {
    statements.start();
    await daily(anna, { site_id: '1', ...week });
    await list(anna, { site_id: '1', ...week, limit: '3', offset: '1' });
    const run = statements.list();
    for (const table of ['sessions', 'goals', 'chats', 'offline_messages', 'calls', 'tag_links']) {
      expect(
        run.some((s) => new RegExp(`\\b(from|join) "${table}"`).test(s.sql)),
        table,
      ).toBe(true);
    }
    expect(fullScans(w.server.store.sqlite!, run)).toEqual([]);
  });
});

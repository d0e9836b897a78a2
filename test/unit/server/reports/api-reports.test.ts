import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAnswered, apiWorld, expectData, expectError, fromXml, type ApiWorld, type Visit } from '../api-helpers.js';

/**
 * The REST reports over traffic made through the write endpoint: every kind of
 * communication with the visitor context of its session, filters, the customer's day boundaries,
 * paging, tags and sales, persons, and whose data a session reaches.
 */

type Rec = Record<string, unknown>;

let w: ApiWorld;
let a: string;
let mail: number;
let ads: number;
let v1: Visit;
let v2: Visit;
let v3: Visit;
const ids = { goal: 0, goal2: 0, chat: 0, offline: 0, call: 0, goal3: 0 };
const range = { site_id: 1, date_from: '2026-01-01', date_till: '2027-01-01' };
const q = (sql: string, ...args: unknown[]) => w.server.db.prepare(sql).all(...args) as Rec[];

async function campaign(name: string, utmSource: string): Promise<number> {
  const ac = (expectData(await w.post('create_ac', a, { site_id: 1, name })) as { ac_id: number }).ac_id;
  const g = expectData(await w.post('create_ac_condition_group', a, { ac_id: ac, name: 'utm' })) as { ac_condition_group_id: number };
  expectData(
    await w.post('create_ac_condition', a, {
      ac_condition_group_id: g.ac_condition_group_id,
      ac_parameter: 'utm_source',
      ac_operator: '=',
      value: utmSource,
      is_negative: false,
    }),
  );
  return ac;
}

/** GET a report of customer A; its data, after checking that the XML answer says the same. */
async function report(fn: string, args: Rec): Promise<Rec[]> {
  const json = expectData(await w.get(fn, { session_key: a, ...args })) as Rec[];
  const xml = await w.get(fn, { session_key: a, ...args }, 'application/xml');
  expect(xml.statusCode, xml.body).toBe(200);
  expect(fromXml(xml.body)).toEqual({ data: json, success: true });
  return json;
}

const ofIds = (rows: Rec[]) => rows.map((r) => r.id);
/** Stored times have milliseconds: a pause keeps the communications' order their writing order. */
const tick = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  w = await apiWorld();
  a = await w.login('a');
  mail = await campaign('Mail', 'mail');
  ads = await campaign('Ads', 'ads');
  // A visitor from a mailing, who searched first: a goal, a chat, a request and a call-back.
  v1 = await w.visit('site-1', 'http://a.test/landing?utm_source=mail&utm_campaign=autumn', 'https://yandex.ru/search/?text=buy+tickets');
  await tick();
  ids.goal = ((await v1.send('event', { category: 'form', action: 'open' })) as { goal_id: number }).goal_id;
  await tick();
  await v1.send('chat_message', { text: 'hello' });
  await tick();
  ids.chat = q('SELECT id FROM chats WHERE visitor_id = ?', v1.visitor)[0]!.id as number;
  ids.offline = (
    (await v1.send('offline_request', { message: 'call me', phone: '+7 916 123-45-67', name: 'Anna' })) as {
      offline_message_id: number;
    }
  ).offline_message_id;
  await tick();
  await v1.send('sitephone', { phone: '+7 916 123-45-67' });
  await tick();
  ids.call = q('SELECT id FROM calls WHERE visitor_id = ?', v1.visitor)[0]!.id as number;
  // The same visitor comes back through another campaign and reaches a goal there.
  await v1.again('http://a.test/?utm_source=ads');
  await tick();
  ids.goal2 = ((await v1.send('event', { category: 'form', action: 'send' })) as { goal_id: number }).goal_id;
  await tick();
  // Another browser leaves the same phone: the same person.
  v2 = await w.visit('site-1', 'http://a.test/');
  await tick();
  await v2.send('visitor_info', { phone: '8 (916) 123-45-67' });
  await tick();
  // Someone else, without a campaign.
  v3 = await w.visit('site-1', 'http://a.test/plain');
  await tick();
  ids.goal3 = ((await v3.send('event', { category: 'cart', action: 'add' })) as { goal_id: number }).goal_id;
  await tick();
});

afterAll(async () => {
  await w.server.close();
  // Every report function's success answer was checked against its declared schema here.
  expectAnswered([
    'GET stat',
    'GET communication',
    'GET goal',
    'GET call',
    'GET chat',
    'GET chat_messages',
    'GET offline_message',
    'GET person_by_visitor',
    'GET visitors_by_person',
    'GET visitor',
    'GET session_info',
    'GET advertising_sales',
    'POST tag_communication',
    'POST tag_communication_sale',
    'POST untag_communication',
  ]);
});

describe('records and their visitor context', () => {
  it('communication lists every kind in time order, in JSON and XML alike', async () => {
    const list = await report('communication', range);
    expect(list.map((c) => [c.communication_type, c.id])).toEqual([
      ['goals', ids.goal],
      ['chats', ids.chat],
      ['offline_massages', ids.offline],
      ['calls', ids.call],
      ['goals', ids.goal2],
      ['goals', ids.goal3],
    ]);
    for (const c of list) expect(c.date_time).toMatch(/^2026-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('a goal carries the campaign, utm, search engine and query of its session, as they were then', async () => {
    const [g1, g2] = await report('goal', { ...range, visitor_id: v1.visitor });
    expect(g1).toMatchObject({
      id: ids.goal,
      name: 'open',
      ac_id: mail,
      site_id: 1,
      visitor_id: v1.visitor,
      session_id: v1.session,
      utm_source: 'mail',
      utm_campaign: 'autumn',
      search_engine: 'yandex',
      search_query: 'buy tickets',
      referrer_domain: 'yandex.ru',
      last_query: 'buy tickets',
      enter_page: 'http://a.test/landing?utm_source=mail&utm_campaign=autumn',
      visits_count: 1,
      new_visitor: true,
      first_ac_name: 'Mail',
      communication_number: 1,
      other_adv_contacts: false,
      tag_id_array: [],
      sale_date: null,
      sale_cost: null,
    });
    // The second visit: its own campaign, a returning visitor, the first campaign still Mail, the
    // search query pulled in from the first visit, and the person came through another campaign.
    expect(g2).toMatchObject({
      id: ids.goal2,
      ac_id: ads,
      utm_source: 'ads',
      utm_campaign: null,
      search_engine: null,
      last_query: 'buy tickets',
      visits_count: 2,
      new_visitor: false,
      first_ac_name: 'Mail',
      communication_number: 5,
      other_adv_contacts: true,
    });
  });

  it('chat, request and call-back records carry the context of the visit they were made in', async () => {
    const context = {
      ac_id: mail,
      utm_source: 'mail',
      utm_campaign: 'autumn',
      search_engine: 'yandex',
      visits_count: 1,
      visitor_type: 'new',
    };
    const [chat] = await report('chat', { date_till: '2027-01-01', visitor_id: v1.visitor });
    // Nobody has answered the chat: lost so far (the document has no value for a waiting chat).
    expect(chat).toMatchObject({
      ...context,
      id: ids.chat,
      status: 'lost',
      communication_number: 2,
      visitor_first_ac: mail,
      messages_count: 1,
      tags: [],
    });
    const [offline] = await report('offline_message', { ...range, visitor_id: v1.visitor });
    expect(offline).toMatchObject({
      ...context,
      id: ids.offline,
      communication_number: 3,
      phone: '+7 916 123-45-67',
      name: 'Anna',
      status: 'unprocessed',
    });
    const [call] = await report('call', { ...range, visitor_id: v1.visitor });
    expect(call).toMatchObject({
      ...context,
      id: ids.call,
      communication_number: 4,
      communication_type: 'sitephone',
      numa: '79161234567',
      direction: 'out',
      file_link: [],
      tags: [],
      is_visitor_by_numa: false,
    });
    const [messages] = [await report('chat_messages', { chat_id: ids.chat })];
    expect(messages).toEqual([{ id: expect.any(Number), sourse: 'Посетитель', message: 'hello', date_time: expect.any(String) }]);
  });

  it('stat counts each kind for the range and campaign', async () => {
    const [all] = await report('stat', range);
    expect(all).toEqual({
      url: 'a.test',
      visits_count: 4,
      calls_count: 0,
      sitephone_calls_count: 1,
      good_chats_count: 0,
      offline_messages_count: 1,
      goals_count: 3,
    });
    const [none] = await report('stat', { ...range, ac_id: -1 });
    expect(none).toMatchObject({ visits_count: 2, goals_count: 1, sitephone_calls_count: 0 });
    const [ofMail] = await report('stat', { ...range, ac_id: mail });
    expect(ofMail).toMatchObject({ visits_count: 1, goals_count: 1, sitephone_calls_count: 1, offline_messages_count: 1 });
  });
});

describe('filters and paging', () => {
  it('ac_id, visitor_id, id, numa, direction, user_id narrow their reports', async () => {
    expect(ofIds(await report('goal', { ...range, ac_id: -1 }))).toEqual([ids.goal3]);
    expect(ofIds(await report('goal', { ...range, ac_id: ads }))).toEqual([ids.goal2]);
    expect(ofIds(await report('goal', { ...range, id: ids.goal2 }))).toEqual([ids.goal2]);
    expect(ofIds(await report('goal', { ...range, visitor_id: v3.visitor }))).toEqual([ids.goal3]);
    expect((await report('communication', { ...range, ac_id: mail })).map((c) => c.id)).toEqual([
      ids.goal,
      ids.chat,
      ids.offline,
      ids.call,
    ]);
    expect(ofIds(await report('call', { ...range, numa: '+7 (916) 123-45-67' }))).toEqual([ids.call]);
    expect(await report('call', { ...range, numa: '79160000000' })).toEqual([]);
    expect(await report('call', { ...range, direction: 'in' })).toEqual([]);
    expect(ofIds(await report('call', { date_from: '2026-01-01', date_till: '2027-01-01', id: ids.call }))).toEqual([ids.call]);
    expect(await report('chat', { date_till: '2027-01-01', user_id: 11 })).toEqual([]);
    expect(ofIds(await report('chat', { date_till: '2027-01-01', site_id: 1 }))).toEqual([ids.chat]);
    expect(await report('offline_message', { ...range, visitor_id: v3.visitor })).toEqual([]);
    expect(await report('offline_message', { ...range, ac_id: ads })).toEqual([]);
  });

  it('only_first keeps each person’s first communication', async () => {
    const first = await report('communication', { ...range, only_first: true });
    expect(first.map((c) => c.id)).toEqual([ids.goal, ids.goal3]);
  });

  it('pages with limit and offset and tells the total', async () => {
    const res = await w.get('communication', { session_key: a, ...range, limit: 2, offset: 3 });
    expect(res.headers['x-total-count']).toBe('6');
    expect((expectData(res) as Rec[]).map((c) => c.id)).toEqual([ids.call, ids.goal2]);
    const goals = await w.get('goal', { session_key: a, ...range, limit: 1, offset: 1 });
    expect(goals.headers['x-total-count']).toBe('3');
    expect(ofIds(expectData(goals) as Rec[])).toEqual([ids.goal2]);
  });

  it('refuses a reversed range and a date that is no date', async () => {
    expectError(await w.get('goal', { session_key: a, site_id: 1, date_from: '2026-02-01', date_till: '2026-02-01' }), 400, 100422);
    expectError(await w.get('goal', { session_key: a, site_id: 1, date_from: '2026-02-30', date_till: '2026-03-01' }), 400, 100422);
    expectError(await w.get('goal', { session_key: a, site_id: 1, date_till: '2026-03-01' }), 400, 100400);
    expectError(await w.get('chat', { session_key: a }), 400, 100400);
  });
});

describe('tags and sales', () => {
  it('a tag appears in the records and narrows the reports; untagging removes it', async () => {
    const target = q("SELECT id FROM tags WHERE customer_id = 1 AND name = 'Target'")[0]!.id as number;
    expect((await w.post('tag_communication', a, { object_type: 'goal', object_id: ids.goal, mark_id: target })).json()).toEqual({
      success: true,
    });
    expectData(await w.post('tag_communication', a, { object_type: 'goal', object_id: ids.goal, mark_id: target }));
    expectData(await w.post('tag_communication', a, { object_type: 'chat', object_id: ids.chat, mark_id: target }));
    expectData(await w.post('tag_communication', a, { object_type: 'sitephone', object_id: ids.call, mark_id: target }));
    expect((await report('goal', { ...range, id: ids.goal }))[0]!.tag_id_array).toEqual([target]);
    expect((await report('chat', { date_till: '2027-01-01', tag_id: target }))[0]).toMatchObject({
      id: ids.chat,
      tags: [{ id: target, tag: 'Target' }],
    });
    expect((await report('call', { ...range, tag_id: target }))[0]).toMatchObject({ id: ids.call, tags: [target] });
    expect((await report('communication', { ...range, tag_id: target })).map((c) => c.id)).toEqual([ids.goal, ids.chat, ids.call]);
    expectData(await w.post('untag_communication', a, { object_type: 'goal', object_id: ids.goal, mark_id: target }));
    expect((await report('goal', { ...range, id: ids.goal }))[0]!.tag_id_array).toEqual([]);
    expectError(await w.post('untag_communication', a, { object_type: 'goal', object_id: ids.goal, mark_id: target }), 404, 100410);
    // A call-back is a sitephone, not a cdr_in; a tag of another customer is not found.
    expectError(await w.post('tag_communication', a, { object_type: 'cdr_in', object_id: ids.call, mark_id: target }), 404, 100410);
    const cTag = q('SELECT id FROM tags WHERE customer_id = 3')[0]!.id as number;
    expectError(await w.post('tag_communication', a, { object_type: 'goal', object_id: ids.goal, mark_id: cTag }), 404, 100410);
    expectError(await w.post('tag_communication', a, { object_type: 'visit', object_id: ids.goal, mark_id: target }), 400, 100422);
  });

  it('show_not_goal=false leaves out what is tagged as not target', async () => {
    w.server.db.prepare("INSERT INTO tags (customer_id, name) VALUES (1, 'Not target')").run();
    const notTarget = q("SELECT id FROM tags WHERE customer_id = 1 AND name = 'Not target'")[0]!.id as number;
    expectData(await w.post('tag_communication', a, { object_type: 'goal', object_id: ids.goal3, mark_id: notTarget }));
    expect((await report('communication', range)).map((c) => c.id)).toContain(ids.goal3);
    expect((await report('communication', { ...range, show_not_goal: false })).map((c) => c.id)).not.toContain(ids.goal3);
    expectData(await w.post('untag_communication', a, { object_type: 'goal', object_id: ids.goal3, mark_id: notTarget }));
  });

  it('a sale shows in the record and in advertising_sales; removing the sale tag removes the deal', async () => {
    expectData(
      await w.post('tag_communication_sale', a, {
        object_type: 'offline_message',
        object_id: ids.offline,
        cost: 1500.5,
        date_time: '2026-12-01 10:00:00',
      }),
    );
    const [offline] = await report('offline_message', { ...range, visitor_id: v1.visitor });
    const sale = q("SELECT id FROM tags WHERE customer_id = 1 AND name = 'Sale'")[0]!.id as number;
    expect(offline).toMatchObject({ sale_date: '2026-12-01 10:00:00', sale_cost: 1500.5, tags: [{ id: sale, tag: 'Sale' }] });
    // Defaults: each person's first communication, quality only. Mail's first is the goal, not the
    // sold request: the sale counts for the person's first communication, so for Mail.
    const byAc = (rows: Rec[]) => Object.fromEntries(rows.map((r) => [r.ac_id, r]));
    const firsts = byAc(await report('advertising_sales', range));
    expect(firsts[mail]).toMatchObject({
      name: 'Mail',
      sessions_count: 1,
      communications_count: 1,
      sales_count: 1,
      revenue: 1500.5,
      ac_cost: 0,
    });
    expect(firsts[mail]!.avg_days_before_sale).toBeGreaterThan(0);
    expect(firsts[ads]).toMatchObject({ sales_count: 0, revenue: 0, avg_days_before_sale: null });
    expect(firsts[-1]).toMatchObject({ sessions_count: 2, communications_count: 1 });
    const all = byAc(await report('advertising_sales', { ...range, only_first: false }));
    expect(all[mail]).toMatchObject({ communications_count: 4, sales_count: 1, revenue: 1500.5 });
    expect(all[mail]!.avg_days_before_sale).toBeGreaterThan(0);
    expect(all[ads]).toMatchObject({ sessions_count: 1, communications_count: 1, sales_count: 0, avg_days_before_sale: null });
    expectData(await w.post('untag_communication', a, { object_type: 'offline_message', object_id: ids.offline, mark_id: sale }));
    expect((await report('offline_message', { ...range, visitor_id: v1.visitor }))[0]).toMatchObject({
      sale_date: null,
      sale_cost: null,
      tags: [],
    });
  });
});

describe('visitors, sessions and persons', () => {
  it('visitors who left one phone are one person, under the older id, and both ids answer', async () => {
    const [p1] = await report('person_by_visitor', { id: v1.visitor });
    const [p2] = await report('person_by_visitor', { id: v2.visitor });
    expect(p1).toEqual(p2);
    expect(p1!.result).toBe(Math.min(v1.visitor, v2.visitor));
    const visitors = JSON.stringify([v1.visitor, v2.visitor].sort((x, y) => x - y));
    expect(await report('visitors_by_person', { id: p1!.result })).toEqual([{ result: visitors }]);
    expect(await report('visitors_by_person', { id: Math.max(v1.visitor, v2.visitor) })).toEqual([{ result: visitors }]);
    expect(await report('visitors_by_person', { id: v3.visitor })).toEqual([{ result: JSON.stringify([v3.visitor]) }]);
  });

  it('visitor/<visitor_id>: contacts, properties, campaigns and sessions', async () => {
    await v1.send('property_set', { name: 'plan', value: 'gold' });
    const res = await w.server.app.inject({
      method: 'GET',
      url: `/api/v1/visitor/${v1.visitor}/?session_key=${a}`,
      headers: { accept: 'application/json' },
    });
    const [rec] = expectData(res) as Rec[];
    expect(rec).toMatchObject({
      id: v1.visitor,
      name: 'Anna',
      phone: ['+7 916 123-45-67'],
      email: [],
      site_id: 1,
      custom_fields: JSON.stringify({ plan: 'gold' }),
      acs: JSON.stringify([
        { id: mail, name: 'Mail', is_removed: false },
        { id: ads, name: 'Ads', is_removed: false },
      ]),
      visits_count: 2,
      visitor_first_ac: mail,
    });
    expect((rec!.session_ids as number[]).length).toBe(2);
    // The same through the query, and XML alike.
    expect(await report('visitor', { visitor_id: v1.visitor })).toEqual([rec]);
    expectError(
      await w.server.app.inject({
        method: 'GET',
        url: `/api/v1/visitor/${v1.visitor}/?session_key=${a}&visitor_id=1`,
        headers: { accept: 'application/json' },
      }),
      400,
      100422,
    );
  });

  it('session_info: the session, its page views and its communications', async () => {
    const [s] = await report('session_info', { session_id: v1.session });
    expect(s).toMatchObject({
      utm_source: 'mail',
      utm_campaign: 'autumn',
      search_engine: 'yandex',
      search_query: 'buy tickets',
      entrance_page: 'http://a.test/landing?utm_source=mail&utm_campaign=autumn',
    });
    expect(JSON.parse(s!.hits as string)).toEqual([
      { hit_time: expect.any(String), duration: null, url: 'http://a.test/landing?utm_source=mail&utm_campaign=autumn' },
    ]);
    expect((JSON.parse(s!.communications as string) as Rec[]).map((c) => [c.communication_type, c.id])).toEqual([
      ['goals', ids.goal],
      ['chats', ids.chat],
      ['offline_massages', ids.offline],
      ['calls', ids.call],
    ]);
  });
});

describe('access', () => {
  it('another customer’s site, chat, visitor, session and communication are not reached', async () => {
    const b = await w.login('b');
    expectError(await w.get('goal', { session_key: b, ...range }), 403, 211400);
    expectError(await w.get('communication', { session_key: b, ...range }), 403, 211400);
    expectError(await w.get('advertising_sales', { session_key: b, ...range }), 403, 211400);
    expect(expectData(await w.get('chat', { session_key: b, date_till: '2027-01-01' }))).toEqual([]);
    expect(expectData(await w.get('call', { session_key: b, date_from: '2026-01-01', date_till: '2027-01-01' }))).toEqual([]);
    expectError(await w.get('chat_messages', { session_key: b, chat_id: ids.chat }), 404, 100410);
    expectError(await w.get('visitor', { session_key: b, visitor_id: v1.visitor }), 404, 100410);
    expectError(await w.get('session_info', { session_key: b, session_id: v1.session }), 404, 100410);
    expectError(await w.get('person_by_visitor', { session_key: b, id: v1.visitor }), 404, 100410);
    expectError(await w.post('tag_communication', b, { object_type: 'goal', object_id: ids.goal, mark_id: 1 }), 404, 100410);
    // The agent of A reaches A's reports through customer_id, and only so.
    const x = await w.login('x');
    expectError(await w.get('goal', { session_key: x, ...range }), 403, 102403);
    expect(ofIds(expectData(await w.get('goal', { session_key: x, customer_id: 1, ...range, id: ids.goal })) as Rec[])).toEqual([ids.goal]);
  });
});

describe('the customer’s day', () => {
  it('a day runs from midnight to midnight in the customer’s time zone, half-open', async () => {
    // Two goals a second apart around midnight in Moscow (UTC+3) on 10 March.
    w.server.db.prepare("UPDATE goals SET start_time = '2026-03-09 20:59:59.000' WHERE id = ?").run(ids.goal);
    w.server.db.prepare("UPDATE goals SET start_time = '2026-03-09 21:00:00.000' WHERE id = ?").run(ids.goal3);
    const day = (from: string, till: string) => report('goal', { site_id: 1, date_from: from, date_till: till });
    expect(ofIds(await day('2026-03-09', '2026-03-10'))).toEqual([ids.goal]);
    expect(ofIds(await day('2026-03-10', '2026-03-11'))).toEqual([ids.goal3]);
    expect((await day('2026-03-10', '2026-03-11'))[0]!.start_time).toBe('2026-03-10 00:00:00');
    expect(ofIds(await day('2026-03-09 23:59:59', '2026-03-10 00:00:00'))).toEqual([ids.goal]);
    // In Vladivostok (UTC+10) both are on the morning of 10 March.
    w.server.db.prepare("UPDATE customers SET time_zone = 'Asia/Vladivostok' WHERE id = 1").run();
    expect(ofIds(await day('2026-03-10', '2026-03-11'))).toEqual([ids.goal, ids.goal3]);
    expect((await day('2026-03-10', '2026-03-11'))[0]!.start_time).toBe('2026-03-10 06:59:59');
    expect(await day('2026-03-09', '2026-03-10')).toEqual([]);
    w.server.db.prepare("UPDATE customers SET time_zone = 'Europe/Moscow' WHERE id = 1").run();
  });
});

describe('a sale the page marked', () => {
  it('a request sent with is_sale counts in advertising_sales as its record shows it, once, until a sale is tagged on it', async () => {
    const p = await apiWorld();
    try {
      const key = await p.login('a');
      const ac = (expectData(await p.post('create_ac', key, { site_id: 1, name: 'Print' })) as { ac_id: number }).ac_id;
      const g = expectData(await p.post('create_ac_condition_group', key, { ac_id: ac, name: 'utm' })) as { ac_condition_group_id: number };
      expectData(
        await p.post('create_ac_condition', key, {
          ...g,
          ac_parameter: 'utm_source',
          ac_operator: '=',
          value: 'print',
          is_negative: false,
        }),
      );
      const v = await p.visit('site-1', 'http://a.test/?utm_source=print');
      const id = (
        (await v.send('offline_request', { message: 'order', phone: '79160001122', is_sale: true, sale_cost: '2500.50' })) as {
          offline_message_id: number;
        }
      ).offline_message_id;
      const get = async (fn: string, args: Rec) => expectData(await p.get(fn, { session_key: key, ...args })) as Rec[];
      const [record] = await get('offline_message', { ...range, visitor_id: v.visitor });
      expect(record).toMatchObject({ id, sale_cost: 2500.5, sale_date: expect.any(String) });
      for (const onlyFirst of [true, false]) {
        const rows = await get('advertising_sales', { ...range, only_first: onlyFirst });
        expect(
          rows.find((r) => r.ac_id === ac),
          String(onlyFirst),
        ).toMatchObject({ communications_count: 1, sales_count: 1, revenue: 2500.5 });
      }
      // A deal tagged on it replaces the page's, counted once.
      expectData(
        await p.post('tag_communication_sale', key, { object_type: 'offline_message', object_id: id, cost: 3000, date_time: '2026-12-01' }),
      );
      const rows = await get('advertising_sales', { ...range, only_first: false });
      expect(rows.find((r) => r.ac_id === ac)).toMatchObject({ sales_count: 1, revenue: 3000 });
    } finally {
      await p.server.close();
    }
  });
});

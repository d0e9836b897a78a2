import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_FUNCTIONS } from '../../../../src/server/api/functions/index.js';
import {
  answered,
  apiWorld,
  CALL_LEG_FUNCTIONS,
  ERASURE_FUNCTIONS,
  expectData,
  expectError,
  NUMBER_FUNCTIONS,
  REPORT_FUNCTIONS,
  giveNumbers,
  type ApiWorld,
} from '../api-helpers.js';

/** Every REST function of the first group (sessions, agents, sites, campaigns): what it answers, and each error it documents. */

let w: ApiWorld;
let a: string;
beforeEach(async () => {
  w = await apiWorld();
  a = await w.login('a');
  // The numbers A's blocks show below: the operator gave them to A.
  const numbers = ['74957770099', '74990000101', '74990000102', '74957770098', '74957770042', '74957770001', '74990000001'];
  await giveNumbers(w, 1, [...numbers, '74957770002']);
});
afterEach(async () => {
  await w.server.close();
});

const rows = (sql: string, ...params: unknown[]) => w.server.db.prepare(sql).all(...params) as Array<Record<string, unknown>>;

async function campaignWithCondition(key: string, siteId: number, name: string, value: string) {
  const { ac_id } = expectData(await w.post('create_ac', key, { site_id: siteId, name })) as { ac_id: number };
  const { ac_condition_group_id } = expectData(await w.post('create_ac_condition_group', key, { ac_id, name: 'utm' })) as {
    ac_condition_group_id: number;
  };
  const { ac_condition_id } = expectData(
    await w.post('create_ac_condition', key, {
      ac_condition_group_id,
      ac_parameter: 'utm_source',
      ac_operator: '=',
      value,
      is_negative: false,
      ac_id,
    }),
  ) as { ac_condition_id: number };
  return { ac_id, ac_condition_group_id, ac_condition_id };
}

describe('sites', () => {
  it('site lists the customer’s sites; create_site adds one with keys that serve page views at once', async () => {
    expect(expectData(await w.get('site', { session_key: a }))).toEqual([
      { id: 1, domain: 'a.test', site_key: 'site-1', widget_key: 'wk-1' },
    ]);
    const made = expectData(
      await w.post('create_site', a, { domain: 'New.Example.com', user_phone: '+7 (495) 111-22-33', target_call_min_duration: 30 }),
    ) as {
      id: number;
      site_key: string;
      widget_key: string;
    };
    expect(made).toEqual({ id: expect.any(Number), site_key: expect.stringMatching(/^s-/), widget_key: expect.stringMatching(/^wk-/) });
    expect(rows('SELECT customer_id, domain, user_phone, target_call_min_duration FROM sites WHERE id = ?', made.id)).toEqual([
      { customer_id: 1, domain: 'new.example.com', user_phone: '74951112233', target_call_min_duration: 30 },
    ]);
    const list = expectData(await w.get('site', { session_key: a })) as Array<{ id: number }>;
    expect(list.map((s) => s.id)).toEqual([1, made.id]);
    expect((await w.pageView(made.site_key, 'https://new.example.com/')).status).toBe(200);
  });

  it('create_site validates its parameters', async () => {
    expectError(await w.post('create_site', a, { user_phone: '74951112233' }), 400, 100400);
    expectError(await w.post('create_site', a, { domain: 'not a host', user_phone: '74951112233' }), 400, 100422);
    expectError(await w.post('create_site', a, { domain: 'x.test', user_phone: 'call me' }), 400, 100422);
    expectError(await w.post('create_site', a, { domain: 'x.test', user_phone: '74951112233', target_call_min_duration: -1 }), 400, 100422);
  });
});

describe('campaigns and conditions', () => {
  it('ac lists campaigns (of a site), 211400 for another customer’s site', async () => {
    const c1 = await campaignWithCondition(a, 1, 'One', 'one');
    expect(expectData(await w.get('ac', { session_key: a }))).toEqual([{ id: c1.ac_id, name: 'One', site_id: 1 }]);
    expect(expectData(await w.get('ac', { session_key: a, site_id: 1 }))).toEqual([{ id: c1.ac_id, name: 'One', site_id: 1 }]);
    expectError(await w.get('ac', { session_key: a, site_id: 3 }), 403, 211400);
    expect((await w.get('ac', { session_key: a, site_id: 3 })).json().message).toBe('211400: Invalid customer for site 3');
    expectError(await w.get('ac', { session_key: a, site_id: 999 }), 403, 211400);
  });

  it('create_ac: 100501 for a site that is not the user’s, 100502 for a duplicate name', async () => {
    expectData(await w.post('create_ac', a, { site_id: 1, name: 'Dup' }));
    expect((await w.post('create_ac', a, { site_id: 1, name: 'Dup' })).json()).toEqual({
      success: false,
      message: '100502: Duplicate ac name',
    });
    expectError(await w.post('create_ac', a, { site_id: 1, name: 'Dup' }), 409, 100502);
    expect((await w.post('create_ac', a, { site_id: 3, name: 'X' })).json()).toEqual({ success: false, message: '100501: Database error' });
    expectError(await w.post('create_ac', a, { site_id: 3, name: 'X' }), 403, 100501);
    expectError(await w.post('create_ac', a, { site_id: 1, name: '' }), 400, 100422);
    expect(rows("SELECT id FROM ad_campaigns WHERE name = 'X'")).toEqual([]);
  });

  it('ac_condition returns the settings record with conditions and blocks as JSON text, in the document’s shape', async () => {
    const c = await campaignWithCondition(a, 1, 'Shape', 'ya');
    const neg = expectData(
      await w.post('create_ac_condition', a, {
        ac_condition_group_id: c.ac_condition_group_id,
        ac_parameter: 'referrer',
        ac_operator: '~',
        value: '^https?://ads\\.',
        is_negative: true,
      }),
    ) as { ac_condition_id: number };
    const block = expectData(
      await w.post('number_block', a, {
        ac_id: c.ac_id,
        name: 'Main',
        selector: 'number=74951234567',
        numb: '74957770099',
        forward_numb: '74951234567',
        phone_type: 'virtual',
        dt_pool_numbers: ['74990000101', '74990000102'],
      }),
    ) as { id: number };
    const plain = expectData(await w.post('number_block', a, { ac_id: c.ac_id, name: 'Plain', selector: '#p', numb: '74957770098' })) as {
      id: number;
    };
    const [rec] = expectData(await w.get('ac_condition', { session_key: a, id: c.ac_id })) as Array<Record<string, unknown>>;
    expect(rec).toEqual({ ac_id: c.ac_id, is_dt_enabled: true, ac_conditions: expect.any(String), site_blocks: expect.any(String) });
    expect(JSON.parse(rec!.ac_conditions as string)).toEqual([
      {
        ac_condition_group_id: c.ac_condition_group_id,
        ac_condition_group_name: 'utm',
        id: c.ac_condition_id,
        ac_parameter: 'utm_source',
        ac_operator: '=',
        value: 'ya',
        is_negative: false,
      },
      {
        ac_condition_group_id: c.ac_condition_group_id,
        ac_condition_group_name: 'utm',
        id: neg.ac_condition_id,
        ac_parameter: 'referrer',
        ac_operator: '~',
        value: '^https?://ads\\.',
        is_negative: true,
      },
    ]);
    expect(JSON.parse(rec!.site_blocks as string)).toEqual([
      {
        id: block.id,
        name: 'Main',
        phone_type: 'virtual',
        numb: '74957770099',
        forward_numb: '74951234567',
        is_dt_enabled: true,
        dt_number_pool_numbers: ['74990000101', '74990000102'],
      },
      {
        id: plain.id,
        name: 'Plain',
        phone_type: null,
        numb: '74957770098',
        forward_numb: null,
        is_dt_enabled: false,
        dt_number_pool_numbers: [null],
      },
    ]);
    expectError(await w.get('ac_condition', { session_key: a, id: 99999 }), 404, 100410);
    expectError(await w.get('ac_condition', { session_key: a }), 400, 100400);
  });

  it('create_ac_condition validates the document’s parameters and operators; delete_ac_condition removes one', async () => {
    const c = await campaignWithCondition(a, 1, 'V', 'v');
    const base = {
      ac_condition_group_id: c.ac_condition_group_id,
      ac_parameter: 'utm_source',
      ac_operator: '=',
      value: 'x',
      is_negative: false,
    };
    for (const p of [
      'os_ad_id',
      'os_campaign_id',
      'os_service_name',
      'os_source_id',
      'utm_campaign',
      'utm_content',
      'utm_medium',
      'utm_term',
      'ef_id',
      'gclid',
      'yclid',
      'town',
      'country',
      'search_engine',
      'search_query',
      'referrer',
      'url',
    ]) {
      expectData(await w.post('create_ac_condition', a, { ...base, ac_parameter: p }));
    }
    expectData(await w.post('create_ac_condition', a, { ...base, ac_operator: 'sub' }));
    expectError(await w.post('create_ac_condition', a, { ...base, ac_parameter: 'utm_sauce' }), 400, 100422);
    expectError(await w.post('create_ac_condition', a, { ...base, ac_operator: '!=' }), 400, 100422);
    expectError(await w.post('create_ac_condition', a, { ...base, ac_operator: '~', value: '(' }), 400, 100422);
    expectError(await w.post('create_ac_condition', a, { ...base, ac_operator: '~', value: '(a)\\1' }), 400, 100422);
    expectError(await w.post('create_ac_condition', a, { ...base, is_negative: 'maybe' }), 400, 100422);
    expectError(await w.post('create_ac_condition', a, { ...base, value: undefined }), 400, 100400);
    expectError(await w.post('create_ac_condition', a, { ...base, ac_condition_group_id: 99999 }), 404, 100410);
    const other = await campaignWithCondition(a, 1, 'Other', 'o');
    expectError(await w.post('create_ac_condition', a, { ...base, ac_id: other.ac_id }), 400, 100422);
    expectError(await w.post('create_ac_condition_group', a, { ac_id: 99999, name: 'g' }), 404, 100410);

    expect((await w.post('delete_ac_condition', a, { ac_id: c.ac_id, ac_condition_id: c.ac_condition_id })).json()).toEqual({
      success: true,
    });
    expect(rows('SELECT id FROM ac_conditions WHERE id = ?', c.ac_condition_id)).toEqual([]);
    expectError(await w.post('delete_ac_condition', a, { ac_id: c.ac_id, ac_condition_id: c.ac_condition_id }), 404, 100410);
    // A condition named with another campaign of the customer is not deleted.
    expectError(await w.post('delete_ac_condition', a, { ac_id: c.ac_id, ac_condition_id: other.ac_condition_id }), 404, 100410);
    expect(rows('SELECT id FROM ac_conditions WHERE id = ?', other.ac_condition_id)).toHaveLength(1);
  });

  it('a campaign made or changed through the API decides the next page view, without a restart', async () => {
    expect((await w.pageView('site-1', 'https://a.test/?utm_source=api')).ac).toBe(-1);
    const c = await campaignWithCondition(a, 1, 'Live', 'api');
    expectData(await w.post('number_block', a, { ac_id: c.ac_id, name: 'Main', selector: '#phone', numb: '74957770042' }));
    const pv = await w.pageView('site-1', 'https://a.test/?utm_source=api');
    expect(pv.ac).toBe(c.ac_id);
    expect(pv.numbers).toContain('74957770042');
    expect((await w.pageView('site-1', 'https://a.test/?utm_source=other')).ac).toBe(-1);
    expectData(await w.post('delete_ac_condition', a, { ac_id: c.ac_id, ac_condition_id: c.ac_condition_id }));
    expect((await w.pageView('site-1', 'https://a.test/?utm_source=api')).ac).toBe(-1);
  });
});

describe('a campaign made through the API survives a restart', () => {
  it('matches after the server is started again on the same database file; the demo seed never reaches an old database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-api-'));
    const file = join(dir, 'svc.db');
    const memory = w;
    try {
      w = await apiWorld(file);
      const c = await campaignWithCondition(await w.login('a'), 1, 'Kept', 'kept');
      await w.server.close();
      w = await apiWorld(file);
      expect((await w.pageView('site-1', 'https://a.test/?utm_source=kept')).ac).toBe(c.ac_id);
      // The seed ran once: the same five users, not seeded twice.
      expect(w.server.db.prepare('SELECT count(*) AS n FROM api_users').get()).toEqual({ n: 5 });
      // A database with customers and no API users (one made before the API) gets no demo users.
      w.server.db.prepare('DELETE FROM api_sessions').run();
      w.server.db.prepare('DELETE FROM api_users').run();
      await w.server.close();
      w = await apiWorld(file);
      expect(w.server.db.prepare('SELECT count(*) AS n FROM api_users').get()).toEqual({ n: 0 });
      await w.server.close();
    } finally {
      w = memory;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000); // three server starts with scrypt hashing: slow on a busy machine
});

describe('number blocks (extension)', () => {
  it('creates, lists, changes and deletes a campaign’s or a site’s block with its DT pool', async () => {
    const c = await campaignWithCondition(a, 1, 'B', 'b');
    const { id } = expectData(
      await w.post('number_block', a, {
        ac_id: c.ac_id,
        name: 'N',
        selector: '.phone',
        numb: '74957770001',
        dt_pool_numbers: ['74990000001'],
      }),
    ) as { id: number };
    expect(expectData(await w.get('number_block', { session_key: a, ac_id: c.ac_id }))).toEqual([
      {
        id,
        name: 'N',
        phone_type: null,
        numb: '74957770001',
        forward_numb: null,
        is_dt_enabled: true,
        dt_number_pool_numbers: ['74990000001'],
        selector: '.phone',
        ac_id: c.ac_id,
        site_id: 1,
      },
    ]);
    expectData(await w.post('number_block', a, { id, dt_pool_numbers: [], forward_numb: '+74951234567' }, { action: 'PUT' }));
    expect(rows('SELECT is_dt_enabled, forward_numb, numb FROM site_blocks WHERE id = ?', id)).toEqual([
      { is_dt_enabled: 0, forward_numb: '+74951234567', numb: '74957770001' },
    ]);
    expect(rows('SELECT number FROM dt_pool_numbers WHERE block_id = ?', id)).toEqual([]);
    const site = expectData(
      await w.post('number_block', a, { site_id: 1, name: 'Default', selector: 'number=74951234567', numb: '74957770002' }),
    ) as { id: number };
    expect((expectData(await w.get('number_block', { session_key: a, site_id: 1 })) as Array<{ id: number }>).map((b) => b.id)).toEqual([
      site.id,
    ]);
    expectData(await w.post('number_block', a, { id: site.id }, { action: 'DELETE' }));
    expect(rows('SELECT id FROM site_blocks WHERE id = ?', site.id)).toEqual([]);
    expectError(await w.post('number_block', a, { name: 'N', selector: '#x' }), 400, 100400);
    expectError(await w.post('number_block', a, { site_id: 1, name: 'N', selector: 'div > p' }), 400, 100422);
    expectError(await w.post('number_block', a, { site_id: 1, name: 'N', selector: '#x', dt_pool_numbers: ['1', '2'] }), 400, 100422);
    expectError(
      await w.post('number_block', a, { site_id: 1, name: 'N', selector: '#x', dt_pool_numbers: ['74990000001', '74990000001'] }),
      400,
      100422,
    );
    expectError(await w.post('number_block', a, { id: 99999 }, { action: 'DELETE' }), 404, 100410);
  });
});

describe('agent functions', () => {
  it('customer_list and agent_tp answer the agent’s customers and the tariff plans; customers get 102403', async () => {
    const x = await w.login('x');
    expect(expectData(await w.get('customer_list', { session_key: x }))).toEqual([
      { id: 1, name: 'A', state: 'active' },
      { id: 2, name: 'B', state: 'active' },
    ]);
    expect(expectData(await w.get('agent_tp', { session_key: x }))).toEqual([
      { id: 1, name: 'Start' },
      { id: 2, name: 'Business' },
    ]);
    expectError(await w.get('customer_list', { session_key: a }), 403, 102403);
    expectError(await w.get('agent_tp', { session_key: a }), 403, 102403);
  });

  const newCustomer = {
    customer_name: 'New Co',
    tp_id: 2,
    monthly_base_limit: 10000,
    monthly_base_notify_limit: 8000,
    monthly_base_notify_email: 'base@new.test',
    monthly_calls_limit: 5000,
    monthly_calls_notify_limit: 4000,
    monthly_calls_notify_email: 'calls@new.test',
    daily_calls_limit: 500,
    daily_calls_notify_limit: 400,
    daily_calls_notify_email: 'daily@new.test',
    email: 'owner@new.test',
    password: 'new-password',
  };

  it('create_agent_customer makes a waiting customer that cannot log in or serve pages until activated; activation charges the agent', async () => {
    const x = await w.login('x');
    const { customer_id: id } = expectData(await w.post('create_agent_customer', x, newCustomer)) as { customer_id: number };
    expect(rows('SELECT name, state, agent_id, tp_id, email, time_zone FROM customers WHERE id = ?', id)).toEqual([
      { name: 'New Co', state: 'waiting', agent_id: 1, tp_id: 2, email: 'owner@new.test', time_zone: 'Europe/Moscow' },
    ]);
    expect(JSON.parse(rows('SELECT limits FROM customers WHERE id = ?', id)[0]!.limits as string)).toMatchObject({
      monthly_base_limit: 10000,
      daily_calls_notify_email: 'daily@new.test',
    });
    const login = { method: 'POST' as const, url: '/api/login/', payload: { login: 'owner@new.test', password: 'new-password' } };
    expectError(await w.server.app.inject(login), 403, 102405);
    // The agent sets it up before activation: a site, which serves no page yet.
    const site = expectData(await w.post('create_site', x, { domain: 'new.test', user_phone: '74950001122', customer_id: id })) as {
      site_key: string;
    };
    expect((await w.pageView(site.site_key, 'https://new.test/')).status).toBe(404);
    expect((await w.get('customer_list', { session_key: x })).json().data).toContainEqual({ id, name: 'New Co', state: 'waiting' });

    w.clock.ms = Date.UTC(2026, 10, 24, 22, 30); // 01:30 on the 25th in Moscow
    const x2 = await w.login('x');
    expect((await w.post('activate_agent_customer', x2, { customer_id: id })).json()).toEqual({ success: true });
    expect(rows('SELECT state FROM customers WHERE id = ?', id)).toEqual([{ state: 'active' }]);
    expect(rows('SELECT agent_id, customer_id, kind, tp_id, day, amount_kopecks FROM agent_charges WHERE customer_id = ?', id)).toEqual([
      { agent_id: 1, customer_id: id, kind: 'tp', tp_id: 2, day: '2026-11-25', amount_kopecks: 9900 },
    ]);
    expectData(await w.server.app.inject(login));
    expect((await w.pageView(site.site_key, 'https://new.test/')).status).toBe(200);
    // Activating twice charges once.
    expectError(await w.post('activate_agent_customer', x2, { customer_id: id }), 409, 100409);
    expect(rows('SELECT id FROM agent_charges WHERE customer_id = ?', id)).toHaveLength(1);
  });

  it('create_agent_customer validates every parameter', async () => {
    const x = await w.login('x');
    for (const k of Object.keys(newCustomer)) {
      const { [k]: _gone, ...rest } = newCustomer as Record<string, unknown>;
      expectError(await w.post('create_agent_customer', x, rest), 400, 100400);
    }
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, tp_id: 99 }), 404, 100410);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, email: 'not-mail' }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, monthly_calls_notify_email: 'x' }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, daily_calls_limit: -1 }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, daily_calls_notify_limit: 501 }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, password: 'short' }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, time_zone: 'Mars/Base' }), 400, 100422);
    expectData(await w.post('create_agent_customer', x, { ...newCustomer, time_zone: 'Asia/Yekaterinburg' }));
    expectError(await w.post('create_agent_customer', x, newCustomer), 409, 100503);
    expectError(await w.post('create_agent_customer', a, newCustomer), 403, 102403);
  });
});

describe('tags, employees, numa lists', () => {
  it('tag lists the customer’s tags from the database', async () => {
    expect(expectData(await w.get('tag', { session_key: a }))).toEqual([
      { id: expect.any(Number), name: 'Target' },
      { id: expect.any(Number), name: 'Sale' },
    ]);
    expect(expectData(await w.get('tag', { session_key: a, limit: 1, offset: 1 }))).toEqual([{ id: expect.any(Number), name: 'Sale' }]);
  });

  it('employee lists the customer’s employees, with each filter', async () => {
    const all = expectData(await w.get('employee', { session_key: a })) as Array<Record<string, unknown>>;
    expect(all).toEqual([
      {
        id: 11,
        last_name: 'Ivanova',
        first_name: 'Anna',
        patronymic: 'Petrovna',
        full_name: 'Ivanova Anna Petrovna',
        email: 'e11@x.test',
        is_consultant_operator_active: false,
        extension: '101',
        phones: ['74951110011'],
      },
      {
        id: 12,
        last_name: 'Petrov',
        first_name: 'Boris',
        patronymic: null,
        full_name: 'Petrov Boris',
        email: 'e12@x.test',
        is_consultant_operator_active: false,
        extension: null,
        phones: ['74951110012', '79161234567'],
      },
    ]);
    const ids = async (q: Record<string, unknown>) =>
      (expectData(await w.get('employee', { session_key: a, ...q })) as Array<{ id: number }>).map((e) => e.id);
    expect(await ids({ id: 12 })).toEqual([12]);
    expect(await ids({ id: 31 })).toEqual([]);
    expect(await ids({ last_name: 'Ivanova' })).toEqual([11]);
    expect(await ids({ first_name: 'Boris' })).toEqual([12]);
    expect(await ids({ patronymic: 'Petrovna' })).toEqual([11]);
    expect(await ids({ sip_line: '101' })).toEqual([11]);
    expect(await ids({ sip_line: '79161234567' })).toEqual([12]);
    expect(await ids({ sip_line: '7916' })).toEqual([]);
    expect(await ids({ last_name: 'Ivanova', first_name: 'Boris' })).toEqual([]);
    expectError(await w.get('employee', { session_key: a, sip_line: "1' OR 1=1" }), 400, 100422);
  });

  it('create_numa_list, add_number_to_numa_list and remove_number_from_numa_list keep the list', async () => {
    const { numa_list_id: id } = expectData(await w.post('create_numa_list', a, { name: 'Blocked' })) as { numa_list_id: number };
    expect((await w.post('add_number_to_numa_list', a, { numa_list_id: id, number: '+7 (916) 123-45-67' })).json()).toEqual({
      success: true,
    });
    expectData(await w.post('add_number_to_numa_list', a, { numa_list_id: id, number: '79161234567' }));
    expectData(await w.post('add_number_to_numa_list', a, { numa_list_id: id, number: '74950000000' }));
    expect(rows('SELECT number FROM numa_list_numbers WHERE list_id = ? ORDER BY number', id)).toEqual([
      { number: '74950000000' },
      { number: '79161234567' },
    ]);
    expect((await w.post('remove_number_from_numa_list', a, { numa_list_id: id, number: '79161234567' })).json()).toEqual({
      success: true,
    });
    expect(rows('SELECT number FROM numa_list_numbers WHERE list_id = ?', id)).toEqual([{ number: '74950000000' }]);
    expectError(await w.post('remove_number_from_numa_list', a, { numa_list_id: id, number: '79161234567' }), 404, 100410);
    expectError(await w.post('add_number_to_numa_list', a, { numa_list_id: id, number: 'abc' }), 400, 100422);
    expectError(await w.post('add_number_to_numa_list', a, { numa_list_id: 99999, number: '74950000000' }), 404, 100410);
    expectError(await w.post('create_numa_list', a, {}), 400, 100400);
  });
});

// Every success answer above was checked against its function's declared response schema (the one
// the OpenAPI document shows, api-helpers.ts checkAnswer); this makes sure none was left out.
afterAll(() => {
  // The reports are answered in api-reports.test.ts, the numbers and charges in
  // api-numbers-charges.test.ts, the call legs in telephony-reports.test.ts, each checking its
  // share the same way.
  const mine = API_FUNCTIONS.map((f) => `${f.verb} ${f.name}`).filter(
    (n) => !REPORT_FUNCTIONS.has(n) && !NUMBER_FUNCTIONS.has(n) && !CALL_LEG_FUNCTIONS.has(n) && !ERASURE_FUNCTIONS.has(n),
  );
  expect([...answered].sort()).toEqual(mine.sort());
});

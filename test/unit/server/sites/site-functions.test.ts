import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiWorld,
  blocksWorldEachTest,
  campaignWithCondition,
  expectAnswered,
  expectData,
  expectError,
  type ApiWorld,
  type BlocksWorld,
} from '../api-helpers.js';

let w: ApiWorld;
let a: string;
let rows: BlocksWorld['rows'];
blocksWorldEachTest((x) => ({ w, a, rows } = x));

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
    const c1 = await campaignWithCondition(w, a, 1, 'One', 'one');
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
    const c = await campaignWithCondition(w, a, 1, 'Shape', 'ya');
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
    const c = await campaignWithCondition(w, a, 1, 'V', 'v');
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
    const other = await campaignWithCondition(w, a, 1, 'Other', 'o');
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
    const c = await campaignWithCondition(w, a, 1, 'Live', 'api');
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
      const c = await campaignWithCondition(w, await w.login('a'), 1, 'Kept', 'kept');
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

// Every success answer above was checked against its function's declared response schema (the one
// the OpenAPI document shows, api-helpers.ts checkAnswer); this makes sure none of the site and campaign functions was left out.
afterAll(() =>
  expectAnswered([
    'GET site',
    'POST create_site',
    'GET ac',
    'POST create_ac',
    'GET ac_condition',
    'POST create_ac_condition_group',
    'POST create_ac_condition',
    'POST delete_ac_condition',
  ]),
);

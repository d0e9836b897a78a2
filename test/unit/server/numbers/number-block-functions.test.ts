import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiWorld, expectAnswered, expectData, expectError, giveNumbers, NUMBER_BLOCK_FUNCTIONS, type ApiWorld } from '../api-helpers.js';

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

// Every success answer above was checked against its function's declared response schema (the one
// the OpenAPI document shows, api-helpers.ts checkAnswer); this makes sure none of the number block verbs was left out.
afterAll(() => expectAnswered(NUMBER_BLOCK_FUNCTIONS));

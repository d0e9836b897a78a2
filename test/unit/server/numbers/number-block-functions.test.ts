import { afterAll, describe, expect, it } from 'vitest';
import {
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

describe('number blocks (extension)', () => {
  it('creates, lists, changes and deletes a campaign’s or a site’s block with its DT pool', async () => {
    const c = await campaignWithCondition(w, a, 1, 'B', 'b');
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
      { is_dt_enabled: 0, forward_numb: '74951234567', numb: '74957770001' },
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
afterAll(() => expectAnswered(['GET number_block', 'POST number_block', 'PUT number_block', 'DELETE number_block']));

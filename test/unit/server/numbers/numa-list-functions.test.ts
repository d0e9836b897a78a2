import { afterAll, describe, expect, it } from 'vitest';
import { blocksWorldEachTest, expectAnswered, expectData, expectError, type ApiWorld, type BlocksWorld } from '../api-helpers.js';

let w: ApiWorld;
let a: string;
let rows: BlocksWorld['rows'];
// Signed in as `a`, with the numbers A's blocks show: the operator gave them to A.
blocksWorldEachTest((x) => ({ w, a, rows } = x));

describe('numa lists', () => {
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
// the OpenAPI document shows, api-helpers.ts checkAnswer); this makes sure none of the numa list functions was left out.
afterAll(() => expectAnswered(['POST create_numa_list', 'POST add_number_to_numa_list', 'POST remove_number_from_numa_list']));

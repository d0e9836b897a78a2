import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPhone } from '../../../../src/server/api/phone.js';
import { blocksWorld, expectData, type ApiWorld, type BlocksWorld } from '../api-helpers.js';

/** Phone arguments are held to the numbering plan and stored as digits with the country code. */
describe('a phone number read by its numbering plan', () => {
  it('reads the spellings of a Russian number as one number, and a foreign one by its code', () => {
    for (const s of ['+7 (495) 123-45-67', '8 (495) 123-45-67', '74951234567', '495 123 45 67'])
      expect(readPhone(s), s).toEqual({ digits: '74951234567' });
    expect(readPhone('+44 20 7946 0958')).toEqual({ digits: '442079460958' });
    expect(readPhone('+1 415 555 0100')).toEqual({ digits: '14155550100' });
  });

  it('says in plain words what is wrong: a digit short, too many, no such range, no such country', () => {
    expect(readPhone('+7 (495) 123-45-6')).toEqual({ problem: 'not a complete phone number for Russia (+7 …, 11 digits)' });
    expect(readPhone('+44 20 7946')).toEqual({ problem: 'not a complete phone number for United Kingdom (+44 …, 12 digits)' });
    expect(readPhone('+7 (000) 123-45-67')).toEqual({ problem: 'no such number in the numbering plan of Russia (+7 …, 11 digits)' });
    expect(readPhone('+999 1234567')).toEqual({ problem: 'no country has this code; write the number with + and its country code' });
    expect(readPhone('call me')).toEqual({ problem: 'not a phone number: use digits, spaces, brackets and dashes, + in front' });
    // Without +, a number is read as Russian: a US number needs its +1.
    expect(readPhone('14155550100')).toEqual({ problem: 'wrong number of digits for a phone number of Russia (+7 …, 11 digits)' });
  });
});

describe('the REST functions that take a phone', () => {
  let w: ApiWorld;
  let a: string;
  let rows: BlocksWorld['rows'];
  beforeEach(async () => {
    ({ w, a, rows } = await blocksWorld());
  });
  afterEach(async () => {
    await w.server.close();
  });

  it('create_site refuses a number a digit short, naming the field, and stores nothing', async () => {
    const r = await w.post('create_site', a, { domain: 'short.test', user_phone: '+7 (495) 123-45-6' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      success: false,
      message: '100422: Invalid parameter user_phone: not a complete phone number for Russia (+7 …, 11 digits)',
      field: 'user_phone',
    });
    expect(rows("SELECT id FROM sites WHERE domain = 'short.test'")).toEqual([]);
  });

  it('create_site stores a number written with 8 as the digits with the country code', async () => {
    const { id } = expectData(await w.post('create_site', a, { domain: 'eight.test', user_phone: '8 (495) 123-45-67' })) as { id: number };
    expect(rows('SELECT user_phone FROM sites WHERE id = ?', id)).toEqual([{ user_phone: '74951234567' }]);
  });

  it('a numa list takes a caller’s number by the plan and gives it back however it is written', async () => {
    const { numa_list_id: list } = expectData(await w.post('create_numa_list', a, { name: 'VIP' })) as { numa_list_id: number };
    const short = await w.post('add_number_to_numa_list', a, { numa_list_id: list, number: '8 916 123-45-6' });
    expect(short.json()).toMatchObject({ success: false, field: 'number' });
    expectData(await w.post('add_number_to_numa_list', a, { numa_list_id: list, number: '8 916 123-45-67' }));
    expect(rows('SELECT number FROM numa_list_numbers WHERE list_id = ?', list)).toEqual([{ number: '79161234567' }]);
    expectData(await w.post('remove_number_from_numa_list', a, { numa_list_id: list, number: '+7 916 123 45 67' }));
    expect(rows('SELECT number FROM numa_list_numbers WHERE list_id = ?', list)).toEqual([]);
  });

  it('every argument error names its argument in `field`; an error of no one argument names none', async () => {
    expect((await w.post('create_site', a, { user_phone: '74951112233' })).json()).toMatchObject({ field: 'domain' });
    expect((await w.post('create_site', a, { domain: 'x.test', user_phone: '74951112233', colour: 1 })).json()).toMatchObject({
      field: 'colour',
    });
    const blank = (await w.post('create_ac', a, { site_id: 1, name: ' ' })).json();
    expect(blank).toEqual({ success: false, message: '100422: Invalid parameter name: cannot be empty', field: 'name' });
    const duplicate = await w.post('create_ac', a, { site_id: 1, name: 'Dup' });
    expectData(duplicate);
    expect((await w.post('create_ac', a, { site_id: 1, name: 'Dup' })).json()).toEqual({
      success: false,
      message: '100502: Duplicate ac name',
    });
  });
});

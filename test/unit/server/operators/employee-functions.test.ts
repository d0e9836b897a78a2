import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiWorld, expectAnswered, expectData, expectError, giveNumbers, type ApiWorld } from '../api-helpers.js';

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

describe('employee', () => {
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
});

// Every success answer above was checked against its function's declared response schema (the one
// the OpenAPI document shows, api-helpers.ts checkAnswer); this makes sure none of the employee functions was left out.
afterAll(() => expectAnswered(['GET employee']));

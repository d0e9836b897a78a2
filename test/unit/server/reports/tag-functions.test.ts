import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiWorld, expectAnswered, expectData, giveNumbers, type ApiWorld } from '../api-helpers.js';

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

describe('tag', () => {
  it('tag lists the customer’s tags from the database', async () => {
    expect(expectData(await w.get('tag', { session_key: a }))).toEqual([
      { id: expect.any(Number), name: 'Target' },
      { id: expect.any(Number), name: 'Sale' },
    ]);
    expect(expectData(await w.get('tag', { session_key: a, limit: 1, offset: 1 }))).toEqual([{ id: expect.any(Number), name: 'Sale' }]);
  });
});

// Every success answer above was checked against its function's declared response schema (the one
// the OpenAPI document shows, api-helpers.ts checkAnswer); this makes sure none of the tag functions was left out.
afterAll(() => expectAnswered(['GET tag']));

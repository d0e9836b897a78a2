import { expect, it } from 'vitest';
import { API_FUNCTIONS } from '../../../../src/server/rest-functions.js';
import { FUNCTION_SHARES } from '../api-helpers.js';

// Each test file of REST functions checks that its share was answered; this holds the shares to
// every function the server answers, each in exactly one share.
it('every REST function is in exactly one test file’s share', () => {
  const shares = Object.values(FUNCTION_SHARES).flatMap((s) => [...s]);
  expect(new Set(shares).size).toBe(shares.length);
  expect(shares.sort()).toEqual(API_FUNCTIONS.map((f) => `${f.verb} ${f.name}`).sort());
});

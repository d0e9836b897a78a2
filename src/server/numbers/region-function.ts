import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import { regionsWithFreeNumbers } from './free-regions.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the regions `buy_number` takes, with how many numbers
 * each still has free, so a buyer picks a region that has some.
 */
export const region = apiFunction({
  name: 'region',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  summary: 'the regions numbers can be bought in, with their category and how many are free',
  args: z.object({}),
  response: z.array(z.strictObject({ region: z.string(), category: z.string(), free: z.number().int() })),
  async run(ctx) {
    return regionsWithFreeNumbers(ctx.store.db);
  },
});

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
  tag: 'numbers',
  summary: 'Regions with free numbers (extension)',
  description: 'The regions `buy_number` takes: `{region, category, free}`, `free` the numbers still to be had. Not in the REST document.',
  args: z.object({}),
  response: z.array(z.strictObject({ region: z.string(), category: z.string(), free: z.number().int() })),
  async run(ctx) {
    return regionsWithFreeNumbers(ctx.store.db);
  },
});

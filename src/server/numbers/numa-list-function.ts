import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import { numaListsOf } from './numa-lists.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the customer's caller-number lists with their numbers;
 * the document writes them (`create_numa_list`, `add_number_to_numa_list`) but lists none.
 */
export const numaList = apiFunction({
  name: 'numa_list',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'numbers',
  summary: 'List numa lists (extension)',
  description: "The customer's caller-number lists with their numbers: `{id, name, numbers}`. Not in the REST document.",
  args: z.object({}),
  response: z.array(z.strictObject({ id: z.number().int(), name: z.string(), numbers: z.array(z.string()) })),
  async run(ctx) {
    return numaListsOf(ctx.store.db, ctx.customer.id);
  },
});

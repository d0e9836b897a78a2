import { z } from 'zod';
import { id, text } from '../api/args.js';
import { phone, readPhone } from '../api/phone.js';
import { apiErrors } from '../api/errors.js';
import { acknowledgement, apiFunction, type CustomerContext } from '../api/function.js';
import { addNumaNumber, createNumaList, numaListOwner, removeNumaNumber } from './numa-lists.js';

/**
 * Caller-number (numa) lists (docs/spec/rest-api.md, "Numbers, forwarding, scenarios, numa
 * lists"). They are stored here; what they do to calls comes with the calls.
 */

/** A caller's number as stored: checked by its plan, digits with the country code (`+7 (495) 123-45-67` is `74951234567`). */
const number = phone();
/** A number to take off a list: as stored (lists made before the plan's check hold plain digits), or as typed. */
const listed = z
  .string()
  .trim()
  .regex(/^\+?[\d\s().-]{3,40}$/, 'a phone number');

async function ownList(ctx: CustomerContext, listId: number): Promise<void> {
  if ((await numaListOwner(ctx.store.db, listId)) !== ctx.customer.id) throw apiErrors.notFound('numa_list', listId);
}

export const createNumaListFn = apiFunction({
  name: 'create_numa_list',
  verb: 'POST',
  scope: 'customer',
  tag: 'numbers',
  summary: 'Create a numa list',
  description: 'Creates a caller-number list. Answers `{numa_list_id}`.',
  args: z.object({ name: text() }),
  response: z.strictObject({ numa_list_id: z.number().int() }),
  async run(ctx, a) {
    return { numa_list_id: await createNumaList(ctx.store.db, ctx.customer.id, a.name) };
  },
});

export const addNumberToNumaList = apiFunction({
  name: 'add_number_to_numa_list',
  verb: 'POST',
  scope: 'customer',
  tag: 'numbers',
  summary: 'Add a number to a numa list',
  description: 'Adds a number to a caller-number list; a number already on it stays once.',
  names: { numa_list_id: 'numa_list' },
  args: z.object({ numa_list_id: id(), number }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownList(ctx, a.numa_list_id);
    await addNumaNumber(ctx.store.db, a.numa_list_id, a.number);
    return undefined;
  },
});

export const removeNumberFromNumaList = apiFunction({
  name: 'remove_number_from_numa_list',
  verb: 'POST',
  scope: 'customer',
  tag: 'numbers',
  summary: 'Remove a number from a numa list',
  description: 'Removes a number from a caller-number list (`100410` when it is not on it).',
  names: { numa_list_id: 'numa_list' },
  args: z.object({ numa_list_id: id(), number: listed }),
  response: acknowledgement,
  async run(ctx, a) {
    await ownList(ctx, a.numa_list_id);
    const read = readPhone(a.number);
    const forms = [...new Set(['digits' in read ? read.digits : '', a.number.replace(/\D/g, '')])].filter(Boolean);
    let removed = false;
    for (const n of forms) removed = (await removeNumaNumber(ctx.store.db, a.numa_list_id, n)) || removed;
    if (!removed) throw apiErrors.notFound('number', a.number);
    return undefined;
  },
});

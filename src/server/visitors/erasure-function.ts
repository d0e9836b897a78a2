import { z } from 'zod';
import { eraseOnSite } from './erasure.js';
import { visitorOfCustomer } from './visitor-record.js';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction } from '../api/function.js';

/**
 * `DELETE erase_visitor` (an extension): erases a visitor of one of the customer's sites on the
 * visitor's request, or with `person_id` the person and every visitor joined into it. What goes
 * and what is kept (calls, anonymised, for billing) is in visitors/erasure.ts and the README.
 */
export const eraseVisitor = apiFunction({
  name: 'erase_visitor',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'visitors',
  summary: 'Erase a visitor (extension)',
  description:
    'Erases a visitor (`visitor_id`) or a person (`person_id`) on request: its data go, its calls stay without the ' +
    'caller’s number. Not in the REST document.',
  names: { visitor_id: 'visitor', person_id: 'person' },
  args: z.object({ visitor_id: id().optional(), person_id: id().optional() }),
  response: z.array(
    z.strictObject({
      visitors: z.number().int().describe('visitor records erased'),
      sessions: z.number().int(),
      hits: z.number().int(),
      goals: z.number().int(),
      chats: z.number().int().describe('chats erased with their messages'),
      requests: z.number().int().describe('offline messages erased'),
      calls_anonymised: z.number().int().describe("calls kept for billing, without the caller's number and the visitor"),
    }),
  ),
  async run(ctx, a) {
    if ((a.visitor_id === undefined) === (a.person_id === undefined))
      throw apiErrors.invalid('visitor_id', 'give visitor_id or person_id, one of them');
    const which = a.visitor_id ?? a.person_id!;
    const what = a.visitor_id !== undefined ? 'visitor' : 'person';
    // A person's id is one of its visitors' ids: its site is that visitor's.
    const v = await visitorOfCustomer(ctx.store.db, which, ctx.customer.id);
    if (!v) throw apiErrors.notFound(what, which);
    const done = await eraseOnSite(ctx.store, v.site_id, what === 'visitor' ? { visitor: which } : { person: which });
    if (!done) throw apiErrors.notFound(what, which);
    return [done.erased];
  },
});

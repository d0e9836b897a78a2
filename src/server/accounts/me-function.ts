import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import { customersOfAgent } from '../identity/customers.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): who the session is, as the site owner's app opens: a
 * customer's login with its customer and time zone, or an agent with all its customers (a
 * `customer_id` is checked but lists no fewer). An employee's answer is the app's employee route's.
 */

const customerRecord = z.strictObject({ id: z.number().int(), name: z.string(), state: z.string(), time_zone: z.string() });
export const meRecord = z.strictObject({
  role: z.enum(['customer', 'agent', 'employee']),
  customer: customerRecord.nullable().describe("the customer's own record; null for an agent"),
  customers: z
    .array(z.strictObject({ id: z.number().int(), name: z.string(), state: z.string() }))
    .describe("an agent's customers; empty for a customer"),
});

export const me = apiFunction({
  name: 'me',
  verb: 'GET',
  scope: 'account',
  extension: true,
  tag: 'account',
  summary: 'Who the session is (extension)',
  description:
    "A customer's login: `{role: customer, customer: {id, name, state, time_zone}, customers: []}`; an agent: `{role: agent, customer: null, customers}` (all its customers; a `customer_id` is checked, not used). Not in the REST document.",
  args: z.object({}),
  response: meRecord,
  async run(ctx) {
    if (ctx.caller.agentId != null) {
      const customers = await customersOfAgent(ctx.store.db, ctx.caller.agentId, { limit: 1000, offset: 0 });
      return { role: 'agent' as const, customer: null, customers };
    }
    const c = ctx.customers[0]!;
    return { role: 'customer' as const, customer: { id: c.id, name: c.name, state: c.state, time_zone: c.time_zone }, customers: [] };
  },
});

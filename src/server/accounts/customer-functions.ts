import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import { isTimeZone } from '../identity/dates.js';
import { setCustomerTimeZone } from '../identity/time-zone.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the acting customer's record (an agent's switcher reads
 * its customer's time zone here) and its time zone, in which the REST API's, the console's and the
 * app's dates are written and its days (reports, charges) begin.
 */

export const customer = apiFunction({
  name: 'customer',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'The acting customer (extension)',
  description: "The customer acted on (an agent's `customer_id`): `{id, name, state, time_zone}`. Not in the REST document.",
  args: z.object({}),
  response: z.strictObject({ id: z.number().int(), name: z.string(), state: z.string(), time_zone: z.string() }),
  async run(ctx) {
    const c = ctx.customer;
    return { id: c.id, name: c.name, state: c.state, time_zone: c.time_zone };
  },
});

export const customerTimeZone = apiFunction({
  name: 'customer_time_zone',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'account',
  summary: 'Set the customer’s time zone (extension)',
  description:
    "Sets `time_zone` (IANA, `Europe/Moscow`): the REST API's, the console's and the app's dates are written in it and its days begin with its midnight. Answers `{time_zone}`. Not in the REST document.",
  args: z.object({
    time_zone: z
      .string()
      .max(64)
      .refine(isTimeZone, 'an IANA time zone such as Europe/Moscow')
      .describe('an IANA time zone: Europe/Moscow'),
  }),
  response: z.strictObject({ time_zone: z.string() }),
  async run(ctx, a) {
    await setCustomerTimeZone(ctx.store.db, ctx.customer.id, a.time_zone);
    return { time_zone: a.time_zone };
  },
});

import { SIP_BILLING_STATES, SIP_LINE_TYPES, SIP_LOGICAL_STATES, SIP_PHYSICAL_STATES } from '../store/tables/operators.js';
import { z } from 'zod';
import { sipLineCallTotals, sipLineEmployees, sipLines } from '../identity/sip-lines.js';
import { apiFunction } from '../api/function.js';

/** SIP lines with their states (rest-api.md "SIP line", "States and transitions"). */
export const sipLinesFn = apiFunction({
  name: 'sip_lines',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'employees',
  summary: 'List SIP lines',
  description: 'The customer’s SIP lines with their states, owners, calls and talk time; filter `phone`.',
  args: z.object({
    phone: z
      .string()
      .trim()
      .regex(/^\+?\d{1,20}$/, 'a line number')
      .transform((v) => v.replace(/^\+/, ''))
      .optional(),
  }),
  response: z.array(
    z.strictObject({
      id: z.number().int(),
      customer_id: z.number().int(),
      employee_id: z.array(z.number().int()),
      phone: z.string(),
      protocol: z.string(),
      type: z.enum(SIP_LINE_TYPES),
      channels_count: z.number().int(),
      logical_state: z.enum(SIP_LOGICAL_STATES),
      physical_state: z.enum(SIP_PHYSICAL_STATES),
      billing_state: z.enum(SIP_BILLING_STATES),
      forwarding_timeout: z.number().int(),
      calls_count: z.number().int(),
      sum_calls_duration: z.number().int(),
      additional_calling_number: z.string().nullable(),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const { rows, total } = await sipLines(db, ctx.customer.id, a.phone, ctx.page);
    ctx.setTotal(total);
    const owners = await sipLineEmployees(db, ctx.customer.id);
    const out = [];
    for (const l of rows) {
      const totals = await sipLineCallTotals(db, ctx.customer.id, l.phone);
      out.push({
        id: l.id,
        customer_id: l.customer_id,
        employee_id: owners.filter((o) => o.sip_line_id === l.id).map((o) => o.employee_id),
        phone: l.phone,
        protocol: l.protocol,
        type: l.type,
        channels_count: l.channels_count,
        logical_state: l.logical_state,
        physical_state: l.physical_state,
        billing_state: l.billing_state,
        forwarding_timeout: l.forwarding_timeout,
        calls_count: totals.calls,
        sum_calls_duration: totals.seconds,
        additional_calling_number: l.additional_calling_number,
      });
    }
    return out;
  },
});

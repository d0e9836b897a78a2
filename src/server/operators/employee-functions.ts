import { z } from 'zod';
import { customerEmployeeCount, customerEmployees } from '../identity/operators.js';
import { id, text } from '../api/args.js';
import { apiFunction } from '../api/function.js';

/** Employees (the consultant's operators), docs/spec/rest-api.md "Employee". */
export const employee = apiFunction({
  name: 'employee',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'employees',
  summary: 'List employees',
  description: 'The customer’s employees, filtered by `id`, `sip_line`, `last_name`, `first_name`, `patronymic`.',
  filters: { id: 'employee' },
  args: z.object({
    id: id().optional(),
    sip_line: z
      .string()
      .regex(/^\+?\d{1,20}$/, 'a number')
      .optional(),
    last_name: text().optional(),
    first_name: text().optional(),
    patronymic: text().optional(),
  }),
  response: z.array(
    z.strictObject({
      id: z.number().int(),
      last_name: z.string().nullable(),
      first_name: z.string().nullable(),
      patronymic: z.string().nullable(),
      full_name: z.string().nullable(),
      email: z.string().nullable(),
      is_consultant_operator_active: z.boolean(),
      extension: z.string().nullable(),
      phones: z.array(z.string()),
    }),
  ),
  async run(ctx, a) {
    const filter = { ...a, sip_line: a.sip_line?.replace(/^\+/, '') };
    ctx.setTotal(await customerEmployeeCount(ctx.store.db, ctx.customer.id, filter));
    const rows = await customerEmployees(ctx.store.db, ctx.customer.id, filter, ctx.page);
    return rows.map((r) => ({
      ...r,
      is_consultant_operator_active: !!r.is_consultant_operator_active,
      phones: JSON.parse(r.phones) as string[],
    }));
  },
});

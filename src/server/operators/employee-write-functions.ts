import { z } from 'zod';
import { id } from '../api/args.js';
import { acknowledgement, apiFunction } from '../api/function.js';
import { asRestError } from '../api/rest-errors.js';
import { hashPassword } from '../identity/password.js';
import { addEmployee, changeEmployee, removeEmployee, setEmployeePassword } from '../identity/employee-writes.js';
import { employeeAssignments } from '../identity/operators.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): the customer's employees, who sign in to the operator
 * console, as the app edits them. The document lists employees (`employee`) but writes none:
 * `employee_assignment` reads each one's names and sites, `create_employee`, `change_employee`,
 * `employee_password` and `delete_employee` write through the operators' own writes
 * (employee-writes.ts), so the console takes a change at once.
 */

const password = () => z.string().min(8).max(200).describe('8 characters or more');
const fields = {
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  sites: z.array(id()).max(1000).default([]).describe("the customer's sites whose chats and requests the employee answers"),
  sip_line_id: id().nullable().default(null).describe("one of the customer's SIP lines the employee's calls ring on, or null"),
};

export const employeeAssignment = apiFunction({
  name: 'employee_assignment',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'employees',
  summary: 'Employees and their sites (extension)',
  description:
    "Each of the customer's employees: `{id, first_name, last_name, sites}`, `sites` the ids of the sites they serve. Not in the REST document.",
  args: z.object({}),
  response: z.array(
    z.strictObject({ id: z.number().int(), first_name: z.string(), last_name: z.string(), sites: z.array(z.number().int()) }),
  ),
  async run(ctx) {
    return employeeAssignments(ctx.store.db, ctx.customer.id);
  },
});

export const createEmployeeFn = apiFunction({
  name: 'create_employee',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'employees',
  summary: 'Add an employee (extension)',
  description:
    "Adds an employee with `first_name`, `last_name`, `email` and `password` (their console sign-in), `sites` and `sip_line_id` of the customer's. Answers `{id}`. Not in the REST document.",
  names: { sip_line_id: 'sip_line' },
  args: z.object({ ...fields, email: z.string().trim().email().max(254), password: password() }),
  response: z.strictObject({ id: z.number().int() }),
  async run(ctx, { password: plain, ...rest }) {
    const hash = await hashPassword(plain);
    return { id: await asRestError('employee', () => addEmployee(ctx.store.db, ctx.customer.id, { ...rest, password_hash: hash })) };
  },
});

export const changeEmployeeFn = apiFunction({
  name: 'change_employee',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'employees',
  summary: 'Change an employee (extension)',
  description: 'Sets the names, `sites` and `sip_line_id` of employee `id`. Not in the REST document.',
  names: { id: 'employee', sip_line_id: 'sip_line' },
  args: z.object({ id: id(), ...fields }),
  response: acknowledgement,
  async run(ctx, { id: employeeId, ...rest }) {
    await asRestError(`employee ${employeeId}`, () => changeEmployee(ctx.store.db, ctx.customer.id, employeeId, rest));
    return undefined;
  },
});

export const employeePassword = apiFunction({
  name: 'employee_password',
  verb: 'PUT',
  scope: 'customer',
  extension: true,
  tag: 'employees',
  summary: 'Set an employee’s password (extension)',
  description: 'Sets the console password of employee `id`; their console and app sessions end. Not in the REST document.',
  names: { id: 'employee' },
  args: z.object({ id: id(), password: password() }),
  response: acknowledgement,
  async run(ctx, a) {
    const hash = await hashPassword(a.password);
    await asRestError(`employee ${a.id}`, () => setEmployeePassword(ctx.store.db, ctx.customer.id, a.id, hash));
    return undefined;
  },
});

export const deleteEmployeeFn = apiFunction({
  name: 'delete_employee',
  verb: 'DELETE',
  scope: 'customer',
  extension: true,
  tag: 'employees',
  summary: 'Remove an employee (extension)',
  description:
    "Removes employee `id`; their sessions end. Answers `{unserved}`: the domains of the customer's sites no employee serves now. Not in the REST document.",
  names: { id: 'employee' },
  args: z.object({ id: id() }),
  response: z.strictObject({ unserved: z.array(z.string()).describe('domains of the sites no employee serves now') }),
  async run(ctx, a) {
    return asRestError(`employee ${a.id}`, () => removeEmployee(ctx.store.db, ctx.customer.id, a.id));
  },
});

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiSessions } from '../api/sessions.js';
import { addEmployee, changeEmployee, removeEmployee, setEmployeePassword } from '../operators/employee-writes.js';
import { employeeAssignments } from '../operators/queries.js';
import { hashPassword } from '../sign-in/password.js';
import type { Queryable } from '../store/queryable.js';
import { customerOf } from './access.js';
import { customerId, parse, SiteParams, SiteQuery } from './schemas.js';

const password = () => z.string().min(8).max(200);
const fields = {
  customer_id: customerId,
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  /** The customer's sites whose chats and requests the employee answers. */
  sites: z.array(z.number().int().positive()).max(1000).default([]),
  /** One of the customer's SIP lines the employee's calls ring on, or none. */
  sip_line_id: z.number().int().positive().nullable().default(null),
};
export const NewEmployee = z.strictObject({ ...fields, email: z.string().trim().email().max(254), password: password() });
export const EmployeeChange = z.strictObject(fields);
export const EmployeePassword = z.strictObject({ customer_id: customerId, password: password() });

/**
 * The customer's employees, who sign in to the operator console: added, changed, given a new
 * password, removed. The REST API lists
 * employees (`employee`) but has no function that writes them; the writes are the operators'
 * (operators/employee-writes.ts).
 */
export function employeeWriteRoutes(app: FastifyInstance, deps: { db: Queryable; sessions: ApiSessions }): void {
  const { db, sessions } = deps;

  /** Names and sites of each employee, as the edit form needs them (the REST `employee` has neither apart). */
  app.get('/app/api/employees', async (req) => {
    const q = parse(SiteQuery, req.query);
    const c = await customerOf(db, sessions, req, q.customer_id);
    return { success: true, data: await employeeAssignments(db, c.id) };
  });

  app.post('/app/api/employees', async (req) => {
    const { customer_id: id, ...body } = parse(NewEmployee, req.body);
    const c = await customerOf(db, sessions, req, id);
    const { password: plain, ...rest } = body;
    return { success: true, data: { id: await addEmployee(db, c.id, { ...rest, password_hash: await hashPassword(plain) }) } };
  });

  app.put<{ Params: { id: string } }>('/app/api/employees/:id', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const { customer_id: customer, ...body } = parse(EmployeeChange, req.body);
    const c = await customerOf(db, sessions, req, customer);
    await changeEmployee(db, c.id, id, body);
    return { success: true, data: {} };
  });

  app.put<{ Params: { id: string } }>('/app/api/employees/:id/password', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const body = parse(EmployeePassword, req.body);
    const c = await customerOf(db, sessions, req, body.customer_id);
    await setEmployeePassword(db, c.id, id, await hashPassword(body.password));
    return { success: true, data: {} };
  });

  /** Answers the customer's sites nobody serves any longer. */
  app.post<{ Params: { id: string } }>('/app/api/employees/:id/remove', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const q = parse(SiteQuery, req.body);
    const c = await customerOf(db, sessions, req, q.customer_id);
    return { success: true, data: await removeEmployee(db, c.id, id) };
  });
}

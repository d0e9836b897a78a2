import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiSessions } from '../api/sessions.js';
import { errors } from '../http/errors.js';
import { createEmployee } from '../operators/queries.js';
import { hashPassword } from '../sign-in/password.js';
import type { Queryable } from '../store/queryable.js';
import { customerOf } from './access.js';
import { customerId, parse, SiteParams } from './schemas.js';

const password = () => z.string().min(8).max(200);
export const NewEmployee = z.strictObject({
  customer_id: customerId,
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  email: z.string().trim().email().max(254),
  password: password(),
  /** The customer's sites whose chats and requests the employee answers. */
  sites: z.array(z.number().int().positive()).max(1000).default([]),
  /** One of the customer's SIP lines the employee's calls ring on, or none. */
  sip_line_id: z.number().int().positive().nullable().default(null),
});
export const EmployeePassword = z.strictObject({ customer_id: customerId, password: password() });

/**
 * Adding an employee (who then signs in to the operator console with the e-mail and password)
 * and changing an employee's password, which ends the console sessions signed in with the old one.
 * The REST API lists employees (`employee`) but has no function that writes them.
 */
export function employeeWriteRoutes(app: FastifyInstance, deps: { db: Queryable; sessions: ApiSessions }): void {
  const { db, sessions } = deps;

  app.post('/app/api/employees', async (req) => {
    const body = parse(NewEmployee, req.body);
    const c = await customerOf(db, sessions, req, body.customer_id);
    const sites = [...new Set(body.sites)];
    if (sites.length) {
      const own = await db.selectFrom('sites').select('id').where('customer_id', '=', c.id).where('id', 'in', sites).execute();
      if (own.length !== sites.length) throw errors.invalid('sites: not a site of the customer');
    }
    if (body.sip_line_id != null) {
      const line = await db
        .selectFrom('sip_lines')
        .select('id')
        .where('id', '=', body.sip_line_id)
        .where('customer_id', '=', c.id)
        .executeTakeFirst();
      if (!line) throw errors.invalid('sip_line_id: not a SIP line of the customer');
    }
    const hash = await hashPassword(body.password);
    const id = await db.transaction().execute(async (tx) => {
      const made = await createEmployee(tx, {
        customer_id: c.id,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        password_hash: hash,
        sites,
      });
      if (made == null) throw errors.invalid('email: already used by another employee');
      if (body.sip_line_id != null)
        await tx.insertInto('sip_line_employees').values({ sip_line_id: body.sip_line_id, employee_id: made }).execute();
      return made;
    });
    return { success: true, data: { id } };
  });

  app.put<{ Params: { id: string } }>('/app/api/employees/:id/password', async (req) => {
    const { id } = parse(SiteParams, req.params);
    const body = parse(EmployeePassword, req.body);
    const c = await customerOf(db, sessions, req, body.customer_id);
    const hash = await hashPassword(body.password);
    const r = await db
      .updateTable('employees')
      .set({ password_hash: hash })
      .where('id', '=', id)
      .where('customer_id', '=', c.id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw errors.notFound();
    await db.deleteFrom('operator_sessions').where('employee_id', '=', id).execute();
    return { success: true, data: {} };
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmployeeAppSessions } from '../operators/app-sessions.js';
import type { Queryable } from '../store/queryable.js';
import { appUnauthorized, employeeCustomer, SESSION_HEADER } from './access.js';
import { parse } from './schemas.js';

/**
 * An employee signs in to the app with the console's e-mail and password (the console's guard and
 * locks, operators/app-sessions.ts) and gets a key the app sends as it sends a REST login's.
 */
const SignIn = z.strictObject({ email: z.string().trim().min(1).max(200), password: z.string().min(1).max(1000) });

export function employeeSignInRoutes(app: FastifyInstance, deps: { db: Queryable; employees: EmployeeAppSessions }) {
  const { db, employees } = deps;

  app.post('/app/api/employee-session', async (req, reply) => {
    const body = parse(SignIn, req.body);
    const key = await employees.signIn(req, reply, body.email, body.password);
    // An employee of a customer that is not active could open no page: refused here, at the form.
    const emp = await employees.employee(key);
    try {
      if (!emp) throw appUnauthorized();
      await employeeCustomer(db, emp, undefined);
    } catch (e) {
      await employees.signOut(key);
      throw e;
    }
    return { success: true, data: { session_key: key } };
  });

  app.delete('/app/api/employee-session', async (req) => {
    const key = req.headers[SESSION_HEADER];
    if (typeof key !== 'string' || !(await employees.employee(key))) throw appUnauthorized();
    await employees.signOut(key);
    return { success: true };
  });
}

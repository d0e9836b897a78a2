import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EmployeeAppSessions } from '../identity/app-sessions.js';
import type { Queryable } from '../store/queryable.js';
import { appUnauthorized, employeeCustomer, SESSION_HEADER } from './access.js';
import { parse } from './schemas.js';

/**
 * An employee signs in to the app with the console's e-mail and password (the console's guard and
 * locks, identity/app-sessions.ts) and gets a key the app sends as it sends a REST login's.
 */
const SignIn = z.strictObject({ email: z.string().trim().min(1).max(200), password: z.string().min(1).max(1000) });

export interface EmployeeSignInDeps {
  db: Queryable;
  employees: EmployeeAppSessions;
}

/** Signs the employee in; the session's key. An employee of a customer that is not active could open no page: refused here. */
export async function signInEmployee(deps: EmployeeSignInDeps, req: FastifyRequest, reply: FastifyReply, email: string, password: string) {
  const key = await deps.employees.signIn(req, reply, email, password);
  const emp = await deps.employees.employee(key);
  try {
    if (!emp) throw appUnauthorized();
    await employeeCustomer(deps.db, emp, undefined);
  } catch (e) {
    await deps.employees.signOut(key);
    throw e;
  }
  return key;
}

export function employeeSignInRoutes(app: FastifyInstance, deps: EmployeeSignInDeps) {
  const { employees } = deps;

  app.post('/app/api/employee-session', async (req, reply) => {
    const body = parse(SignIn, req.body);
    return { success: true, data: { session_key: await signInEmployee(deps, req, reply, body.email, body.password) } };
  });

  app.delete('/app/api/employee-session', async (req) => {
    const key = req.headers[SESSION_HEADER];
    if (typeof key !== 'string' || !(await employees.employee(key))) throw appUnauthorized();
    await employees.signOut(key);
    return { success: true };
  });
}

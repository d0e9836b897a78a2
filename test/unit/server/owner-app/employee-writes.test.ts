import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { apiWorld, expectAnswered, TEST_TELEPHONY_SEED, type ApiWorld } from '../api-helpers.js';
import { restCall, type Verb } from './rest-call.js';

/** Employees added, changed, given passwords and removed through the REST extensions; the console takes them at once. */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld(':memory:', undefined, { telephonySeed: TEST_TELEPHONY_SEED });
});
afterEach(async () => {
  await w.server.close();
});

afterAll(() =>
  expectAnswered([
    'GET employee_assignment',
    'POST create_employee',
    'PUT change_employee',
    'PUT employee_password',
    'DELETE delete_employee',
  ]),
);

const call = async (verb: Verb, fn: string, key: string, args: Record<string, unknown>) => {
  const r = await restCall(w, verb, fn, key, args);
  return { status: r.status, body: r.body as { data?: { id: number }; message?: string } };
};
const consoleSignIn = async (email: string, password: string) => {
  const res = await w.server.app.inject({ method: 'POST', url: '/op/api/login', payload: { email, password } });
  const set = res.headers['set-cookie'];
  return { status: res.statusCode, cookie: String(Array.isArray(set) ? set[0] : set).split(';')[0]! };
};
const NEW = { first_name: 'Olga', last_name: 'Smirnova', email: 'Olga@A.test', password: 'olga-password', sites: [1], sip_line_id: 2 };

it('adds an employee with sites and a SIP line, who signs in to the console', async () => {
  const a = await w.login('a');
  const r = await call('POST', 'create_employee', a, NEW);
  expect(r.status, r.body.message).toBe(200);
  const id = r.body.data!.id;
  const list = (await w.get('employee', { session_key: a, id })).json().data as Array<Record<string, unknown>>;
  expect(list).toMatchObject([{ id, full_name: 'Smirnova Olga', email: 'olga@a.test' }]);
  expect(w.server.db.prepare('SELECT site_id FROM employee_sites WHERE employee_id = ?').all(id)).toEqual([{ site_id: 1 }]);
  expect(w.server.db.prepare('SELECT sip_line_id FROM sip_line_employees WHERE employee_id = ?').all(id)).toEqual([{ sip_line_id: 2 }]);
  expect((await consoleSignIn('olga@a.test', 'olga-password')).status).toBe(200);
});

it('names the field it refuses, and takes no site, SIP line or e-mail that is not free for the customer', async () => {
  const a = await w.login('a');
  for (const [body, field] of [
    [{ ...NEW, password: 'short' }, 'password'],
    [{ ...NEW, email: 'not an e-mail' }, 'email'],
    [{ ...NEW, first_name: ' ' }, 'first_name'],
    [{ ...NEW, sites: [3] }, 'sites: not a site of the customer'],
    [{ ...NEW, sip_line_id: 3 }, 'sip_line_id: not a SIP line of the customer'],
    [{ ...NEW, email: 'e31@x.test' }, 'email: already used'],
  ] as const) {
    const r = await call('POST', 'create_employee', a, body);
    expect(r.status, field).toBe(400);
    expect(r.body.message, field).toMatch(new RegExp(`^100422: Invalid parameter ${field}`));
  }
  expect(w.server.db.prepare("SELECT COUNT(*) AS n FROM employees WHERE first_name = 'Olga'").get()).toEqual({ n: 0 });
});

it("changes an employee's password, ending their console sessions; another customer's employee is none", async () => {
  const a = await w.login('a');
  const id = (await call('POST', 'create_employee', a, NEW)).body.data!.id;
  const { cookie } = await consoleSignIn('olga@a.test', 'olga-password');
  const me = () => w.server.app.inject({ method: 'GET', url: '/op/api/me', headers: { cookie } });
  expect((await me()).statusCode).toBe(200);
  expect((await call('PUT', 'employee_password', a, { id, password: 'short' })).status).toBe(400);
  expect((await call('PUT', 'employee_password', a, { id, password: 'olga-new-password' })).status).toBe(200);
  expect((await me()).statusCode).toBe(401);
  expect((await consoleSignIn('olga@a.test', 'olga-password')).status).toBe(401);
  expect((await consoleSignIn('olga@a.test', 'olga-new-password')).status).toBe(200);
  expect((await call('PUT', 'employee_password', a, { id: 31, password: 'whatever-pw' })).status).toBe(404);
});

it('lets an agent act on its chosen customer only', async () => {
  const x = await w.login('x');
  expect((await call('POST', 'create_employee', x, NEW)).status).toBe(403);
  expect((await call('POST', 'create_employee', x, { ...NEW, customer_id: 3, sites: [], sip_line_id: null })).status).toBe(403);
  const r = await call('POST', 'create_employee', x, { ...NEW, customer_id: 2, sites: [2], sip_line_id: null });
  expect(r.status, r.body.message).toBe(200);
  expect(w.server.db.prepare('SELECT customer_id FROM employees WHERE id = ?').get(r.body.data!.id)).toEqual({ customer_id: 2 });
  expect((await call('PUT', 'employee_password', x, { id: 11, customer_id: 2, password: 'whatever-pw' })).status).toBe(404);
});

it("changes an employee's name, sites and SIP line; another customer's site or employee is refused", async () => {
  const a = await w.login('a');
  const id = (await call('POST', 'create_employee', a, NEW)).body.data!.id;
  const CHANGE = { first_name: 'Olga', last_name: 'Petrova', sites: [], sip_line_id: 1 };
  const r = await call('PUT', 'change_employee', a, { id, ...CHANGE });
  expect(r.status, r.body.message).toBe(200);
  const list = (await w.get('employee', { session_key: a, id })).json().data as Array<Record<string, unknown>>;
  expect(list).toMatchObject([{ id, full_name: 'Petrova Olga' }]);
  expect(w.server.db.prepare('SELECT site_id FROM employee_sites WHERE employee_id = ?').all(id)).toEqual([]);
  expect(w.server.db.prepare('SELECT sip_line_id FROM sip_line_employees WHERE employee_id = ?').all(id)).toEqual([{ sip_line_id: 1 }]);
  const read = await restCall(w, 'GET', 'employee_assignment', a);
  expect(read.body.data as unknown[]).toContainEqual({ id, first_name: 'Olga', last_name: 'Petrova', sites: [] });
  const refused = await call('PUT', 'change_employee', a, { id, ...CHANGE, sites: [3] });
  expect(refused.body.message).toMatch(/^100422: Invalid parameter sites: not a site of the customer/);
  expect((await call('PUT', 'change_employee', a, { id: 31, ...CHANGE })).status).toBe(404);
});

it('removes an employee: the console signs it out, its SIP line is free, and sites nobody serves are named', async () => {
  const a = await w.login('a');
  const id = (await call('POST', 'create_employee', a, { ...NEW, sites: [1] })).body.data!.id;
  const { cookie } = await consoleSignIn('olga@a.test', 'olga-password');
  const me = () => w.server.app.inject({ method: 'GET', url: '/op/api/me', headers: { cookie } });
  expect((await me()).statusCode).toBe(200);
  // Site 1's other employees are taken off it first: Olga is its last.
  for (const e of w.server.db.prepare('SELECT employee_id FROM employee_sites WHERE site_id = 1 AND employee_id != ?').all(id) as Array<{
    employee_id: number;
  }>)
    w.server.db.prepare('DELETE FROM employee_sites WHERE employee_id = ?').run(e.employee_id);
  const r = await call('DELETE', 'delete_employee', a, { id });
  expect(r.status, r.body.message).toBe(200);
  expect(r.body.data).toEqual({ unserved: [expect.any(String)] });
  expect((await me()).statusCode).toBe(401);
  expect((await consoleSignIn('olga@a.test', 'olga-password')).status).toBe(401);
  expect(w.server.db.prepare('SELECT COUNT(*) AS n FROM sip_line_employees WHERE employee_id = ?').get(id)).toEqual({ n: 0 });
  expect((await w.get('employee', { session_key: a, id })).json().data).toEqual([]);
  expect((await call('DELETE', 'delete_employee', a, { id: 31 })).status).toBe(404);
  expect((await call('DELETE', 'delete_employee', a, { id })).status).toBe(404);
});

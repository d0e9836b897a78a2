import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../../src/server/identity/password.js';
import { apiWorld, type ApiWorld } from '../api-helpers.js';

/**
 * The app's sign-in form takes a REST login or an employee's console e-mail (`POST /app/api/session`):
 * the server checks the password once, as whichever account the name is, so a wrong password is one
 * attempt on the sign-in guard and one scrypt, and its refusal does not tell which kind the name is.
 */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});

type Body = { success: boolean; data?: { session_key: string; employee: boolean }; message?: string };
const signIn = async (login: unknown, password: unknown) => {
  const res = await w.server.app.inject({ method: 'POST', url: '/app/api/session', payload: { login, password } });
  return { status: res.statusCode, body: res.json() as Body, headers: res.headers };
};
const OLGA = { first_name: 'Olga', last_name: 'Smirnova', email: 'olga@a.test', password: 'olga-password', sites: [1] };

async function withOlga() {
  const a = await w.login('a');
  expect((await w.post('create_employee', a, OLGA)).statusCode).toBe(200);
}

describe("the app's sign-in", () => {
  it("signs a REST login in to the REST API and an employee's e-mail in as the employee", async () => {
    await withOlga();
    const rest = await signIn('a', 'pw-a');
    expect(rest.status, rest.body.message).toBe(200);
    expect(rest.body.data!.employee).toBe(false);
    expect((await w.get('site', { session_key: rest.body.data!.session_key })).statusCode).toBe(200);

    const employee = await signIn(' Olga@A.test ', 'olga-password');
    expect(employee.status, employee.body.message).toBe(200);
    expect(employee.body.data!.employee).toBe(true);
    const me = await w.server.app.inject({
      method: 'GET',
      url: '/app/api/employee/me',
      headers: { 'x-session-key': employee.body.data!.session_key },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ success: true, data: { role: 'employee' } });
  });

  it('refuses a wrong password in the same words whichever kind of account the name is, or none', async () => {
    await withOlga();
    for (const [login, password] of [
      ['a', 'wrong-password'],
      ['olga@a.test', 'wrong-password'],
      ['nobody@a.test', 'wrong-password'],
      ['nobody', 'wrong-password'],
    ]) {
      const r = await signIn(login, password);
      expect(r.status, login).toBe(401);
      expect(r.body).toEqual({ success: false, message: '401002: Wrong login or password' });
    }
  });

  it('counts a wrong password once against the address: 29 failures leave it open, the 30th closes it', async () => {
    await withOlga();
    // Fewer than 10 per name (the per-name lock), 29 in all, on both kinds of account and on none.
    const names = ['a', 'olga@a.test', 'nobody@a.test'];
    for (const login of [...names, ...names, ...names].flatMap((n) => [n, n, n]).concat(['b', 'c'])) {
      expect((await signIn(login, 'wrong-password')).status, login).toBe(401);
    }
    expect((await signIn('olga@a.test', 'olga-password')).status).toBe(200);
    expect((await signIn('b', 'wrong-password')).status).toBe(401);
    const locked = await signIn('olga@a.test', 'olga-password');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('429001: Too many sign-in attempts; try again later');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const lockedRest = await signIn('a', 'pw-a');
    expect(lockedRest.status).toBe(429);
    expect(lockedRest.body.message).toBe('429001: Too many sign-in attempts; try again later');
    expect(Number(lockedRest.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('a REST login that is also an employee e-mail (a database from before the names were kept apart)', () => {
    beforeEach(async () => {
      await withOlga();
      await w.server.store.db
        .insertInto('api_users')
        .values({ login: 'olga@a.test', password_hash: await hashPassword('rest-password', 1024), customer_id: 2 })
        .execute();
    });

    it('signs each in with its own password', async () => {
      const asEmployee = await signIn('olga@a.test', 'olga-password');
      expect(asEmployee.status, asEmployee.body.message).toBe(200);
      expect(asEmployee.body.data!.employee).toBe(true);
      expect(String(asEmployee.headers['set-cookie'])).toMatch(/svc_opd=/);
      const rest = await signIn('olga@a.test', 'rest-password');
      expect(rest.status, rest.body.message).toBe(200);
      expect(rest.body.data!.employee).toBe(false);
      expect((await w.get('site', { session_key: rest.body.data!.session_key })).statusCode).toBe(200);
    });

    it('refuses a wrong password in the same words, once per try on the guard', async () => {
      for (let i = 0; i < 9; i++) {
        const r = await signIn('olga@a.test', 'wrong-password');
        expect(r.status, String(i)).toBe(401);
        expect(r.body).toEqual({ success: false, message: '401002: Wrong login or password' });
      }
      // Nine failures of the name: the tenth try still gets its check, and the right password opens.
      expect((await signIn('olga@a.test', 'olga-password')).status).toBe(200);
      for (let i = 0; i < 10; i++) expect((await signIn('olga@a.test', 'wrong-password')).status).toBe(401);
      expect((await signIn('olga@a.test', 'olga-password')).status).toBe(429);
    });
  });

  it('refuses both kinds of account while their customer is not active', async () => {
    await withOlga();
    await w.server.store.db.updateTable('customers').set({ state: 'waiting' }).where('id', '=', 1).execute();
    for (const [login, password] of [
      ['a', 'pw-a'],
      ['olga@a.test', 'olga-password'],
    ]) {
      const r = await signIn(login, password);
      expect(r.status, login).toBe(403);
      expect(r.body).toEqual({ success: false, message: '403100: Customer is not active' });
    }
  });

  it('answers a form it cannot read with the field it is about', async () => {
    const empty = await signIn('', 'x');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/login/);
    const noPassword = await signIn('a', undefined);
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toMatch(/password/);
    const extra = await w.server.app.inject({
      method: 'POST',
      url: '/app/api/session',
      payload: { login: 'a', password: 'pw-a', admin: true },
    });
    expect(extra.statusCode).toBe(400);
  });
});

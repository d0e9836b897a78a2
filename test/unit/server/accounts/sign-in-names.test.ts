import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccountCommand, type AccountIo } from '../../../../src/server/accounts/create-account.js';
import { hashPassword } from '../../../../src/server/identity/password.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { apiWorld, apiConfig, expectData, type ApiWorld } from '../api-helpers.js';
import { createTestServer } from '../test-server.js';

/**
 * A REST login and an employee's e-mail share one space of names, since the app's one sign-in form
 * takes either: no customer can name a REST login after an employee of any customer (and so stand
 * between that employee and the app), nor give an employee the name of a REST login, in any case.
 * The refusal names the field and says the name is taken, not whose it is.
 */

let w: ApiWorld;
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  await w?.server.close();
  for (const c of cleanups.splice(0)) await c();
});

/** A world on a database that outlives its server (a file on SQLite, a database of its own on PostgreSQL). */
function lastingDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-names-'));
  const path = freshDbPath(join(dir, 'svc.db'));
  cleanups.push(() => {
    if (testPostgresUrl) dropDatabase(path);
    rmSync(dir, { recursive: true, force: true });
  });
  return path;
}

const logins = async () => (await w.server.store.db.selectFrom('api_users').select('login').orderBy('login').execute()).map((r) => r.login);
const emails = async () => (await w.server.store.db.selectFrom('employees').select('email').orderBy('email').execute()).map((r) => r.email);

// Customer C's employee (api-helpers.ts): e31@x.test. Customer A's: e11@x.test.
const OTHER_EMPLOYEE = apiConfig.customers[2].employees[0].email;

describe('a REST login named as an employee', () => {
  it("api_login refuses another customer's employee's e-mail, in any case, naming the field", async () => {
    w = await apiWorld();
    const a = await w.login('a');
    const before = await logins();
    for (const login of [OTHER_EMPLOYEE, OTHER_EMPLOYEE.toUpperCase(), 'e11@x.test']) {
      const r = await w.post('api_login', a, { login, password: 'squatter-password' });
      expect(r.statusCode, login).toBe(400);
      expect(r.json(), login).toEqual({ success: false, message: '100422: Invalid parameter login: already taken', field: 'login' });
    }
    expect(await logins()).toEqual(before);
    // The employee still signs in to the app.
    await w.server.store.db
      .updateTable('employees')
      .set({ password_hash: await hashPassword('cyril-password', 1024) })
      .where('email', '=', OTHER_EMPLOYEE)
      .execute();
    const res = await w.server.app.inject({
      method: 'POST',
      url: '/app/api/session',
      payload: { login: OTHER_EMPLOYEE, password: 'cyril-password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.employee).toBe(true);
  });

  it("create_agent_customer refuses an employee's e-mail as the new customer's login, writing nothing", async () => {
    w = await apiWorld();
    const x = await w.login('x');
    const customers = (await w.server.store.db.selectFrom('customers').select('id').execute()).length;
    const r = await w.post('create_agent_customer', x, {
      customer_name: 'Squat',
      tp_id: 1,
      monthly_base_limit: 1,
      monthly_base_notify_limit: 1,
      monthly_base_notify_email: 'n@squat.test',
      monthly_calls_limit: 1,
      monthly_calls_notify_limit: 1,
      monthly_calls_notify_email: 'n@squat.test',
      daily_calls_limit: 1,
      daily_calls_notify_limit: 1,
      daily_calls_notify_email: 'n@squat.test',
      email: OTHER_EMPLOYEE.toUpperCase(),
      password: 'squatter-password',
    });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ success: false, message: `100503: Duplicate login ${OTHER_EMPLOYEE}` });
    expect((await w.server.store.db.selectFrom('customers').select('id').execute()).length).toBe(customers);
  });
});

describe('an employee named as a REST login', () => {
  it('create_employee refuses the name of a REST login of any customer, in any case, naming the field', async () => {
    w = await apiWorld();
    const b = await w.login('b');
    expect((await w.post('api_login', b, { login: 'Boss@B.test', password: 'boss-password' })).statusCode).toBe(200);
    const a = await w.login('a');
    const before = await emails();
    for (const email of ['boss@b.test', 'BOSS@B.TEST']) {
      const r = await w.post('create_employee', a, { first_name: 'Bo', last_name: 'Ss', email, password: 'employee-password' });
      expect(r.statusCode, email).toBe(400);
      expect(r.json(), email).toEqual({ success: false, message: '100422: Invalid parameter email: already taken', field: 'email' });
    }
    expect(await emails()).toEqual(before);
    // Another e-mail is still welcome.
    expectData(
      await w.post('create_employee', a, { first_name: 'Bo', last_name: 'Ss', email: 'bo@a.test', password: 'employee-password' }),
    );
  });

  it('holds when a REST login and an employee of the same name are added at once: one of them is refused', async () => {
    w = await apiWorld();
    const [a, b] = [await w.login('a'), await w.login('b')];
    for (let i = 0; i < 5; i++) {
      const name = `race${i}@x.test`;
      const [login, employee] = await Promise.all([
        w.post('api_login', b, { login: name, password: 'login-password' }),
        w.post('create_employee', a, { first_name: 'R', last_name: 'R', email: name, password: 'employee-password' }),
      ]);
      expect([login.statusCode, employee.statusCode].sort(), name).toEqual([200, 400]);
    }
  });
});

describe('create-account', () => {
  const run = async (dbPath: string, argv: string[]) => {
    const io: AccountIo & { lines: string[] } = {
      lines: [],
      out: (l) => io.lines.push(l),
      err: (l) => io.lines.push(l),
      env: { SVC_DB: dbPath, SVC_ACCOUNT_PASSWORD: 'long enough' },
      defaultDb: dbPath,
      readPassword: async () => 'long enough',
    };
    return { status: await createAccountCommand(argv, io), lines: io.lines };
  };

  it("refuses a REST login that is an employee's e-mail, and an operator whose e-mail is a REST login", async () => {
    const dbPath = lastingDb();
    w = await apiWorld(dbPath);
    const b = await w.login('b');
    expect((await w.post('api_login', b, { login: 'boss@b.test', password: 'boss-password' })).statusCode).toBe(200);
    const before = [await logins(), await emails()];
    expect(await run(dbPath, ['customer', 'E31@x.test'])).toEqual({
      status: 1,
      lines: ["create-account: the login E31@x.test is an employee's e-mail; nothing was written"],
    });
    expect(await run(dbPath, ['operator', 'Boss@B.test', '--customer-id', '1'])).toEqual({
      status: 1,
      lines: ['create-account: the e-mail boss@b.test is a REST login; nothing was written'],
    });
    expect([await logins(), await emails()]).toEqual(before);
  });
});

describe('a clash already in the database', () => {
  it('is reported once at start, naming the logins', async () => {
    const dbPath = lastingDb();
    w = await apiWorld(dbPath);
    await w.server.store.db
      .insertInto('api_users')
      .values([
        { login: OTHER_EMPLOYEE, password_hash: await hashPassword('rest-password', 1024), customer_id: 1 },
        { login: 'E11@X.test', password_hash: await hashPassword('rest-password', 1024), customer_id: 2 },
      ])
      .execute();
    await w.server.close();
    const warnings: string[] = [];
    w.server = await createTestServer({
      dbPath,
      siteConfig: apiConfig,
      bundleDir: '/nonexistent',
      onWarning: (line) => warnings.push(line),
    });
    const clashes = warnings.filter((l) => l.includes('REST login'));
    expect(clashes).toEqual([
      "REST logins E11@X.test (employee e11@x.test), e31@x.test: also an employee's e-mail; the app's sign-in tries the password on both. Rename one of each pair.",
    ]);
    expect(clashes[0]).not.toMatch(/password_hash|scrypt/);
  });
});

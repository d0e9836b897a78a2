import { afterEach, beforeEach, expect, it } from 'vitest';
import { testPostgresUrl } from '../../../support/test-database.js';
import { apiWorld, expectData, expectError, type ApiWorld } from '../api-helpers.js';

/**
 * Two create_agent_customer calls with one e-mail at the same time: one makes the customer and its
 * login, the other gets the documented duplicate error, and nothing of the first changes. On
 * PostgreSQL the first call is held at its insert of the login (a SHARE lock on api_users, taken
 * on another connection, blocks inserts, not reads) while the second waits for the first's lock on
 * the name (identity/sign-in-names.ts), taken before the check that reads it: both are in flight
 * at once, and only the lock on the name keeps the second from passing the check.
 */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});

const customer = (name: string, password: string) => ({
  customer_name: name,
  tp_id: 1,
  monthly_base_limit: 100,
  monthly_base_notify_limit: 80,
  monthly_base_notify_email: 'base@race.test',
  monthly_calls_limit: 100,
  monthly_calls_notify_limit: 80,
  monthly_calls_notify_email: 'calls@race.test',
  daily_calls_limit: 10,
  daily_calls_notify_limit: 8,
  daily_calls_notify_email: 'daily@race.test',
  email: 'owner@race.test',
  password,
});

/** Waits until `n` statements wait: for a lock on api_users (an insert) or on a name (an advisory lock). */
async function waitersOnApiUsers(n: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const waiting = Number(
      (
        w.server.db
          .prepare("SELECT count(*) AS n FROM pg_locks WHERE (relation = 'api_users'::regclass OR locktype = 'advisory') AND NOT granted")
          .get() as {
          n: number | string;
        }
      ).n,
    );
    if (waiting >= n) return;
    if (Date.now() > deadline) throw new Error(`${waiting} of ${n} calls reached a lock`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

it('concurrent create_agent_customer with one e-mail: one customer, one duplicate error, the first login intact', async () => {
  const x1 = await w.login('x');
  const x2 = await w.login('x');
  const lock = testPostgresUrl ? w.server.db : null;
  if (lock) {
    lock.exec('BEGIN');
    lock.exec('LOCK TABLE api_users IN SHARE MODE');
  }
  const calls = Promise.all([
    w.post('create_agent_customer', x1, customer('First Co', 'first-password')),
    w.post('create_agent_customer', x2, customer('Second Co', 'second-password')),
  ]);
  if (lock) {
    try {
      await waitersOnApiUsers(2);
    } finally {
      lock.exec('COMMIT');
    }
  }
  const answers = await calls;
  const won = answers.findIndex((r) => r.statusCode === 200);
  expect(won, answers.map((r) => r.body).join('\n')).not.toBe(-1);
  expectError(answers[1 - won]!, 409, 100503);
  const { customer_id: id } = expectData(answers[won]!) as { customer_id: number };
  const [name, password, lost] =
    won === 0 ? ['First Co', 'first-password', 'second-password'] : ['Second Co', 'second-password', 'first-password'];

  const rows = (q: string, ...p: unknown[]) => w.server.db.prepare(q).all(...p);
  expect(rows("SELECT id, name FROM customers WHERE email = 'owner@race.test'")).toEqual([{ id, name }]);
  expect(rows("SELECT customer_id, agent_id FROM api_users WHERE login = 'owner@race.test'")).toEqual([
    { customer_id: id, agent_id: null },
  ]);
  // The login is the winner's: its password, not the loser's (a waiting customer's right password says 102405).
  const login = (pw: string) =>
    w.server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'owner@race.test', password: pw } });
  expectError(await login(password), 403, 102405);
  expectError(await login(lost), 401, 102402);
});

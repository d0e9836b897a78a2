import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { apiWorld, expectAnswered, type ApiWorld } from '../api-helpers.js';
import { restCall } from './rest-call.js';

/** One's own password through `change_password`: the old one proves it is you; other sessions end. */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});
afterAll(() => expectAnswered(['PUT change_password']));

const change = async (key: string, args: Record<string, unknown>) => {
  const r = await restCall(w, 'PUT', 'change_password', key, args);
  return { status: r.status, message: r.body.message };
};
const signIn = (login: string, password: string) =>
  w.server.app.inject({ method: 'POST', url: '/api/login/', payload: { login, password } }).then((r) => r.statusCode);
const alive = async (key: string) => (await w.get('customer_list', { session_key: key })).statusCode === 200;

it('takes a new password only with the current one, and names the field it refuses', async () => {
  const a = await w.login('a');
  for (const [body, message] of [
    [{ old_password: 'pw-a', new_password: 'short' }, '100422: Invalid parameter new_password'],
    [{ old_password: 'wrong', new_password: 'long-enough' }, '100422: Invalid parameter old_password: not your current password'],
    [{ new_password: 'long-enough' }, '100400: Missing required parameter old_password'],
  ] as const) {
    const r = await change(a, body);
    expect(r.status, message).toBe(400);
    expect(r.message, message).toMatch(new RegExp(`^${message}`));
  }
  expect((await change(a, { old_password: 'pw-a', new_password: 'a-new-password' })).status).toBe(200);
  expect(await signIn('a', 'pw-a')).not.toBe(200);
  expect(await signIn('a', 'a-new-password')).toBe(200);
});

it("an agent changes its own, ending its other sessions and keeping this one; nobody else's changes", async () => {
  const x = await w.login('x');
  const other = await w.login('x');
  expect((await change(x, { customer_id: 1, old_password: 'pw-x', new_password: 'x-new-password' })).status).toBe(200);
  expect(await alive(x)).toBe(true);
  expect(await alive(other)).toBe(false);
  expect(await signIn('x', 'x-new-password')).toBe(200);
  expect(await signIn('a', 'pw-a')).toBe(200);
  expect((await change('no-such-key', { old_password: 'pw-x', new_password: 'long-enough' })).status).toBe(401);
});

it('guesses no faster than the login: wrong old passwords are counted as failed logins', async () => {
  const a = await w.login('a');
  let last: { status: number; message?: string | undefined } = { status: 0 };
  for (let i = 0; i < 11; i++) last = await change(a, { old_password: `wrong-${i}`, new_password: 'long-enough' });
  expect(last.status).toBe(429);
  expect(last.message).toMatch(/^102429: /);
  expect(await signIn('a', 'pw-a')).toBe(429);
});

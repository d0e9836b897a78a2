import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { apiWorld, expectAnswered, type ApiWorld } from '../api-helpers.js';
import { restCall, type Verb } from './rest-call.js';

/** A customer's API logins through `api_login`: list, add, change a password, remove. */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});
afterAll(() => expectAnswered(['GET api_login', 'POST api_login', 'PUT api_login', 'DELETE api_login']));

const call = (verb: Verb, key: string, args: Record<string, unknown> = {}) => restCall(w, verb, 'api_login', key, args);
const signIn = (login: string, password: string) =>
  w.server.app.inject({ method: 'POST', url: '/api/login/', payload: { login, password } }).then((r) => r.statusCode);
const alive = async (key: string) => (await w.get('site', { session_key: key })).statusCode === 200;

it('lists the logins, adds one that signs in, and names the field it refuses', async () => {
  const a = await w.login('a');
  expect((await call('GET', a)).body.data).toEqual([{ id: expect.any(Number), login: 'a', current: true }]);
  for (const [body, field] of [
    [{ login: 'a2', password: 'short' }, 'password'],
    [{ login: 'with space', password: 'long-enough' }, 'login'],
    [{ login: 'b', password: 'long-enough' }, 'login: already taken'],
  ] as const) {
    const r = await call('POST', a, body);
    expect(r.status, field).toBe(400);
    expect(r.body.message, field).toMatch(new RegExp(`^100422: Invalid parameter ${field}`));
  }
  expect((await call('POST', a, { login: 'a2', password: 'a2-password' })).status).toBe(200);
  expect(await signIn('a2', 'a2-password')).toBe(200);
  const list = (await call('GET', a)).body.data as Array<{ login: string; current: boolean }>;
  expect(list.map((l) => [l.login, l.current])).toEqual([
    ['a', true],
    ['a2', false],
  ]);
});

it("changes a login's password, ending its other sessions and keeping the caller's", async () => {
  const a = await w.login('a');
  const other = await w.login('a');
  const aId = ((await call('GET', a)).body.data as Array<{ id: number }>)[0]!.id;
  expect((await call('PUT', a, { id: aId, password: 'short' })).status).toBe(400);
  expect((await call('PUT', a, { id: aId, password: 'a-new-password' })).status).toBe(200);
  expect(await alive(a)).toBe(true);
  expect(await alive(other)).toBe(false);
  expect(await signIn('a', 'pw-a')).not.toBe(200);
  expect(await signIn('a', 'a-new-password')).toBe(200);
});

it('keeps the session that presents its key in the Authorization header too', async () => {
  const a = await w.login('a');
  const aId = ((await call('GET', a)).body.data as Array<{ id: number }>)[0]!.id;
  const res = await w.server.app.inject({
    method: 'PUT',
    url: '/api/v1/api_login/',
    headers: { authorization: `Bearer ${a}` },
    payload: { args: { id: aId, password: 'a-new-password' } },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(await alive(a)).toBe(true);
});

it('removes a login with its sessions, but never the last one', async () => {
  const a = await w.login('a');
  const [aId] = ((await call('GET', a)).body.data as Array<{ id: number }>).map((l) => l.id);
  const last = await call('DELETE', a, { id: aId });
  expect(last.status).toBe(409);
  expect(last.body.message).toMatch(/^100409: The last API login/);
  const a2 = (await call('POST', a, { login: 'a2', password: 'a2-password' })).body.data as { id: number };
  const k2 = await w.server.app
    .inject({ method: 'POST', url: '/api/login/', payload: { login: 'a2', password: 'a2-password' } })
    .then((r) => r.json().data.session_key as string);
  expect((await call('DELETE', a, { id: a2.id })).status).toBe(200);
  expect(await alive(k2)).toBe(false);
  expect(await signIn('a2', 'a2-password')).not.toBe(200);
  expect(((await call('GET', a)).body.data as unknown[]).length).toBe(1);
});

it("reaches only the acting customer's logins", async () => {
  const a = await w.login('a');
  const x = await w.login('x');
  const c = await w.login('c');
  const cId = ((await call('GET', c)).body.data as Array<{ id: number }>)[0]!.id;
  expect((await call('PUT', a, { id: cId, password: 'taken-over' })).status).toBe(404);
  expect((await call('DELETE', a, { id: cId })).status).toBe(404);
  expect((await call('GET', x, { customer_id: 3 })).status).toBe(403);
  expect((await call('GET', x)).status).toBe(403);
  const bs = (await call('GET', x, { customer_id: 2 })).body.data as Array<{ login: string; current: boolean }>;
  expect(bs).toEqual([{ id: expect.any(Number), login: 'b', current: false }]);
  expect((await call('POST', x, { customer_id: 2, password: 'b2-password', login: 'b2' })).status).toBe(200);
  expect(await signIn('b2', 'b2-password')).toBe(200);
  expect(await signIn('c', 'pw-c')).toBe(200);
});

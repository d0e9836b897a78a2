import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiWorld, giveNumbers, type ApiWorld } from '../api-helpers.js';

/** A site's settings through the app: read, checked as the site configuration checks them, written. */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});

const call = async (method: 'GET' | 'PUT', url: string, key: string, payload?: unknown) => {
  const res = await w.server.app.inject({
    method,
    url,
    headers: { 'x-session-key': key },
    ...(payload ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as { data?: { settings: Record<string, unknown> }; message?: string } };
};
const SETTINGS = {
  lang: 'en',
  captcha: true,
  callback_scenario: null,
  dt_lease_minutes: 30,
  dt_overflow: 'reserved',
  dt_reserved_number: '74950001111',
};

it('reads the defaults, refuses what the configuration refuses, and keeps what it writes', async () => {
  const a = await w.login('a');
  expect((await call('GET', '/app/api/sites/1/settings', a)).body.data!.settings).toEqual({
    lang: 'ru',
    captcha: false,
    callback_scenario: null,
    dt_lease_minutes: 15,
    dt_overflow: 'static',
    dt_reserved_number: null,
  });
  for (const [body, field] of [
    [{ ...SETTINGS, dt_reserved_number: null }, 'dt_reserved_number'],
    [SETTINGS, 'dt_reserved_number: not a number of the customer'],
    [{ ...SETTINGS, dt_lease_minutes: 5000 }, 'dt_lease_minutes'],
    [{ ...SETTINGS, callback_scenario: 'Nobody’s' }, 'callback_scenario'],
    [{ ...SETTINGS, extra: 1 }, ''],
  ] as const) {
    const r = await call('PUT', '/app/api/sites/1/settings', a, body);
    expect(r.status, field).toBe(400);
    expect(r.body.message, field).toMatch(new RegExp(`^400002: Invalid request: ${field}`));
  }
  await giveNumbers(w, 1, ['74950001111']);
  expect((await call('PUT', '/app/api/sites/1/settings', a, SETTINGS)).status).toBe(200);
  expect((await call('GET', '/app/api/sites/1/settings', a)).body.data!.settings).toEqual(SETTINGS);
  const row = w.server.db.prepare('SELECT settings, dt_overflow FROM sites WHERE id = 1').get() as {
    settings: string;
    dt_overflow: string;
  };
  expect(JSON.parse(row.settings)).toMatchObject({ lang: 'en', captcha: true });
  expect(row.dt_overflow).toBe('reserved');
});

it("answers another customer's site as none", async () => {
  const a = await w.login('a');
  expect((await call('GET', '/app/api/sites/3/settings', a)).status).toBe(404);
  expect((await call('PUT', '/app/api/sites/3/settings', a, SETTINGS)).status).toBe(404);
});

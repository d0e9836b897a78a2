import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { apiWorld, expectAnswered, giveNumbers, type ApiWorld } from '../api-helpers.js';
import { restCall, type Verb } from './rest-call.js';

/** A site's settings through `site_settings`: read, checked as the site configuration checks them, written. */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});
afterAll(() => expectAnswered(['GET site_settings', 'PUT site_settings']));

const call = (verb: Verb, key: string, args: Record<string, unknown>) => restCall(w, verb, 'site_settings', key, args);
const settingsOf = async (key: string, site: number) =>
  ((await call('GET', key, { site_id: site })).body.data as { settings: Record<string, unknown> }).settings;
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
  expect(await settingsOf(a, 1)).toEqual({
    lang: 'ru',
    captcha: false,
    callback_scenario: null,
    dt_lease_minutes: 15,
    dt_overflow: 'static',
    dt_reserved_number: null,
  });
  for (const [body, message] of [
    [{ ...SETTINGS, dt_reserved_number: null }, '100422: Invalid parameter dt_reserved_number'],
    [SETTINGS, '100422: Invalid parameter dt_reserved_number: not a number of the customer'],
    [{ ...SETTINGS, dt_lease_minutes: 5000 }, '100422: Invalid parameter dt_lease_minutes'],
    [{ ...SETTINGS, callback_scenario: 'Nobody’s' }, '100422: Invalid parameter callback_scenario'],
    [{ ...SETTINGS, extra: 1 }, '100423: Unknown parameter extra'],
  ] as const) {
    const r = await call('PUT', a, { site_id: 1, ...body });
    expect(r.status, message).toBe(400);
    expect(r.body.message, message).toMatch(new RegExp(`^${message}`));
  }
  await giveNumbers(w, 1, ['74950001111']);
  expect((await call('PUT', a, { site_id: 1, ...SETTINGS })).status).toBe(200);
  expect(await settingsOf(a, 1)).toEqual(SETTINGS);
  const row = w.server.db.prepare('SELECT settings, dt_overflow FROM sites WHERE id = 1').get() as {
    settings: string;
    dt_overflow: string;
  };
  expect(JSON.parse(row.settings)).toMatchObject({ lang: 'en', captcha: true });
  expect(row.dt_overflow).toBe('reserved');
});

it("answers another customer's site as none", async () => {
  const a = await w.login('a');
  const get = await call('GET', a, { site_id: 3 });
  expect(get.status).toBe(404);
  expect(get.body.message).toMatch(/^100410: /);
  expect((await call('PUT', a, { site_id: 3, ...SETTINGS })).status).toBe(404);
});

import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiWorld, type ApiWorld } from '../api-helpers.js';

/** The customer's time zone through the app: checked, stored, and answered where the app reads it. */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});

const put = async (key: string, payload: object) => {
  const res = await w.server.app.inject({ method: 'PUT', url: '/app/api/customer/time-zone', headers: { 'x-session-key': key }, payload });
  return { status: res.statusCode, message: (res.json() as { message?: string }).message };
};
const zoneOf = (id: number) =>
  (w.server.db.prepare('SELECT time_zone FROM customers WHERE id = ?').get(id) as { time_zone: string }).time_zone;

it('stores an IANA zone, which /app/api/me then answers, and refuses anything else beside the field', async () => {
  const a = await w.login('a');
  for (const zone of ['Mars/Olympus', '', 'x'.repeat(65)]) {
    const r = await put(a, { time_zone: zone });
    expect(r.status, zone).toBe(400);
    expect(r.message, zone).toMatch(/^400002: Invalid request: time_zone/);
  }
  expect(zoneOf(1)).toBe('Europe/Moscow');
  expect((await put(a, { time_zone: 'Asia/Tokyo' })).status).toBe(200);
  expect(zoneOf(1)).toBe('Asia/Tokyo');
  const me = await w.server.app.inject({ method: 'GET', url: '/app/api/me', headers: { 'x-session-key': a } });
  expect(me.json().data.customer.time_zone).toBe('Asia/Tokyo');
});

it('an agent sets its chosen customer’s zone only; a customer only its own', async () => {
  const x = await w.login('x');
  const a = await w.login('a');
  expect((await put(x, { time_zone: 'Asia/Tokyo' })).status).toBe(403);
  expect((await put(x, { customer_id: 3, time_zone: 'Asia/Tokyo' })).status).toBe(403);
  expect((await put(a, { customer_id: 2, time_zone: 'Asia/Tokyo' })).status).toBe(403);
  expect((await put(x, { customer_id: 2, time_zone: 'America/New_York' })).status).toBe(200);
  expect([zoneOf(1), zoneOf(2), zoneOf(3)]).toEqual(['Europe/Moscow', 'America/New_York', 'Europe/Moscow']);
});

import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { apiWorld, expectAnswered, type ApiWorld } from '../api-helpers.js';
import { restCall } from './rest-call.js';

/** The customer's time zone through `customer_time_zone`: checked, stored, and answered where the app reads it. */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});
afterAll(() => expectAnswered(['PUT customer_time_zone']));

const put = async (key: string, args: Record<string, unknown>) => {
  const r = await restCall(w, 'PUT', 'customer_time_zone', key, args);
  return { status: r.status, message: r.body.message };
};
const zoneOf = (id: number) =>
  (w.server.db.prepare('SELECT time_zone FROM customers WHERE id = ?').get(id) as { time_zone: string }).time_zone;

it('stores an IANA zone, which `me` then answers, and refuses anything else beside the field', async () => {
  const a = await w.login('a');
  for (const zone of ['Mars/Olympus', '', 'x'.repeat(65)]) {
    const r = await put(a, { time_zone: zone });
    expect(r.status, zone).toBe(400);
    expect(r.message, zone).toMatch(/^100422: Invalid parameter time_zone/);
  }
  expect(zoneOf(1)).toBe('Europe/Moscow');
  expect((await put(a, { time_zone: 'Asia/Tokyo' })).status).toBe(200);
  expect(zoneOf(1)).toBe('Asia/Tokyo');
  expect(((await restCall(w, 'GET', 'me', a)).body.data as { customer: { time_zone: string } }).customer.time_zone).toBe('Asia/Tokyo');
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

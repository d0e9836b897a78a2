import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiWorld, expectData, type ApiWorld } from '../api-helpers.js';

/**
 * Erasing a visitor takes its queued mail alerts with it (visitors/erasure.ts): their lines hold
 * the caller's number, the request's name and message, and would otherwise wait up to a minute
 * for their mail. Another visitor's alerts stay.
 */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});

const lines = () => (w.server.db.prepare('SELECT line FROM alert_queue ORDER BY id').all() as Array<{ line: string }>).map((r) => r.line);

it('deletes the erased visitor’s queued alerts and keeps the others’', async () => {
  const a = await w.login('a');
  const subscriptions = [
    { site_id: 1, kind: 'request' },
    { site_id: 0, kind: 'chat_unanswered' },
  ];
  expect((await w.post('set_alert_settings', a, { email: 'owner@x.test', subscriptions }, { action: 'PUT' })).statusCode).toBe(200);
  const anna = await w.visit('site-1', 'http://a.test/');
  await anna.send('offline_request', { message: 'call me about the order', phone: '+7 916 123-45-67', name: 'Anna Erasova' });
  await anna.send('sitephone', { phone: '+7 916 123-45-67' });
  const boris = await w.visit('site-1', 'http://a.test/');
  await boris.send('offline_request', { message: 'a question', name: 'Boris Staying' });
  expect(lines().filter((l) => /Anna|9161234567/.test(l))).toHaveLength(2);

  expectData(await w.post('erase_visitor', a, { visitor_id: anna.visitor }, { action: 'DELETE' }));
  expect(lines()).toEqual(['Boris Staying: a question']);
});

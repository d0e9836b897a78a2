import { afterAll, describe, expect, it } from 'vitest';
import { blocksWorldEachTest, expectAnswered, expectData, expectError, type ApiWorld, type BlocksWorld } from '../api-helpers.js';

let w: ApiWorld;
let a: string;
let rows: BlocksWorld['rows'];
// Signed in as `a`, with the numbers A's blocks show: the operator gave them to A.
blocksWorldEachTest((x) => ({ w, a, rows } = x));

describe('agent functions', () => {
  it('customer_list and agent_tp answer the agent’s customers and the tariff plans; customers get 102403', async () => {
    const x = await w.login('x');
    expect(expectData(await w.get('customer_list', { session_key: x }))).toEqual([
      { id: 1, name: 'A', state: 'active' },
      { id: 2, name: 'B', state: 'active' },
    ]);
    expect(expectData(await w.get('agent_tp', { session_key: x }))).toEqual([
      { id: 1, name: 'Start' },
      { id: 2, name: 'Business' },
    ]);
    expectError(await w.get('customer_list', { session_key: a }), 403, 102403);
    expectError(await w.get('agent_tp', { session_key: a }), 403, 102403);
  });

  const newCustomer = {
    customer_name: 'New Co',
    tp_id: 2,
    monthly_base_limit: 10000,
    monthly_base_notify_limit: 8000,
    monthly_base_notify_email: 'base@new.test',
    monthly_calls_limit: 5000,
    monthly_calls_notify_limit: 4000,
    monthly_calls_notify_email: 'calls@new.test',
    daily_calls_limit: 500,
    daily_calls_notify_limit: 400,
    daily_calls_notify_email: 'daily@new.test',
    email: 'owner@new.test',
    password: 'new-password',
  };

  it('create_agent_customer makes a waiting customer that cannot log in or serve pages until activated; activation charges the agent', async () => {
    const x = await w.login('x');
    const { customer_id: id } = expectData(await w.post('create_agent_customer', x, newCustomer)) as { customer_id: number };
    expect(rows('SELECT name, state, agent_id, tp_id, email, time_zone FROM customers WHERE id = ?', id)).toEqual([
      { name: 'New Co', state: 'waiting', agent_id: 1, tp_id: 2, email: 'owner@new.test', time_zone: 'Europe/Moscow' },
    ]);
    expect(JSON.parse(rows('SELECT limits FROM customers WHERE id = ?', id)[0]!.limits as string)).toMatchObject({
      monthly_base_limit: 10000,
      daily_calls_notify_email: 'daily@new.test',
    });
    const login = { method: 'POST' as const, url: '/api/login/', payload: { login: 'owner@new.test', password: 'new-password' } };
    expectError(await w.server.app.inject(login), 403, 102405);
    // The agent sets it up before activation: a site, which serves no page yet.
    const site = expectData(await w.post('create_site', x, { domain: 'new.test', user_phone: '74950001122', customer_id: id })) as {
      site_key: string;
    };
    expect((await w.pageView(site.site_key, 'https://new.test/')).status).toBe(404);
    expect((await w.get('customer_list', { session_key: x })).json().data).toContainEqual({ id, name: 'New Co', state: 'waiting' });

    w.clock.ms = Date.UTC(2026, 10, 24, 22, 30); // 01:30 on the 25th in Moscow
    const x2 = await w.login('x');
    expect((await w.post('activate_agent_customer', x2, { customer_id: id })).json()).toEqual({ success: true });
    expect(rows('SELECT state FROM customers WHERE id = ?', id)).toEqual([{ state: 'active' }]);
    expect(rows('SELECT agent_id, customer_id, kind, tp_id, day, amount_kopecks FROM agent_charges WHERE customer_id = ?', id)).toEqual([
      { agent_id: 1, customer_id: id, kind: 'tp', tp_id: 2, day: '2026-11-25', amount_kopecks: 9900 },
    ]);
    expectData(await w.server.app.inject(login));
    expect((await w.pageView(site.site_key, 'https://new.test/')).status).toBe(200);
    // Activating twice charges once.
    expectError(await w.post('activate_agent_customer', x2, { customer_id: id }), 409, 100409);
    expect(rows('SELECT id FROM agent_charges WHERE customer_id = ?', id)).toHaveLength(1);
  });

  it('create_agent_customer validates every parameter', async () => {
    const x = await w.login('x');
    for (const k of Object.keys(newCustomer)) {
      const { [k]: _gone, ...rest } = newCustomer as Record<string, unknown>;
      expectError(await w.post('create_agent_customer', x, rest), 400, 100400);
    }
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, tp_id: 99 }), 404, 100410);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, email: 'not-mail' }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, monthly_calls_notify_email: 'x' }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, daily_calls_limit: -1 }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, daily_calls_notify_limit: 501 }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, password: 'short' }), 400, 100422);
    expectError(await w.post('create_agent_customer', x, { ...newCustomer, time_zone: 'Mars/Base' }), 400, 100422);
    expectData(await w.post('create_agent_customer', x, { ...newCustomer, time_zone: 'Asia/Yekaterinburg' }));
    expectError(await w.post('create_agent_customer', x, newCustomer), 409, 100503);
    expectError(await w.post('create_agent_customer', a, newCustomer), 403, 102403);
  });
});

// Every success answer above was checked against its function's declared response schema (the one
// the OpenAPI document shows, api-helpers.ts checkAnswer); this makes sure none of the agent functions was left out.
afterAll(() => expectAnswered(['GET customer_list', 'GET agent_tp', 'POST create_agent_customer', 'POST activate_agent_customer']));

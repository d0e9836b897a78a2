import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { apiWorld, expectAnswered, TEST_TELEPHONY_SEED, type ApiWorld } from '../api-helpers.js';
import { restCall, type Verb } from './rest-call.js';

/** Scenarios made and changed through the REST extensions, and the caller-number lists they route by. */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld(':memory:', undefined, { telephonySeed: TEST_TELEPHONY_SEED });
});
afterEach(async () => {
  await w.server.close();
});

afterAll(() =>
  expectAnswered([
    'GET scenario_detail',
    'POST create_scenario',
    'PUT change_scenario',
    'POST scenario_route',
    'DELETE scenario_route',
    'GET numa_list',
  ]),
);

const call = (verb: Verb, fn: string, key: string, args: Record<string, unknown> = {}) => restCall(w, verb, fn, key, args);
const buy = async (key: string) => (await w.post('buy_number', key, { customer_id: 1, region: '495' })).json().data.numb as string;

it('creates a scenario on numbers of the customer, changes it, and the REST API lists it so', async () => {
  const a = await w.login('a');
  // The first number of the capacity already answers the seed's scenario Main.
  await buy(a);
  const n1 = await buy(a);
  const n2 = await buy(a);
  const made = await call('POST', 'create_scenario', a, { name: 'Sales', forward_to: '+7 (916) 555-44-33', numbers: [n1] });
  expect(made.status, made.body.message).toBe(200);
  const id = (made.body.data as { id: number }).id;
  const changed = await call('PUT', 'change_scenario', a, { id, name: 'Sales desk', forward_to: null, numbers: [n1, n2] });
  expect(changed.status, changed.body.message).toBe(200);
  const listed = (await w.get('scenarios', { session_key: a })).json().data as Array<{
    id: number;
    name: string;
    virtual_number: string[];
  }>;
  expect(listed.find((s) => s.id === id)).toEqual({ id, name: 'Sales desk', virtual_number: [n1, n2].sort() });
  const own = (await call('GET', 'scenario_detail', a)).body.data as Array<{ id: number; forward_to: string | null }>;
  expect(own.find((s) => s.id === id)).toMatchObject({ forward_to: null });
});

it('names the field it refuses: a number not the customer’s or answered by another scenario, a bad phone', async () => {
  const a = await w.login('a');
  await buy(a);
  const n1 = await buy(a);
  await call('POST', 'create_scenario', a, { name: 'First', numbers: [n1] });
  for (const [body, text] of [
    [{ name: 'X', numbers: ['74950003333'] }, 'numbers: 74950003333 is not a number of the customer'],
    [{ name: 'X', numbers: [n1] }, `numbers: ${n1} already answers another scenario`],
    [{ name: 'X', forward_to: '1234' }, 'forward_to: not a complete phone number for Russia (+7 …, 11 digits)'],
    [{ name: ' ' }, 'name'],
  ] as const) {
    const r = await call('POST', 'create_scenario', a, body);
    expect(r.status, text).toBe(400);
    expect(r.body.message, text).toMatch(new RegExp(`^100422: Invalid parameter ${text.replace(/[()+]/g, '\\$&')}`));
  }
});

it('routes callers on a list of the customer elsewhere, and removes the route', async () => {
  const a = await w.login('a');
  const c = await w.login('c');
  const list = (await w.post('create_numa_list', a, { name: 'VIP' })).json().data.numa_list_id as number;
  await w.post('add_number_to_numa_list', a, { numa_list_id: list, number: '+7 916 123-45-67' });
  expect((await call('GET', 'numa_list', a)).body.data).toEqual([{ id: list, name: 'VIP', numbers: ['79161234567'] }]);
  expect((await call('GET', 'numa_list', c)).body.data).toEqual([]);
  const id = ((await call('POST', 'create_scenario', a, { name: 'Routed' })).body.data as { id: number }).id;
  const r = await call('POST', 'scenario_route', a, { scenario_id: id, numa_list_id: list, forward_to: '79160000001' });
  expect(r.status, r.body.message).toBe(200);
  const routes = () =>
    call('GET', 'scenario_detail', a).then(
      (x) => (x.body.data as Array<{ id: number; routes: unknown[] }>).find((s) => s.id === id)!.routes,
    );
  const [route] = (await routes()) as Array<{ id: number }>;
  expect(route).toMatchObject({ numa_list_id: list, list_name: 'VIP', forward_to: '79160000001' });
  expect((await call('DELETE', 'scenario_route', a, { scenario_id: id, id: route!.id })).status).toBe(200);
  expect(await routes()).toEqual([]);
});

it("reaches no other customer's scenario or list", async () => {
  const a = await w.login('a');
  const c = await w.login('c');
  const theirs = (await call('GET', 'scenario_detail', c)).body.data as Array<{ id: number }>;
  const list = (await w.post('create_numa_list', c, { name: 'C list' })).json().data.numa_list_id as number;
  expect((await call('PUT', 'change_scenario', a, { id: theirs[0]!.id, name: 'Mine now' })).status).toBe(404);
  expect(
    (await call('POST', 'scenario_route', a, { scenario_id: theirs[0]!.id, numa_list_id: list, forward_to: '79160000001' })).status,
  ).toBe(404);
  const own = ((await call('POST', 'create_scenario', a, { name: 'Own' })).body.data as { id: number }).id;
  const r = await call('POST', 'scenario_route', a, { scenario_id: own, numa_list_id: list, forward_to: '79160000001' });
  expect(r.status).toBe(400);
  expect(r.body.message).toMatch(/numa_list_id: not a caller list of the customer/);
  expect(((await call('GET', 'scenario_detail', c)).body.data as Array<{ name: string }>)[0]!.name).toBe('C only scenario');
});

it('gives a number to one of two scenarios made at once, and refuses the other', async () => {
  const a = await w.login('a');
  await buy(a);
  const n = await buy(a);
  const both = await Promise.all(['One', 'Two'].map((name) => call('POST', 'create_scenario', a, { name, numbers: [n] })));
  expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
});

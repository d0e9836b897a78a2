import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiFunction, OwnedObject } from '../../../../src/server/api/function.js';
import { API_FUNCTIONS } from '../../../../src/server/rest-functions.js';
import { apiWorld, expectData, expectError, giveNumbers, insertCallFixture, TEST_TELEPHONY_SEED, type ApiWorld } from '../api-helpers.js';
import { insertConnection } from '../../../../src/server/carriers/connections.js';
import { insertDestination } from '../../../../src/server/conversions/destinations.js';

/**
 * Every function × {customer session, agent session} × another customer's data: customer A (of
 * agent X) and agent X reach for customer C (of agent Y). The arguments come from each function's
 * declaration: where it `names` or `filters` by one of the customer's objects, C's object of that
 * kind (OBJECT_OF); every other required argument a plain value of its name (SAMPLE). A function
 * that names one of C's objects must be refused with an access or not-found code; one that only
 * filters by them, or names none, must answer nothing of C's. C's rows must be the same afterwards.
 * A few functions need a hand-written case (CASES).
 */

interface Victim {
  site: number;
  ac: number;
  group: number;
  condition: number;
  block: number;
  list: number;
  /** C's traffic: a visitor with its session, goal, chat, request and call-back, its call leg, and C's tag. */
  visitor: number;
  person: number;
  session: number;
  goal: number;
  chat: number;
  offline: number;
  call: number;
  leg: number;
  tag: number;
  /** C's webhook and an event of it. */
  webhook: number;
  webhookEvent: string;
  /** C's REST login, scenario and a route of it, employee and SIP line. */
  login: number;
  scenario: number;
  route: number;
  employee: number;
  sipLine: number;
  /** A carrier connection of C's agent Y. */
  carrierConnection: number;
  /** C's API key. */
  apiKey: number;
  conversionDestination: number;
}

/** C's object of each kind a declaration may name (api/function.ts, OwnedObject). */
const OBJECT_OF: Record<OwnedObject, (v: Victim) => unknown> = {
  customer: () => 3,
  site: (v) => v.site,
  number: () => '74950003333',
  campaign: (v) => v.ac,
  condition_group: (v) => v.group,
  condition: (v) => v.condition,
  number_block: (v) => v.block,
  numa_list: (v) => v.list,
  visitor: (v) => v.visitor,
  person: (v) => v.person,
  session: (v) => v.session,
  goal: (v) => v.goal,
  call: (v) => v.call,
  call_leg: (v) => v.leg,
  chat: (v) => v.chat,
  offline_message: (v) => v.offline,
  communication: (v) => v.goal,
  tag: (v) => v.tag,
  webhook: (v) => v.webhook,
  webhook_event: (v) => v.webhookEvent,
  api_login: (v) => v.login,
  scenario: (v) => v.scenario,
  scenario_route: (v) => v.route,
  employee: (v) => v.employee,
  sip_line: (v) => v.sipLine,
  carrier_connection: (v) => v.carrierConnection,
  api_key: (v) => v.apiKey,
  conversion_destination: (v) => v.conversionDestination,
};

const YEAR = { date_from: '2026-01-01', date_till: '2027-01-01' };
const LIMIT = 1;
const EMAIL = 'e@e.test';

/** A valid value of each required argument that names nothing of a customer's, by its name. */
const SAMPLE: Record<string, unknown> = {
  ...YEAR,
  name: 'Evil',
  domain: 'evil.test',
  user_phone: '+7 (495) 000-00-00',
  number: '+7 (495) 000-00-00',
  forward_to: '+7 (495) 000-00-00',
  region: '495',
  ac_parameter: 'utm_source',
  ac_operator: '=',
  value: 'evil',
  is_negative: false,
  method: 'create_dialing_operation',
  object_type: 'goal',
  cost: 1,
  date_time: '2026-11-24',
  selector: '#x',
  url: 'https://evil.example/hook',
  events: ['call.ended'],
  time_zone: 'Asia/Tokyo',
  lang: 'en',
  captcha: true,
  callback_scenario: null,
  dt_lease_minutes: 1,
  dt_overflow: 'static',
  dt_reserved_number: null,
  login: 'evil-login',
  password: 'evil-password',
  // A wrong old password: refused whoever calls, and nobody else's password is in reach.
  old_password: 'wrong-password',
  new_password: 'evil-password',
  first_name: 'Evil',
  last_name: 'E',
  email: 'evil@e.test',
  customer_name: 'Evil',
  tp_id: 1,
  monthly_base_limit: LIMIT,
  monthly_base_notify_limit: LIMIT,
  monthly_base_notify_email: EMAIL,
  monthly_calls_limit: LIMIT,
  monthly_calls_notify_limit: LIMIT,
  monthly_calls_notify_email: EMAIL,
  daily_calls_limit: LIMIT,
  daily_calls_notify_limit: LIMIT,
  daily_calls_notify_email: EMAIL,
  kind: 'evil',
  label: 'Evil',
  credentials: {},
  country: 'US',
  phone_number: '70000000000',
  confirm_price: 1,
  call_recording: true,
  read_only: false,
  platform: 'metrica',
  destination_id: 1,
  settings: { counter_id: '1', goal: 'lead' },
  template: 'metrica_calls',
  to: 'evil@e.test',
  subscriptions: [],
  period: 'daily',
  file: 'Day,Campaign,Cost\n2026-11-01,Evil,1\n',
  source: 'google_ads',
  platform_campaign: 'evil',
  amount: 1,
};

type Expect = 'refused' | 'nothing-of-theirs';
interface Row {
  args: (v: Victim) => Record<string, unknown>;
  /** What an attempt on C's objects gives for a session that may call the function. */
  then: Expect;
  /** The answer lists the caller's own rows, whose ids may be 3 too: C is looked for by its names only. */
  ownIds?: true;
}

/** The cases the declarations cannot give. */
const CASES: Record<string, Row> = {
  // The caller's own tag (1, A's Target) on C's communication: the communication is what is refused.
  'POST tag_communication': { args: (v) => ({ object_type: 'goal', object_id: v.goal, mark_id: 1 }), then: 'refused' },
  'POST tag_communication_sale': {
    args: (v) => ({ object_type: 'offline_message', object_id: v.offline, cost: 1, date_time: '2026-11-24' }),
    then: 'refused',
  },
  'POST untag_communication': { args: (v) => ({ object_type: 'sitephone', object_id: v.call, mark_id: v.tag }), then: 'refused' },
  // A campaign's blocks or a site's, one of them; a visitor or a person, one of them.
  'GET number_block': { args: (v) => ({ ac_id: v.ac }), then: 'refused' },
  'POST number_block': { args: (v) => ({ ac_id: v.ac, name: 'Evil', selector: '#x', numb: '70000000000' }), then: 'refused' },
  'DELETE erase_visitor': { args: (v) => ({ visitor_id: v.visitor }), then: 'refused' },
  // C's site for an employee of the caller's (a SIP line not the caller's is an invalid parameter).
  'POST create_employee': {
    args: (v) => ({ first_name: 'Evil', last_name: 'E', email: 'evil-employee@x.test', password: 'evil-password', sites: [v.site] }),
    then: 'nothing-of-theirs',
  },
  // C's numbers on a scenario of the caller's own.
  'POST create_scenario': { args: () => ({ name: 'Evil', numbers: ['74950003333'] }), then: 'nothing-of-theirs' },
  'GET numa_list': { args: () => ({}), then: 'nothing-of-theirs', ownIds: true },
};

/** An array argument, under its optional, nullable or default wrappers. */
function isArray(schema: z.ZodType): boolean {
  const inner = (schema.def as { innerType?: z.ZodType }).innerType;
  return schema instanceof z.ZodArray || (inner !== undefined && isArray(inner));
}

/** The attempt of a function on C's objects: its own case, or what its declaration says. */
function rowOf(fn: ApiFunction): Row {
  const own = CASES[`${fn.verb} ${fn.name}`];
  if (own) return own;
  const owned: Record<string, OwnedObject | undefined> = { ...fn.filters, ...fn.names };
  return {
    args: (v) => {
      const args: Record<string, unknown> = {};
      for (const [arg, schema] of Object.entries(fn.args.shape as Record<string, z.ZodType>)) {
        const kind = owned[arg];
        if (kind) args[arg] = isArray(schema) ? [OBJECT_OF[kind](v)] : OBJECT_OF[kind](v);
        else if (!schema.isOptional()) {
          if (!(arg in SAMPLE)) throw new Error(`${fn.verb} ${fn.name}: no sample value for ${arg} (SAMPLE, or a case in CASES)`);
          args[arg] = SAMPLE[arg];
        }
      }
      return args;
    },
    then: Object.keys(fn.names ?? {}).length ? 'refused' : 'nothing-of-theirs',
  };
}

let w: ApiWorld;
let victim: Victim;
const keys: Record<string, string> = {};

/** Everything of customer C (3), to compare before and after each attempt. */
function cRows(): unknown {
  const q = (sql: string) => w.server.db.prepare(sql).all();
  return {
    customer: q('SELECT * FROM customers WHERE id = 3'),
    sites: q('SELECT * FROM sites WHERE customer_id = 3'),
    campaigns: q('SELECT a.* FROM ad_campaigns a JOIN sites s ON s.id = a.site_id WHERE s.customer_id = 3'),
    groups: q(
      'SELECT g.* FROM ac_condition_groups g JOIN ad_campaigns a ON a.id = g.ac_id JOIN sites s ON s.id = a.site_id WHERE s.customer_id = 3',
    ),
    conditions: q(
      'SELECT c.* FROM ac_conditions c JOIN ac_condition_groups g ON g.id = c.ac_condition_group_id JOIN ad_campaigns a ON a.id = g.ac_id JOIN sites s ON s.id = a.site_id WHERE s.customer_id = 3',
    ),
    blocks: q('SELECT b.* FROM site_blocks b JOIN sites s ON s.id = b.site_id WHERE s.customer_id = 3'),
    pool: q(
      'SELECT p.* FROM dt_pool_numbers p JOIN site_blocks b ON b.id = p.block_id JOIN sites s ON s.id = b.site_id WHERE s.customer_id = 3',
    ),
    lists: q('SELECT * FROM numa_lists WHERE customer_id = 3'),
    numbers: q('SELECT n.* FROM numa_list_numbers n JOIN numa_lists l ON l.id = n.list_id WHERE l.customer_id = 3'),
    charges: q('SELECT * FROM agent_charges WHERE customer_id = 3'),
    heldNumbers: q('SELECT * FROM customer_numbers WHERE customer_id = 3'),
    platformRequests: q('SELECT * FROM callapi_requests WHERE customer_id = 3'),
    legCosts: q('SELECT * FROM call_leg_costs WHERE customer_id = 3'),
    media: q('SELECT * FROM media_files WHERE customer_id = 3'),
    sipLines: q('SELECT * FROM sip_lines WHERE customer_id = 3'),
    carrierConnections: q('SELECT * FROM carrier_connections WHERE agent_id = 2'),
    scenarios: q('SELECT * FROM scenarios WHERE customer_id = 3'),
    tagLinks: q('SELECT * FROM tag_links WHERE site_id = 3'),
    sales: q('SELECT * FROM sales WHERE site_id = 3'),
    visitors: q('SELECT * FROM visitors WHERE site_id = 3'),
    // Not its failing time: the worker tries C's test event in the background.
    webhooks: q('SELECT id, url, events, secret, enabled FROM webhook_endpoints WHERE customer_id = 3'),
    logins: q('SELECT * FROM api_users WHERE customer_id = 3'),
    employees: q('SELECT * FROM employees WHERE customer_id = 3'),
    employeeSites: q('SELECT es.* FROM employee_sites es JOIN employees e ON e.id = es.employee_id WHERE e.customer_id = 3'),
    routes: q('SELECT r.* FROM scenario_numa_routes r JOIN scenarios s ON s.id = r.scenario_id WHERE s.customer_id = 3'),
    scenarioNumbers: q('SELECT n.* FROM scenario_numbers n JOIN scenarios s ON s.id = n.scenario_id WHERE s.customer_id = 3'),
  };
}

beforeAll(async () => {
  w = await apiWorld(':memory:', undefined, { telephonySeed: TEST_TELEPHONY_SEED });
  for (const login of ['a', 'c', 'x']) keys[login] = await w.login(login);
  await giveNumbers(w, 3, ['74950003333', '74990003333']);
  const c = keys.c!;
  const ac = (expectData(await w.post('create_ac', c, { site_id: 3, name: 'C campaign' })) as { ac_id: number }).ac_id;
  const group = (expectData(await w.post('create_ac_condition_group', c, { ac_id: ac, name: 'g' })) as { ac_condition_group_id: number })
    .ac_condition_group_id;
  const condition = (
    expectData(
      await w.post('create_ac_condition', c, {
        ac_condition_group_id: group,
        ac_parameter: 'utm_source',
        ac_operator: '=',
        value: 'c',
        is_negative: false,
      }),
    ) as {
      ac_condition_id: number;
    }
  ).ac_condition_id;
  const block = (
    expectData(
      await w.post('number_block', c, {
        ac_id: ac,
        name: 'C block',
        selector: '#c',
        numb: '74950003333',
        dt_pool_numbers: ['74990003333'],
      }),
    ) as { id: number }
  ).id;
  const list = (expectData(await w.post('create_numa_list', c, { name: 'C list' })) as { numa_list_id: number }).numa_list_id;
  expectData(await w.post('add_number_to_numa_list', c, { numa_list_id: list, number: '79990000000' }));
  const v = await w.visit('site-3', 'http://c.test/');
  const goal = ((await v.send('event', { category: 'c', action: 'c goal' })) as { goal_id: number }).goal_id;
  await v.send('chat_message', { text: 'c chat' });
  const offline = ((await v.send('offline_request', { message: 'c request' })) as { offline_message_id: number }).offline_message_id;
  await v.send('sitephone', { phone: '79990003333' });
  const one = (sql: string) => w.server.db.prepare(sql).all(v.visitor)[0] as { id: number };
  const chat = one('SELECT id FROM chats WHERE visitor_id = ?').id;
  const callId = one('SELECT id FROM calls WHERE visitor_id = ?').id;
  const tag = (w.server.db.prepare('SELECT id FROM tags WHERE customer_id = 3').all()[0] as { id: number }).id;
  expectData(await w.post('tag_communication', c, { object_type: 'sitephone', object_id: callId, mark_id: tag }));
  // C's calls on its block number: its legs and costs are C's alone.
  await insertCallFixture(w.server, {
    siteId: 3,
    customerId: 3,
    legs: [
      { direction: 'in', numa: '79990003333', numb: '74950003333', setup: '2026-11-24 08:00:00', duration: 70 },
      { direction: 'out', numa: '74950003333', numb: '79990004444', setup: '2026-11-24 08:00:02', duration: 65, sip_line: '300101' },
    ],
  });
  expectData(await w.get('cdr_in_cost', { session_key: c, date_from: '2026-11-24', date_till: '2026-11-25' }));
  expectData(await w.post('create_dialing_operation', c, { svc_phone: '74950003333', user_phone: '79990005555' }));
  const webhook = (
    expectData(await w.post('create_webhook', c, { url: 'https://crm.c.test/hook', events: ['call.ended'] })) as { id: number }
  ).id;
  const webhookEvent = (expectData(await w.post('test_webhook', c, { id: webhook })) as { event_id: string }).event_id;
  const scenario = (w.server.db.prepare('SELECT id FROM scenarios WHERE customer_id = 3').all()[0] as { id: number }).id;
  expectData(await w.post('scenario_route', c, { scenario_id: scenario, numa_list_id: list, forward_to: '79990006666' }));
  const route = (w.server.db.prepare('SELECT id FROM scenario_numa_routes WHERE scenario_id = ?').all(scenario)[0] as { id: number }).id;
  const login = (w.server.db.prepare('SELECT id FROM api_users WHERE customer_id = 3').all()[0] as { id: number }).id;
  const person = one('SELECT person_id AS id FROM visitors WHERE id = ?').id;
  const leg = (w.server.db.prepare('SELECT id FROM call_legs WHERE customer_id = 3').all()[0] as { id: number }).id;
  const sipLine = (w.server.db.prepare('SELECT id FROM sip_lines WHERE customer_id = 3').all()[0] as { id: number }).id;
  victim = {
    site: 3,
    ac,
    group,
    condition,
    block,
    list,
    visitor: v.visitor,
    person,
    session: v.session,
    goal,
    chat,
    offline,
    call: callId,
    leg,
    tag,
    webhook,
    webhookEvent,
    login,
    scenario,
    route,
    employee: 31,
    sipLine,
    carrierConnection: await insertConnection(w.server.store.db, {
      kind: 'twilio',
      label: 'Y carrier',
      agent_id: 2,
      customer_id: null,
      credentials: 'sealed',
      created_at: '2026-11-24 09:00:00.000',
    }),
    apiKey: (expectData(await w.post('create_api_key', c, { name: 'C key', read_only: false })) as { id: number }).id,
    conversionDestination: await insertDestination(w.server.store.db, {
      site_id: 3,
      platform: 'ga4',
      label: 'C analytics',
      settings: '{}',
      credentials: 'sealed',
      created_at: '2026-11-24 09:00:00.000',
      updated_at: '2026-11-24 09:00:00.000',
    }),
  };
  // An employee of A who serves site 1, signed in to the app (for the employee's rules below).
  expectData(
    await w.post('create_employee', keys.a!, {
      first_name: 'Olga',
      last_name: 'Smirnova',
      email: 'olga@a.test',
      password: 'olga-password',
      sites: [1],
    }),
  );
  const signIn = await w.server.app.inject({
    method: 'POST',
    url: '/app/api/employee-session',
    payload: { email: 'olga@a.test', password: 'olga-password' },
  });
  keys.employee = (expectData(signIn) as { session_key: string }).session_key;
});
afterAll(async () => {
  await w.server.close();
});

async function call(fn: { name: string; verb: string }, key: string, args: Record<string, unknown>): Promise<LightMyRequestResponse> {
  if (fn.verb === 'GET') return w.get(fn.name, { session_key: key, ...args });
  return w.post(fn.name, key, args, fn.verb === 'POST' ? {} : { action: fn.verb });
}

/** No id, name or number of C's appears in the answer. */
function expectNothingOfC(res: LightMyRequestResponse, ownIds = false): void {
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode !== 200) return;
  const body = res.body;
  // C's keys as whole JSON strings: a new random widget key may begin with `wk-3`.
  for (const s of ['c.test', 'C campaign', 'C block', 'C list', 'Sidorov', 'C only', '"id":3,', '74950003333', '"site-3"', '"wk-3"'])
    if (!(ownIds && s === '"id":3,')) expect(body).not.toContain(s);
}

function expectRefused(res: LightMyRequestResponse): void {
  expect([403, 404], res.body).toContain(res.statusCode);
  expect(res.json().message).toMatch(/^(102403|211400|100501|100410): /);
}

describe('access of another customer’s data', () => {
  it('the hand-written cases are of functions the server answers', () => {
    const all = API_FUNCTIONS.map((f) => `${f.verb} ${f.name}`);
    expect(Object.keys(CASES).filter((c) => !all.includes(c))).toEqual([]);
  });

  for (const fn of API_FUNCTIONS) {
    const row = rowOf(fn);
    describe(`${fn.verb} ${fn.name}`, () => {
      it('customer session: customer_id of another customer, and the other customer’s objects', async () => {
        const before = cRows();
        if (fn.scope === 'agent') {
          expectError(await call(fn, keys.a!, row.args(victim)), 403, 102403);
        } else {
          expectError(await call(fn, keys.a!, { ...row.args(victim), customer_id: 3 }), 403, 102403);
          const res = await call(fn, keys.a!, row.args(victim));
          if (row.then === 'refused') expectRefused(res);
          else expectNothingOfC(res, row.ownIds);
        }
        expect(cRows()).toEqual(before);
      });

      it('agent session: without customer_id, with another agent’s customer, and through its own customer', async () => {
        const before = cRows();
        if (fn.scope === 'agent') {
          const res = await call(fn, keys.x!, row.args(victim));
          if (row.then === 'refused') expectError(res, 403, 102403);
          else expectNothingOfC(res, row.ownIds);
        } else {
          // Functions the document gives no required customer_id reach all the agent's customers without one.
          const bare = await call(fn, keys.x!, row.args(victim));
          if (fn.scope === 'customer') expectError(bare, 403, 102403);
          else if (row.then === 'refused') expectRefused(bare);
          else expectNothingOfC(bare, row.ownIds);
          expectError(await call(fn, keys.x!, { ...row.args(victim), customer_id: 3 }), 403, 102403);
          const res = await call(fn, keys.x!, { ...row.args(victim), customer_id: 1 });
          if (row.then === 'refused') expectRefused(res);
          else expectNothingOfC(res, row.ownIds);
        }
        expect(cRows()).toEqual(before);
      });
    });
  }
});

/**
 * An employee's key: the app sends it to `/app/api/employee/<function>`, which answers only the
 * journal, report and tagging functions of the sites the employee serves, and refuses every other
 * function with 403 (not 401: the app keeps the employee signed in). On `/api/v1/` the key is no
 * REST login's: 401. Without a key every function answers 401.
 *
 * The arguments of a function open to employees (its declaration's `employee`) are on the site the
 * employee serves (1); none for the tagging functions, which need a communication of that site.
 * `me` is answered by the employee's route itself.
 */
function openToEmployees(fn: ApiFunction): Record<string, unknown> | undefined {
  if (fn.name === 'me') return {};
  if (fn.scope !== 'customer' || !fn.employee) return undefined;
  if (fn.employee.site === 'none' || fn.employee.site === 'communication') return {};
  const required = Object.entries(fn.args.shape as Record<string, z.ZodType>).filter(([, schema]) => !schema.isOptional());
  return { ...Object.fromEntries(required.map(([arg]) => [arg, SAMPLE[arg]])), site_id: 1 };
}

describe('an employee’s key, and no key', () => {
  const employeeCall = (fn: { name: string; verb: string }, args: Record<string, unknown>) => {
    const url = `/app/api/employee/${fn.name}`;
    const headers = { 'x-session-key': keys.employee! };
    if (fn.verb === 'GET') return w.server.app.inject({ method: 'GET', url, headers, query: args as Record<string, string> });
    return w.server.app.inject({ method: 'POST', url, headers, payload: { args } });
  };

  for (const fn of API_FUNCTIONS) {
    const name = `${fn.verb} ${fn.name}`;
    it(`${name}: 403 for an employee unless open to them, 401 on /api/v1/ and without a key`, async () => {
      const open = openToEmployees(fn);
      const args = open ?? rowOf(fn).args(victim);
      const res = await employeeCall(fn, args);
      // The tagging functions are open but need a communication of the employee's sites: a 4xx of their own.
      if (open && Object.keys(open).length) expect(res.statusCode, res.body).toBe(200);
      else if (open) expect(res.statusCode, res.body).not.toBe(403);
      else {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toMatch(/^403100: Access denied/);
      }
      expectError(await call(fn, keys.employee!, args), 401, 102401);
      expectError(await call(fn, '', args), 401, 102401);
    });
  }

  it('the journal and report of a site the employee does not serve: 403', async () => {
    for (const fn of ['journal', 'daily_report']) {
      const res = await employeeCall({ name: fn, verb: 'GET' }, { site_id: 3, date_from: '2026-01-01', date_till: '2026-12-31' });
      expect(res.statusCode, fn).toBe(403);
    }
  });
});

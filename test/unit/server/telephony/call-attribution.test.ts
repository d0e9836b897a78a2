import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { SiteConfigSchema } from '../../../../src/server/site-import/site-config.js';
import { hashPassword } from '../../../../src/server/identity/password.js';
import { LEASE_SKEW_MS } from '../../../../src/server/leases/queries.js';
import type { TelephonyCounters } from '../../../../src/server/telephony/routes.js';
import { screenPopReader } from '../../../../src/server/telephony/screen-pop.js';
import { checkAnswer, expectData, expectError } from '../api-helpers.js';
import { callEvents, postEvent, SECRET, visit } from '../telephony-helpers.js';
import { createTestServer } from '../test-server.js';

/**
 * Which campaign a call is credited to, and whose a number is (docs/calls.md, "Which campaign a call is
 * credited to"). Customer 1 (Acme), site 1: the default block and the DT block of campaign 10
 * (Google) both show 74957770011, the DT pool is 74990000001, the reserved number 74950000000;
 * campaign 20 (Print) alone shows 74951110000; campaigns 30 and 40 both show 74952220000; the DT
 * block of campaign 60 falls back to 74950000009, which nothing else shows. Customer 2 (Rival),
 * site 2: its configuration shows Acme's 74951110000 on a block made after Acme's.
 */
const config = (operatorHash: string) =>
  SiteConfigSchema.parse({
    customers: [
      {
        id: 1,
        name: 'Acme',
        employees: [{ id: 11, last_name: 'Ivanova', first_name: 'Anna', email: 'anna@x.test', password_hash: operatorHash, sites: [1] }],
        sites: [
          {
            id: 1,
            domain: 'localhost',
            site_key: 'site-a',
            widget_key: 'wk-a',
            settings: { captcha: false, lang: 'ru' },
            dt: { overflow: 'reserved', reserved_number: '74950000000' },
            blocks: [{ id: 1, name: 'Main', selector: 'number=84951234567', numb: '74957770011' }],
            campaigns: [
              campaign(10, 'Google', [
                { id: 11, name: 'DT', selector: 'number=84951234567', numb: '74957770011', dt_pool: ['74990000001'] },
              ]),
              campaign(20, 'Print', [{ id: 21, name: 'Print', selector: '#print', numb: '74951110000' }]),
              campaign(30, 'Radio', [{ id: 31, name: 'Radio', selector: '#radio', numb: '74952220000' }]),
              campaign(40, 'TV', [{ id: 41, name: 'TV', selector: '#tv', numb: '74952220000' }]),
              campaign(60, 'Display', [{ id: 61, name: 'DT', selector: '#d', numb: '74950000009', dt_pool: ['74990000061'] }]),
            ],
          },
        ],
      },
      {
        id: 2,
        name: 'Rival',
        sites: [
          {
            id: 2,
            domain: 'b.test',
            site_key: 'site-b',
            widget_key: 'wk-b',
            settings: { captcha: false, lang: 'ru' },
            campaigns: [campaign(50, 'Rival ads', [{ id: 51, name: 'Taken', selector: '#b', numb: '74951110000' }])],
          },
        ],
      },
    ],
  });

function campaign(id: number, name: string, blocks: unknown[]) {
  const source = name.toLowerCase();
  return {
    id,
    name,
    condition_groups: [
      { id: id * 10, name: 'utm', conditions: [{ id: id * 100, ac_parameter: 'utm_source', ac_operator: '=', value: source }] },
    ],
    blocks,
  };
}

let server: ConsultantServer;
let counters: TelephonyCounters;
let logLines: Array<Record<string, unknown>>;

async function start() {
  counters = { refusedUnknownNumber: 0 };
  logLines = [];
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: config(await hashPassword('pw', 1024)),
    apiSeed: {
      tariff_plans: [{ id: 1, name: 'Start', daily_fee_kopecks: 3300 }],
      agents: [{ id: 1, name: 'X' }],
      customers: [
        { id: 1, agent_id: 1, tp_id: 1 },
        { id: 2, agent_id: 1, tp_id: 1 },
      ],
      users: [
        { login: 'a', password_hash: await hashPassword('pw-a', 1024), customer_id: 1 },
        { login: 'b', password_hash: await hashPassword('pw-b', 1024), customer_id: 2 },
      ],
      tags: [],
    },
    telephonySeed: {
      number_tariffs: [{ category: 'local', monthly_charge_kopecks: 90000, activation_charge_kopecks: 50000 }],
      // The first number of the region is Acme's already (its configuration shows it).
      number_capacity: [{ region: '495', category: 'local', numbers: ['74951110000', '74953000001'] }],
      call_tariffs: [],
      system_media_files: [],
      media_files: [],
      sip_lines: [],
      scenarios: [],
    },
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    leasePolicy: false,
    logger: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
    telephony: { secret: SECRET, counters },
  });
}
afterEach(async () => {
  await server?.close();
});

type CallRow = { id: number; site_id: number; ac_id: number; session_id: number | null; visitor_id: number | null; numb: string };
const calls = () => server.db.prepare('SELECT id, site_id, ac_id, session_id, visitor_id, numb FROM calls ORDER BY id').all() as CallRow[];
const callOf = (platformId: string) =>
  server.db.prepare('SELECT id, site_id, ac_id, session_id, visitor_id, numb FROM calls WHERE platform_call_id = ?').all(platformId)[0] as
    CallRow | undefined;

/** Rings (one event) a call from `from` to `to` at `start`; the boundary's answer. */
async function ring(callId: string, to: string, start = Date.now(), from = '79160000000') {
  return postEvent(server, callEvents({ callId, from, to, start })[0]);
}

async function rest(login: string) {
  const res = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login, password: `pw-${login}` } });
  const key = (res.json() as { data: { session_key: string } }).data.session_key;
  return {
    async post(fn: string, args: Record<string, unknown>, action?: string) {
      const r = await server.app.inject({
        method: 'POST',
        url: `/api/v1/${fn}/`,
        headers: { accept: 'application/json' },
        payload: { session_key: key, args, ...(action ? { action } : {}) },
      });
      return checkAnswer(fn, action ?? 'POST', r);
    },
    async get(fn: string, query: Record<string, string | number>) {
      const r = await server.app.inject({
        method: 'GET',
        url: `/api/v1/${fn}/`,
        query: Object.fromEntries(Object.entries({ session_key: key, ...query }).map(([k, v]) => [k, String(v)])),
        headers: { accept: 'application/json' },
      });
      return checkAnswer(fn, 'GET', r);
    },
  };
}

describe('which campaign a call is credited to', () => {
  it("a DT number leased at ring time: the session's campaign; its fallback, the default and the reserved number: the site", async () => {
    await start();
    const v = await visit(server, 'http://localhost/landing?utm_source=google');
    expect(v.number).toBe('74990000001');
    expect((await ring('dt', v.number)).statusCode).toBe(200);
    // The number every direct visitor sees, which is also the DT block's fallback: never the campaign.
    expect((await ring('own', '8 (495) 777-00-11')).statusCode).toBe(200);
    // A fallback number nothing else shows is the site's too.
    expect((await ring('fallback', '74950000009')).statusCode).toBe(200);
    // The reserved number (overflow, a second visitor behind one address, bots) is recorded.
    const reserved = await ring('reserved', '74950000000');
    expect(reserved.statusCode, reserved.body).toBe(200);
    expect(calls().map((c) => [c.numb, c.ac_id, c.session_id, c.site_id])).toEqual([
      ['74990000001', 10, v.sessionId, 1],
      ['74957770011', -1, null, 1],
      ['74950000009', -1, null, 1],
      ['74950000000', -1, null, 1],
    ]);
  });

  it('a number exactly one campaign shows: that campaign; a number two campaigns show: the site', async () => {
    await start();
    await ring('print', '74951110000');
    await ring('shared', '+7 495 222-00-00');
    expect(calls().map((c) => [c.numb, c.ac_id, c.session_id])).toEqual([
      ['74951110000', 20, null],
      ['74952220000', -1, null],
    ]);
  });

  it(`tolerates ${LEASE_SKEW_MS / 1000} s of clock difference before a lease began, not more`, async () => {
    await start();
    const before = Date.now();
    const v = await visit(server, 'http://localhost/?utm_source=google');
    // The platform's clock is behind: the call is stamped before the lease began on this server's clock.
    await ring('skewed', v.number, before - LEASE_SKEW_MS + 2000, '79160000001');
    await ring('too-early', v.number, before - LEASE_SKEW_MS - 5000, '79160000002');
    expect([callOf('skewed'), callOf('too-early')].map((c) => [c?.ac_id, c?.session_id])).toEqual([
      [10, v.sessionId],
      [-1, null],
    ]);
  });

  it('a known caller on a site number names the visitor but not a campaign', async () => {
    await start();
    const v = await visit(server, 'http://localhost/?utm_source=google');
    for (const ev of callEvents({ callId: 'first', from: '79165550000', to: v.number, talk: 10 })) await postEvent(server, ev);
    await ring('again', '74957770011', Date.now(), '89165550000');
    expect(callOf('again')).toMatchObject({ visitor_id: v.visitor!.id, session_id: null, ac_id: -1 });
  });
});

describe('every call to a number of a customer is recorded; only a number of no customer is refused', () => {
  it('records a call to a bought number no site shows yet, refuses and logs an unknown one, counting it', async () => {
    await start();
    const b = await rest('b');
    const { numb } = expectData(await b.post('buy_number', { region: '495' })) as { numb: string };
    expect((await ring('bought', numb)).statusCode).toBe(200);
    expect(callOf('bought')).toMatchObject({ site_id: 2, ac_id: -1 });
    expect(counters.refusedUnknownNumber).toBe(0);
    const unknown = await ring('nobody', '74000000000');
    expectError(unknown, 422, 422101);
    expect(callOf('nobody')).toBeUndefined();
    expect(counters.refusedUnknownNumber).toBe(1);
    expect(logLines.filter((l) => l.msg === "call refused: the number called is no customer's")).toEqual([
      expect.objectContaining({ level: 40, number_called: '74000000000', call_id: 'nobody' }),
    ]);
  });
});

describe('a number belongs to one customer', () => {
  it("refuses another customer's number or an unsold one on a block or pool (100403), changing nothing", async () => {
    await start();
    const b = await rest('b');
    const before = server.db.prepare('SELECT * FROM site_blocks ORDER BY id').all();
    const pools = server.db.prepare('SELECT * FROM dt_pool_numbers ORDER BY id').all();
    expectError(await b.post('number_block', { ac_id: 50, name: 'x', selector: '#x', numb: '74990000001' }), 403, 100403);
    expectError(await b.post('number_block', { ac_id: 50, name: 'x', selector: '#x', dt_pool_numbers: ['84957770011'] }), 403, 100403);
    // An unsold capacity number is nobody's until bought.
    expectError(await b.post('number_block', { site_id: 2, name: 'x', selector: '#x', numb: '74953000001' }), 403, 100403);
    expectError(await b.post('number_block', { id: 51, numb: '74957770011' }, 'PUT'), 403, 100403);
    expect(server.db.prepare('SELECT * FROM site_blocks ORDER BY id').all()).toEqual(before);
    expect(server.db.prepare('SELECT * FROM dt_pool_numbers ORDER BY id').all()).toEqual(pools);
    // A calls to Acme's number stay Acme's, whatever Rival's blocks show.
    await ring('print', '74951110000');
    expect(callOf('print')).toMatchObject({ site_id: 1, ac_id: 20 });
    // Its own bought number goes on its block.
    const { numb } = expectData(await b.post('buy_number', { region: '495' })) as { numb: string };
    expectData(await b.post('number_block', { ac_id: 50, name: 'Mine', selector: '#m', numb }));
    await ring('rival', numb);
    expect(callOf('rival')).toMatchObject({ site_id: 2, ac_id: 50 });
  });

  it('buy_number sells only a number nobody holds, and the buyer lists it', async () => {
    await start();
    const b = await rest('b');
    // 74951110000 comes first in the capacity but Acme's configuration shows it: it is Acme's.
    expect(expectData(await b.post('buy_number', { region: '495' }))).toEqual({ numb: '74953000001' });
    const listed = expectData(await b.get('virtual_numbers', {})) as Array<{ phone_number: string }>;
    expect(listed.map((n) => n.phone_number)).toEqual(['74953000001']);
    expectData(await b.post('create_dialing_operation', { svc_phone: '74953000001', user_phone: '79160000001' }));
    expectError(await b.post('buy_number', { region: '495' }), 409, 100409);
    expect(server.db.prepare('SELECT phone_number, customer_id FROM number_capacity ORDER BY id').all()).toEqual([
      { phone_number: '74951110000', customer_id: 1 },
      { phone_number: '74953000001', customer_id: 2 },
    ]);
  });

  it('at start, a number shown by several customers stays with the first block that showed it; the others are logged', async () => {
    await start();
    expect(server.db.prepare("SELECT customer_id FROM customer_numbers WHERE phone_number = '74951110000'").all()).toEqual([
      { customer_id: 1 },
    ]);
    expect(logLines.filter((l) => l.number === '74951110000')).toEqual([expect.objectContaining({ level: 40, holder: 1, others: [2] })]);
  });
});

describe('every reader names the same campaign for one call', () => {
  it('screen pop, console reports, REST call, stat, communication and advertising_sales', async () => {
    await start();
    const a = await rest('a');
    const at = Math.ceil(Date.now() / 1000) * 1000;
    for (const ev of callEvents({ callId: 'p', from: '79160000005', to: '74951110000', start: at, talk: 12 })) await postEvent(server, ev);
    for (const ev of callEvents({ callId: 'o', from: '79160000006', to: '74957770011', start: at, talk: 12 })) await postEvent(server, ev);
    const [print, own] = [callOf('p')!, callOf('o')!];
    expect([print.ac_id, own.ac_id]).toEqual([20, -1]);

    const pop = await screenPopReader()(server.store.db, [1], Date.now());
    expect(pop.map((c) => [c.id, c.campaign])).toEqual([
      [print.id, 'Print'],
      [own.id, null],
    ]);

    const day = (ms: number) => new Date(ms + 3 * 3600_000).toISOString().slice(0, 10);
    const range = { date_from: day(at - 864e5), date_till: day(at + 864e5) };
    const rows = (await a.get('call', { ...range, direction: 'in' })).json().data as Array<{ id: number; ac_id: number }>;
    expect(rows.map((r) => [r.id, r.ac_id])).toEqual([
      [print.id, 20],
      [own.id, -1],
    ]);
    const stat20 = (await a.get('stat', { site_id: 1, ...range, ac_id: 20 })).json().data as Array<{ calls_count: number }>;
    expect(stat20[0]).toMatchObject({ calls_count: 1 });
    // communication names no campaign: filtered by one, it lists that campaign's calls.
    const callsOf = async (ac: number) =>
      ((await a.get('communication', { site_id: 1, ...range, ac_id: ac })).json().data as Array<{ communication_type: string; id: number }>)
        .filter((c) => c.communication_type === 'calls')
        .map((c) => c.id);
    expect(await callsOf(20)).toEqual([print.id]);
    expect(await callsOf(-1)).toEqual([own.id]);
    expect(await callsOf(10)).toEqual([]);
    const sales = (await a.get('advertising_sales', { site_id: 1, ...range, only_quality: 'false', only_first: 'false' })).json()
      .data as Array<{ ac_id: number; communications_count: number }>;
    expect(sales.find((s) => s.ac_id === 20)).toMatchObject({ communications_count: 1 });
    expect(sales.find((s) => s.ac_id === 10)?.communications_count ?? 0).toBe(0);

    const signIn = await server.app.inject({ method: 'POST', url: '/op/api/login', payload: { email: 'anna@x.test', password: 'pw' } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const set = signIn.headers['set-cookie'];
    const cookie = String(Array.isArray(set) ? set[0] : set).split(';')[0]!;
    const q = new URLSearchParams({ site_id: '1', ...range, limit: '100' });
    const list = await server.app.inject({ method: 'GET', url: '/op/api/reports/communications?' + q, headers: { cookie } });
    expect(list.statusCode, list.body).toBe(200);
    const items = (list.json() as { data: { items: Array<{ type: string; id: number; ac_id: number; ac_name: string }> } }).data.items;
    expect(items.filter((i) => i.type === 'cdr_in').map((i) => [i.id, i.ac_id, i.ac_name])).toEqual([
      [print.id, 20, 'Print'],
      [own.id, -1, expect.any(String)],
    ]);
  });
});

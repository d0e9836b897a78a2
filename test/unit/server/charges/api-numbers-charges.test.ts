import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { importMediaCommand } from '../../../../src/server/numbers/media-command.js';
import { addAgentCharge } from '../../../../src/server/charges/agents.js';
import { addScenarioRoute, createScenario } from '../../../../src/server/numbers/queries.js';
import { buyNumber } from '../../../../src/server/numbers/buy.js';
import { routeIncomingCall } from '../../../../src/server/numbers/routing.js';
import {
  expectAnswered,
  apiWorld,
  expectData,
  expectError,
  giveNumbers,
  insertCallFixture,
  TEST_TELEPHONY_SEED,
  apiConfig,
  fromXml,
  type ApiWorld,
  type LegFixture,
} from '../api-helpers.js';
import { fullScans, statementCollector } from '../query-plans.js';
import { createTestServer } from '../test-server.js';

/**
 * Numbers and charges: virtual numbers, buying from the capacity, forwarding, scenarios
 * and their caller lists, media files, SIP lines, the platform request log, and the charges of a
 * day of generated calls rated by hand here, from the tariff rules written out independently.
 */

let w: ApiWorld;
let a: string;
beforeEach(async () => {
  w = await apiWorld(':memory:', undefined, { telephonySeed: TEST_TELEPHONY_SEED });
  a = await w.login('a');
});
afterEach(async () => {
  await w.server.close();
});

const rows = (sql: string, ...params: unknown[]) => w.server.db.prepare(sql).all(...params) as Array<Record<string, unknown>>;
type Rec = Record<string, unknown>;
const list = async (fn: string, q: Record<string, unknown>) => expectData(await w.get(fn, { session_key: a, ...q })) as Rec[];

describe('virtual_numbers and buy_number', () => {
  it('lists bought and site numbers with site, campaign, type, charge; filters type, phone_number, status', async () => {
    // 09:00 UTC is 12:00 in Moscow (A's zone).
    expect(expectData(await w.post('buy_number', a, { region: '495' }))).toEqual({ numb: '74957000001' });
    const { ac_id } = expectData(await w.post('create_ac', a, { site_id: 1, name: 'Direct' })) as { ac_id: number };
    // The operator gives A three numbers an hour later (13:00 in Moscow); A's blocks show them.
    w.clock.ms += 3600_000;
    await giveNumbers(w, 1, ['79161112233', '74990001111', '74951112233']);
    expectData(
      await w.post('number_block', a, { ac_id, name: 'DT', selector: '#p', numb: '79161112233', dt_pool_numbers: ['74990001111'] }),
    );
    expectData(await w.post('number_block', a, { site_id: 1, name: 'Default', selector: '#d', numb: '+74951112233'.slice(1) }));
    const all = await list('virtual_numbers', {});
    expect(all).toEqual([
      {
        phone_number: '74951112233',
        activation_date: '2026-11-24 13:00:00',
        category: 'local',
        type: 'Analytics',
        monthly_charge: 900,
        status: 'active',
        site: { site_id: 1, site_domain_name: 'a.test' },
        campaign: null,
      },
      {
        phone_number: '74957000001',
        activation_date: '2026-11-24 12:00:00',
        category: 'local',
        type: 'VA',
        monthly_charge: 900,
        status: 'active',
        site: null,
        campaign: null,
      },
      {
        phone_number: '74990001111',
        activation_date: '2026-11-24 13:00:00',
        category: 'local',
        type: 'Analytics',
        monthly_charge: 900,
        status: 'active',
        site: { site_id: 1, site_domain_name: 'a.test' },
        campaign: { campaign_id: ac_id, campaign_name: 'Direct' },
      },
      {
        phone_number: '79161112233',
        activation_date: '2026-11-24 13:00:00',
        category: 'mobile',
        type: 'Analytics',
        monthly_charge: 600,
        status: 'active',
        site: { site_id: 1, site_domain_name: 'a.test' },
        campaign: { campaign_id: ac_id, campaign_name: 'Direct' },
      },
    ]);
    expect((await list('virtual_numbers', { type: 'VA' })).map((n) => n.phone_number)).toEqual(['74957000001']);
    expect((await list('virtual_numbers', { type: 'Analytics' })).length).toBe(3);
    expect((await list('virtual_numbers', { phone_number: '7000001' })).map((n) => n.phone_number)).toEqual(['74957000001']);
    expect((await list('virtual_numbers', { phone_number: '+7 (916) 111-22-33' })).map((n) => n.phone_number)).toEqual(['79161112233']);
    expect(await list('virtual_numbers', { status: 'blocked' })).toEqual([]);
    expect((await list('virtual_numbers', { status: 'active', limit: 2, offset: 1 })).map((n) => n.phone_number)).toEqual([
      '74957000001',
      '74990001111',
    ]);
    // B holds none of these; the agent reaches A's through customer_id.
    expect(expectData(await w.get('virtual_numbers', { session_key: await w.login('b') }))).toEqual([]);
    const x = await w.login('x');
    expect(expectData(await w.get('virtual_numbers', { session_key: x, customer_id: 1 }))).toEqual(all);
    expectError(await w.get('virtual_numbers', { session_key: a, type: 'Mobile' }), 400, 100422);
    expectError(await w.get('virtual_numbers', { session_key: a, status: 'gone' }), 400, 100422);
    expectError(await w.get('virtual_numbers', { session_key: a, phone_number: 'abc' }), 400, 100422);
  });

  it('buy_number takes the region’s free numbers in turn, records the prices, and says when none is left', async () => {
    const x = await w.login('x');
    expect(expectData(await w.post('buy_number', x, { region: '800', customer_id: 2 }))).toEqual({ numb: '78007000001' });
    expect(rows('SELECT customer_id, category, source, monthly_charge_kopecks, activation_charge_kopecks FROM customer_numbers')).toEqual([
      { customer_id: 2, category: 'tollfree', source: 'bought', monthly_charge_kopecks: 310000, activation_charge_kopecks: 100000 },
    ]);
    expect(rows('SELECT customer_id FROM number_capacity WHERE phone_number = ?', '78007000001')).toEqual([{ customer_id: 2 }]);
    expectError(await w.post('buy_number', a, { region: '800' }), 409, 100409);
    expectError(await w.post('buy_number', a, { region: 'nowhere' }), 404, 100410);
    expectError(await w.post('buy_number', a, {}), 400, 100400);
    expectError(await w.post('buy_number', a, { region: '' }), 400, 100422);
    expectError(await w.post('buy_number', x, { region: '495' }), 403, 102403);
    expectError(await w.post('buy_number', x, { region: '495', customer_id: 3 }), 403, 102403);
    expect(rows('SELECT count(*) AS n FROM customer_numbers')).toEqual([{ n: 1 }]);
  });

  it('N concurrent buys of a region with fewer free numbers get distinct numbers, and the rest a clear error', async () => {
    const keys = [a, await w.login('b'), await w.login('c'), a, await w.login('b'), await w.login('c')];
    const answers = await Promise.all(keys.map((k) => w.post('buy_number', k, { region: 'tiny' })));
    const won = answers.filter((r) => r.statusCode === 200).map((r) => (r.json() as { data: { numb: string } }).data.numb);
    expect(won.sort()).toEqual(['78127000001', '78127000002']);
    const lost = answers.filter((r) => r.statusCode !== 200);
    expect(lost.length).toBe(4);
    for (const r of lost) {
      expectError(r, 409, 100409);
      expect(r.json().message).toBe('100409: No free number left in region tiny');
    }
    const held = rows("SELECT phone_number, customer_id FROM customer_numbers WHERE region = 'tiny' ORDER BY phone_number");
    const capacity = rows("SELECT phone_number, customer_id FROM number_capacity WHERE region = 'tiny' ORDER BY phone_number");
    expect(held).toEqual(capacity);
    // Straight through buyNumber, many buyers at once on one region of three.
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) => buyNumber(w.server.store.db, 1 + (i % 3), '495', '2026-11-24 09:00:00.000')),
    );
    expect(many.filter((n) => n !== null).sort()).toEqual(['74957000001', '74957000002', '74957000003']);
    // Which buyers won depends on timing; each number is recorded once, for the buyer that took it.
    const q = (table: string) => rows(`SELECT phone_number, customer_id FROM ${table} WHERE region = '495' ORDER BY phone_number`);
    expect(q('customer_numbers')).toEqual(q('number_capacity'));
  });
});

describe('create_dialing_operation, scenarios and routing', () => {
  it('sets a number’s forwarding target and logs the request; callapi_request reads the log', async () => {
    expectData(await w.post('buy_number', a, { region: '495' }));
    w.clock.ms += 60_000;
    expect((await w.post('create_dialing_operation', a, { svc_phone: '+7 (495) 700-00-01', user_phone: '79160000002' })).json()).toEqual({
      success: true,
    });
    expect(rows("SELECT forward_to FROM customer_numbers WHERE phone_number = '74957000001'")).toEqual([{ forward_to: '79160000002' }]);
    const day = { date_from: '2026-11-24', date_till: '2026-11-25' };
    const log = await list('callapi_request', { ...day, method: 'create_dialing_operation' });
    expect(log).toEqual([
      {
        id: expect.any(Number),
        // The address the request came from (app.inject's).
        ip: '127.0.0.1',
        start_time: '2026-11-24 12:01:00',
        error: null,
        api_user_id: expect.any(Number),
        customer_id: 1,
        method: 'create_dialing_operation',
        numa: null,
        numb: '74957000001',
        numc: '79160000002',
        result: { svc_phone: '74957000001', forward_to: '79160000002' },
      },
    ]);
    expect(await list('callapi_request', { ...day, method: 'call_back' })).toEqual([]);
    expect(await list('callapi_request', { date_from: '2026-11-25', date_till: '2026-11-26', method: 'create_dialing_operation' })).toEqual(
      [],
    );
    // A request of a call (as the telephony boundary logs them), found by call_session_id.
    const { callId } = await insertCallFixture(w.server, {
      siteId: 1,
      customerId: 1,
      legs: [{ direction: 'out', numa: '74957000001', numb: '79160000002', setup: '2026-11-24 09:30:00', duration: 10 }],
    });
    await w.server.store.db
      .insertInto('callapi_requests')
      .values({
        customer_id: 1,
        start_time: '2026-11-24 09:30:00.000',
        method: 'call_back',
        call_id: callId,
        numa: '79160000002',
        result: '[1]',
      })
      .execute();
    expect((await list('callapi_request', { ...day, method: 'call_back', call_session_id: callId })).map((r) => r.result)).toEqual([
      { value: [1] },
    ]);
    expect(await list('callapi_request', { ...day, method: 'call_back', call_session_id: callId + 1 })).toEqual([]);
    expectError(await w.get('callapi_request', { session_key: a, ...day }), 400, 100400);
    expectError(
      await w.get('callapi_request', { session_key: a, date_from: '2026-11-25', date_till: '2026-11-24', method: 'x' }),
      400,
      100422,
    );
    // Not A's number; not a number.
    expectError(await w.post('create_dialing_operation', a, { svc_phone: '78127000001', user_phone: '79160000002' }), 404, 100410);
    expectError(await w.post('create_dialing_operation', a, { svc_phone: '74957000001', user_phone: 'call me' }), 400, 100422);
    expectError(await w.post('create_dialing_operation', a, { svc_phone: '74957000001' }), 400, 100400);
  });

  it('scenarios lists the customer’s scenarios; routeIncomingCall sends callers on a list elsewhere', async () => {
    const db = w.server.store.db;
    expect(await list('scenarios', {})).toEqual([{ id: 1, name: 'Main', virtual_number: ['74957000001'] }]);
    expect(expectData(await w.get('scenarios', { session_key: await w.login('b') }))).toEqual([]);
    // Nobody holds the scenario's number yet: no route.
    expect(await routeIncomingCall(db, { numb: '74957000001', numa: '79161234567' })).toBeNull();
    expectData(await w.post('buy_number', a, { region: '495' }));
    expect(await routeIncomingCall(db, { numb: '+7 495 700-00-01', numa: '79161234567' })).toEqual({
      scenarioName: 'Main',
      forwardTo: '74951234567',
    });
    const { numa_list_id } = expectData(await w.post('create_numa_list', a, { name: 'VIP' })) as { numa_list_id: number };
    expectData(await w.post('add_number_to_numa_list', a, { numa_list_id, number: '79161234567' }));
    await addScenarioRoute(db, { scenario_id: 1, numa_list_id, forward_to: '79160000009' });
    expect(await routeIncomingCall(db, { numb: '74957000001', numa: '79161234567' })).toEqual({
      scenarioName: 'Main',
      forwardTo: '79160000009',
    });
    expect(await routeIncomingCall(db, { numb: '74957000001', numa: '79990000000' })).toEqual({
      scenarioName: 'Main',
      forwardTo: '74951234567',
    });
    // A list of another customer in the same scenario's routes would not be A's: lists are matched by their numbers only
    // through the scenario's own routes, so removing the number from the list ends the special route.
    expectData(await w.post('remove_number_from_numa_list', a, { numa_list_id, number: '79161234567' }));
    expect((await routeIncomingCall(db, { numb: '74957000001', numa: '79161234567' }))?.forwardTo).toBe('74951234567');
    // Without a scenario: the number's own target (create_dialing_operation), else nothing.
    expectData(await w.post('buy_number', a, { region: '495' }));
    expect(await routeIncomingCall(db, { numb: '74957000002', numa: '79161234567' })).toBeNull();
    expectData(await w.post('create_dialing_operation', a, { svc_phone: '74957000002', user_phone: '74951110000' }));
    expect(await routeIncomingCall(db, { numb: '74957000002', numa: '79161234567' })).toEqual({
      scenarioName: null,
      forwardTo: '74951110000',
    });
    // A scenario made with no target of its own forwards to the number's.
    await createScenario(db, { customer_id: 1, name: 'Night', forward_to: null }, ['74957000002']);
    expect(await routeIncomingCall(db, { numb: '74957000002', numa: '7' })).toEqual({ scenarioName: 'Night', forwardTo: '74951110000' });
    expect((await list('scenarios', {})).map((s) => [s.name, s.virtual_number])).toEqual([
      ['Main', ['74957000001']],
      ['Night', ['74957000002']],
    ]);
    // A site block's number with a forwarding number routes there.
    await giveNumbers(w, 1, ['74953330000']);
    expectData(
      await w.post('number_block', a, { site_id: 1, name: 'B', selector: '#b', numb: '74953330000', forward_numb: '74954440000' }),
    );
    expect(await list('virtual_numbers', { phone_number: '74953330000' })).toHaveLength(1);
    expect(await routeIncomingCall(db, { numb: '74953330000', numa: '79161234567' })).toEqual({
      scenarioName: null,
      forwardTo: '74954440000',
    });
  });
});

describe('media files and SIP lines', () => {
  it('media_files and system_media_files: the catalogue, prefix search by name, durations and times', async () => {
    const mine = await list('media_files', {});
    // Seeded at 2026-11-24 09:00 UTC: 12:00 Moscow wall clock, as seconds.
    const modify = Date.UTC(2026, 10, 24, 12, 0, 0) / 1000;
    expect(mine).toEqual([
      { id: 4, customer_id: 1, name: 'Promo 100%', duration: '00:00:31', size: 496000, modify_time: modify, is_normalize: true },
      { id: 5, customer_id: 1, name: 'Promo_2', duration: '00:00:12', size: 192000, modify_time: modify, is_normalize: false },
    ]);
    // % and _ are plain characters of the prefix.
    expect((await list('media_files', { name: 'Promo_' })).map((f) => f.name)).toEqual(['Promo_2']);
    expect((await list('media_files', { name: 'Promo 1' })).map((f) => f.name)).toEqual(['Promo 100%']);
    expect((await list('media_files', { name: 'Promo%' })).map((f) => f.name)).toEqual([]);
    expect((await list('media_files', { name: 'promo' })).map((f) => f.name)).toEqual([]);
    expect(await list('media_files', { name: 'C only' })).toEqual([]);
    expect((await w.get('media_files', { session_key: a, limit: 1 })).headers['x-total-count']).toBe('2');
    expect(await list('system_media_files', {})).toEqual([
      { id: 1, name: 'Greeting', duration: '01:02:05', modify_time: modify },
      { id: 2, name: 'Hold music', duration: '00:01:35', modify_time: modify },
    ]);
    expect((await list('system_media_files', { name: 'Hold' })).map((f) => f.id)).toEqual([2]);
    expectError(await w.get('media_files', { session_key: a, name: 'x'.repeat(300) }), 400, 100422);
    expectError(await w.get('system_media_files', { session_key: a, name: '' }), 400, 100422);
    expectError(await w.get('media_files', { session_key: a, customer_id: 3 }), 403, 102403);
  });

  it('an agent without customer_id: system_media_files, media_files and create_dialing_operation (the document gives none required)', async () => {
    const x = await w.login('x');
    const modify = Date.UTC(2026, 10, 24, 12, 0, 0) / 1000;
    // The catalogue is everyone's: written in the document's default zone.
    expect(expectData(await w.get('system_media_files', { session_key: x }))).toEqual([
      { id: 1, name: 'Greeting', duration: '01:02:05', modify_time: modify },
      { id: 2, name: 'Hold music', duration: '00:01:35', modify_time: modify },
    ]);
    // media_files: every customer of the agent (A and B; not C, another agent's), each file naming its owner.
    const all = await w.get('media_files', { session_key: x });
    expect((expectData(all) as Rec[]).map((f) => [f.id, f.customer_id])).toEqual([
      [4, 1],
      [5, 1],
    ]);
    expect(all.headers['x-total-count']).toBe('2');
    expect(expectData(await w.get('media_files', { session_key: x, customer_id: 2 }))).toEqual([]);
    expectError(await w.get('media_files', { session_key: x, customer_id: 3 }), 403, 102403);
    // create_dialing_operation: the number names its customer, one of the agent's.
    expectData(await w.post('buy_number', x, { region: '495', customer_id: 2 }));
    expectData(await w.post('create_dialing_operation', x, { svc_phone: '74957000001', user_phone: '79160000002' }));
    expect(rows('SELECT customer_id, forward_to FROM customer_numbers WHERE phone_number = ?', '74957000001')).toEqual([
      { customer_id: 2, forward_to: '79160000002' },
    ]);
    expect(rows("SELECT customer_id FROM callapi_requests WHERE method = 'create_dialing_operation'")).toEqual([{ customer_id: 2 }]);
    expectError(await w.post('create_dialing_operation', x, { svc_phone: '74957000001', user_phone: '7916', customer_id: 1 }), 400, 100422);
    expectError(
      await w.post('create_dialing_operation', x, { svc_phone: '74957000001', user_phone: '79160000003', customer_id: 1 }),
      404,
      100410,
    );
    // Another agent's customer's number reads as no number at all.
    const y = await w.login('y');
    expectError(await w.post('create_dialing_operation', y, { svc_phone: '74957000001', user_phone: '79160000003' }), 404, 100410);
  });

  it('npm run import-media adds files to an existing database and updates those of the same name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-media-'));
    const dbPath = freshDbPath(join(dir, 'svc.db'));
    const p = await apiWorld(dbPath, undefined, { telephonySeed: TEST_TELEPHONY_SEED });
    try {
      const lines: string[] = [];
      const io = {
        out: (l: string) => lines.push(l),
        err: (l: string) => lines.push(`ERR ${l}`),
        env: {},
        defaultDb: join(dir, 'none.db'),
        now: () => Date.UTC(2026, 10, 25, 7, 30, 0),
      };
      const file = join(dir, 'media.json');
      writeFileSync(
        file,
        JSON.stringify({
          system_media_files: [
            { name: 'Greeting', duration_s: 9, size: 144000 },
            { name: 'Night', duration_s: 4, size: 64000 },
          ],
          media_files: [
            { customer_id: 1, name: 'Promo_2', duration_s: 20, size: 320000, is_normalize: true },
            { customer_id: 1, name: 'Welcome', duration_s: 3, size: 48000 },
          ],
        }),
      );
      expect(await importMediaCommand([file, '--db', dbPath], io)).toBe(0);
      expect(lines.at(-1)).toMatch(/: 2 added, 2 updated\.$/);
      const key = await p.login('a');
      const files = expectData(await p.get('media_files', { session_key: key })) as Rec[];
      const later = Date.UTC(2026, 10, 25, 10, 30, 0) / 1000;
      expect(files.map((f) => [f.name, f.duration, f.is_normalize, f.modify_time === later])).toEqual([
        ['Promo 100%', '00:00:31', true, false],
        ['Promo_2', '00:00:20', true, true],
        ['Welcome', '00:00:03', false, true],
      ]);
      expect((expectData(await p.get('system_media_files', { session_key: key })) as Rec[]).map((f) => [f.name, f.duration])).toEqual([
        ['Greeting', '00:00:09'],
        ['Hold music', '00:01:35'],
        ['Night', '00:00:04'],
      ]);
      // A customer the database does not hold: refused, nothing written; a bad file; no database.
      writeFileSync(
        file,
        JSON.stringify({
          media_files: [
            { customer_id: 1, name: 'X', duration_s: 1, size: 1 },
            { customer_id: 99, name: 'Y', duration_s: 1, size: 1 },
          ],
        }),
      );
      expect(await importMediaCommand([file, `--db=${dbPath}`], io)).toBe(2);
      expect(lines.at(-1)).toBe('ERR import-media: no customer 99 in the database; nothing was written');
      writeFileSync(file, JSON.stringify({ media_files: [{ customer_id: 1, name: '', duration_s: -1, size: 1 }] }));
      expect(await importMediaCommand([file, '--db', dbPath], io)).toBe(2);
      expect(await importMediaCommand([file], io)).toBe(2);
      expect(lines.at(-1)).toMatch(/^ERR import-media: no database at .*none\.db/);
      expect(await importMediaCommand([], io)).toBe(2);
      expect((expectData(await p.get('media_files', { session_key: key })) as Rec[]).length).toBe(3);
    } finally {
      await p.server.close();
      dropDatabase(dbPath);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sip_lines: fields, states, owners, calls and talk seconds from the legs, filter phone', async () => {
    await insertCallFixture(w.server, {
      siteId: 1,
      customerId: 1,
      legs: [
        { direction: 'in', numa: '79161234567', numb: '74957000001', setup: '2026-11-24 08:00:00', duration: 70 },
        { direction: 'out', numa: '74957000001', numb: '100101', setup: '2026-11-24 08:00:01', duration: 65, sip_line: '100101' },
      ],
    });
    await insertCallFixture(w.server, {
      siteId: 1,
      customerId: 1,
      legs: [
        { direction: 'out', numa: '74957000001', numb: '79161234567', setup: '2026-11-24 08:10:00', duration: 15, sip_line: '100101' },
      ],
    });
    const lines = await list('sip_lines', {});
    expect(lines).toEqual([
      {
        id: 1,
        customer_id: 1,
        employee_id: [11, 12],
        phone: '100101',
        protocol: 'SIP',
        type: 'Рабочий',
        channels_count: 2,
        logical_state: 'Доступен',
        physical_state: 'Зарегистрирован',
        billing_state: 'active',
        forwarding_timeout: 30,
        calls_count: 2,
        sum_calls_duration: 80,
        additional_calling_number: '74957000001',
      },
      {
        id: 2,
        customer_id: 1,
        employee_id: [],
        phone: '100102',
        protocol: 'SIP',
        type: 'Мобильный',
        channels_count: 1,
        logical_state: 'Не беспокоить',
        physical_state: 'Не доступен',
        billing_state: 'manual_lock',
        forwarding_timeout: 30,
        calls_count: 0,
        sum_calls_duration: 0,
        additional_calling_number: null,
      },
    ]);
    expect((await list('sip_lines', { phone: '100102' })).map((l) => l.id)).toEqual([2]);
    expect(await list('sip_lines', { phone: '300101' })).toEqual([]);
    expect(expectData(await w.get('sip_lines', { session_key: await w.login('c') }))).toMatchObject([
      { phone: '300101', employee_id: [31] },
    ]);
    expectError(await w.get('sip_lines', { session_key: a, phone: 'sip:100' }), 400, 100422);
    // employee's sip_line filter finds a line's owners; C's line names nobody of A's.
    expect((expectData(await w.get('employee', { session_key: a, sip_line: '100101' })) as Rec[]).map((e) => e.id)).toEqual([11, 12]);
    expect(expectData(await w.get('employee', { session_key: a, sip_line: '300101' }))).toEqual([]);
  });
});

// ---- charges ---------------------------------------------------------------------------------

/**
 * The tariff rules of TEST_TELEPHONY_SEED written out by hand, apart from the server's rating code:
 * per started minute of talk; incoming legs rated by where the caller calls from, priced only on
 * the toll-free number; outgoing legs by where they go; six digits or fewer are internal, free.
 */
function expectedCost(leg: LegFixture, tollfree: ReadonlySet<string>): { prefix_type: string; kopecks: number } {
  const minutes = leg.duration > 0 ? Math.floor((leg.duration + 59) / 60) : 0;
  const rated = leg.direction === 'in' ? leg.numa : leg.numb;
  if (rated.length <= 6) return { prefix_type: 'internal', kopecks: 0 };
  let perMinute: number;
  let prefixType: string;
  if (leg.direction === 'in') {
    if (!tollfree.has(leg.numb)) [prefixType, perMinute] = ['local', 0];
    else if (rated.startsWith('79')) [prefixType, perMinute] = ['zone', 390];
    else if (rated.startsWith('7')) [prefixType, perMinute] = ['country', 250];
    else [prefixType, perMinute] = ['local', 0];
  } else if (rated.startsWith('7495')) [prefixType, perMinute] = ['local', 90];
  else if (rated.startsWith('79')) [prefixType, perMinute] = ['zone', 180];
  else if (rated.startsWith('7')) [prefixType, perMinute] = ['country', 300];
  else [prefixType, perMinute] = ['international', 1500];
  return { prefix_type: prefixType, kopecks: minutes * perMinute };
}

/** A seeded generator, so the day of calls is the same on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const kopecks = (roubles: unknown) => Math.round((roubles as number) * 100);
const utc = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

describe('charges', () => {
  it('a day of generated calls rated by hand equals cdr_in_cost, cdr_out_cost and daily_sdr', async () => {
    let x = await w.login('x');
    // A holds a local and a toll-free number from 2026-11-24 12:00 Moscow; its tariff plan fee that day.
    expectData(await w.post('buy_number', a, { region: '495' }));
    expectData(await w.post('buy_number', x, { region: '800', customer_id: 1 }));
    await addAgentCharge(w.server.store.db, {
      agent_id: 1,
      customer_id: 1,
      kind: 'tp',
      tp_id: 1,
      day: '2026-11-24',
      amount_kopecks: 3300,
      created_at: '2026-11-24 09:00:00.000',
    });
    const ours = ['74957000001', '78007000001'];
    const tollfree = new Set(['78007000001']);
    const callers = ['79161234567', '74951112233', '73432223344', '4930123456', '101', '79261112233'];
    const targets = ['74951234567', '79160000001', '73432000000', '4930123456', '100101', '74991112233'];
    const next = random(18);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    // The Moscow day 2026-11-24 is [2026-11-23 21:00, 2026-11-24 21:00) UTC.
    const dayStart = Date.UTC(2026, 10, 23, 21, 0, 0);
    const calls: Array<{ callId: number; legs: Array<LegFixture & { id: number }> }> = [];
    const make = async (setupMs: number) => {
      const inLeg: LegFixture = {
        direction: 'in',
        numa: pick(callers),
        numb: pick(ours),
        setup: utc(setupMs),
        duration: next() < 0.2 ? 0 : Math.floor(next() * 600),
      };
      const legs = [inLeg];
      if (inLeg.duration > 0)
        legs.push({
          direction: 'out',
          numa: inLeg.numb,
          numb: pick(targets),
          setup: utc(setupMs + 2000),
          duration: Math.max(0, inLeg.duration - Math.floor(next() * 10)),
        });
      const made = await insertCallFixture(w.server, { siteId: 1, customerId: 1, legs });
      calls.push({ callId: made.callId, legs: legs.map((l, i) => ({ ...l, id: made.legIds[i]! })) });
    };
    // The day's first and last second, 40 calls between, and the seconds either side of the day.
    await make(dayStart);
    await make(dayStart + 86400_000 - 1000);
    for (let i = 0; i < 40; i++) await make(dayStart + 60_000 + Math.floor(next() * (86400_000 - 120_000)));
    await make(dayStart - 1000);
    await make(dayStart + 86400_000);
    // Exactly a minute, a second over, one second: 1, 2 and 1 minutes.
    for (const [i, duration] of [60, 61, 1].entries()) {
      const setup = utc(dayStart + 7200_000 + i * 1000);
      const legs: LegFixture[] = [
        { direction: 'in', numa: '79161234567', numb: '78007000001', setup, duration },
        { direction: 'out', numa: '78007000001', numb: '74951234567', setup, duration },
      ];
      const made = await insertCallFixture(w.server, { siteId: 1, customerId: 1, legs });
      calls.push({ callId: made.callId, legs: legs.map((l, j) => ({ ...l, id: made.legIds[j]! })) });
    }
    // A leg still talking is not rated yet: in neither report. B's call is B's.
    await insertCallFixture(w.server, {
      siteId: 1,
      customerId: 1,
      legs: [{ direction: 'in', numa: '79161234567', numb: '78007000001', setup: utc(dayStart + 3600_000), duration: 30, ended: false }],
    });
    await insertCallFixture(w.server, {
      siteId: 2,
      customerId: 2,
      legs: [{ direction: 'in', numa: '79161234567', numb: '78007000001', setup: utc(dayStart + 3600_000), duration: 300 }],
    });

    const inDay = (l: LegFixture) => l.setup >= utc(dayStart) && l.setup < utc(dayStart + 86400_000);
    const legs = calls.flatMap((c) => c.legs.map((l) => ({ ...l, callId: c.callId })));
    const day = { date_from: '2026-11-24', date_till: '2026-11-25' };
    const expectedRecords = (direction: 'in' | 'out') =>
      legs
        .filter((l) => l.direction === direction && inDay(l))
        .sort((p, q) => (p.setup === q.setup ? p.id - q.id : p.setup < q.setup ? -1 : 1))
        .map((l) => {
          const e = expectedCost(l, tollfree);
          const moscow = utc(Date.parse(l.setup.replace(' ', 'T') + 'Z') + 3 * 3600_000);
          return {
            id: l.id,
            start_time: moscow,
            numa: l.numa,
            numb: l.numb,
            duration: l.duration,
            prefix_type: e.prefix_type,
            kopecks: e.kopecks,
          };
        });
    const served = async (direction: 'in' | 'out', q: Record<string, unknown> = {}) =>
      (await list(`cdr_${direction}_cost`, { ...day, limit: 1000, ...q })).map((r) => {
        expect(r.customer_id).toBe(1);
        expect(r.prefix_type_name).toEqual(expect.any(String));
        expect(r.virtual_cost).toBe(0);
        expect(r.real_cost).toBe(r.cost);
        return {
          id: r.id,
          start_time: r.start_time,
          numa: r.numa,
          numb: r.numb,
          duration: r.duration,
          prefix_type: r.prefix_type,
          kopecks: kopecks(r.cost),
        };
      });
    const expIn = expectedRecords('in');
    const expOut = expectedRecords('out');
    expect(expIn.length).toBeGreaterThan(40);
    expect(new Set(expOut.map((r) => r.prefix_type))).toEqual(new Set(['internal', 'local', 'zone', 'country', 'international']));
    expect(new Set(expIn.map((r) => r.prefix_type))).toEqual(new Set(['internal', 'local', 'zone', 'country']));
    expect(await served('in')).toEqual(expIn);
    expect(await served('out')).toEqual(expOut);
    const sum = (rs: Array<{ kopecks: number }>) => rs.reduce((s, r) => s + r.kopecks, 0);
    expect(sum(expIn) + sum(expOut)).toBeGreaterThan(0);

    // The day's charges: the calls' sum, the two numbers' rent (1/30 of November each), their connection, the plan.
    const rent = Math.round(90000 / 30) + Math.round(310000 / 30);
    const [today] = (await list('daily_sdr', day)) as Array<Record<string, number>>;
    expect(today).toEqual({
      charge_tp: 33,
      charge_number: rent / 100,
      charge_physical_limit: 0,
      charge_call: (sum(expIn) + sum(expOut)) / 100,
      charge_activation_number: (50000 + 100000) / 100,
    });
    expect(kopecks(today!.charge_call)).toBe(sum(expIn) + sum(expOut));

    // Three days later: the 23rd holds only its last second's call and no rent; the 25th and 26th
    // the rent and the first second of the 25th; the 27th is still to come.
    w.clock.ms += 2 * 86400_000;
    a = await w.login('a');
    const days = (await list('daily_sdr', { date_from: '2026-11-23', date_till: '2026-11-28' })) as Array<Record<string, number>>;
    const costOf = (setupMs: number) =>
      sum(legs.filter((l) => l.setup >= utc(setupMs) && l.setup < utc(setupMs + 86400_000)).map((l) => expectedCost(l, tollfree)));
    expect(days.map((d) => kopecks(d.charge_call))).toEqual([
      costOf(dayStart - 86400_000),
      sum(expIn) + sum(expOut),
      costOf(dayStart + 86400_000),
      0,
      0,
    ]);
    expect(days.map((d) => kopecks(d.charge_number))).toEqual([0, rent, rent, rent, 0]);
    expect(days.map((d) => d.charge_activation_number)).toEqual([0, 1500, 0, 0, 0]);
    expect(days.map((d) => d.charge_tp)).toEqual([0, 33, 0, 0, 0]);
    // The same day through the other reports' range: half-open, so the 25th's first call is out.
    expect(await served('in', { date_from: '2026-11-23', date_till: '2026-11-25' })).toEqual([
      ...legs
        .filter((l) => l.direction === 'in' && l.setup < utc(dayStart))
        .map((l) => ({
          id: l.id,
          start_time: utc(Date.parse(l.setup.replace(' ', 'T') + 'Z') + 3 * 3600_000),
          numa: l.numa,
          numb: l.numb,
          duration: l.duration,
          prefix_type: expectedCost(l, tollfree).prefix_type,
          kopecks: expectedCost(l, tollfree).kopecks,
        })),
      ...expIn,
    ]);

    // Filters: one call, a fragment of numa, the whole numb, a prefix type.
    const one = calls[5]!;
    expect((await served('in', { call_session_id: one.callId })).map((r) => r.id)).toEqual([one.legs[0]!.id]);
    expect((await served('in', { numa: '3432' })).map((r) => r.id)).toEqual(expIn.filter((r) => r.numa.includes('3432')).map((r) => r.id));
    expect((await served('in', { numb: '78007000001' })).map((r) => r.id)).toEqual(
      expIn.filter((r) => r.numb === '78007000001').map((r) => r.id),
    );
    expect((await served('out', { prefix_type: 'zone' })).map((r) => r.id)).toEqual(
      expOut.filter((r) => r.prefix_type === 'zone').map((r) => r.id),
    );
    const page = await w.get('cdr_out_cost', { session_key: a, ...day, limit: 3, offset: 2 });
    expect((expectData(page) as Rec[]).map((r) => r.id)).toEqual(expOut.slice(2, 5).map((r) => r.id));
    expect(page.headers['x-total-count']).toBe(String(expOut.length));
    // B sees its own call only; the agent sees A's through customer_id.
    x = await w.login('x');
    expect((expectData(await w.get('cdr_in_cost', { session_key: await w.login('b'), ...day })) as Rec[]).length).toBe(1);
    expect(expectData(await w.get('cdr_in_cost', { session_key: x, customer_id: 1, ...day, limit: 1000 }))).toHaveLength(expIn.length);

    // Costs are fixed when first rated: a tariff change rates later legs only.
    await w.server.store.db.updateTable('call_tariffs').set({ price_per_minute_kopecks: 99999 }).execute();
    expect(await served('in')).toEqual(expIn);
  });

  it('refuses bad input with the envelope', async () => {
    const day = { date_from: '2026-11-24', date_till: '2026-11-25' };
    for (const fn of ['cdr_in_cost', 'cdr_out_cost']) {
      expectError(await w.get(fn, { session_key: a, ...day, prefix_type: 'mobile' }), 400, 100422);
      expectError(await w.get(fn, { session_key: a, ...day, numa: '7%' }), 400, 100422);
      expectError(await w.get(fn, { session_key: a, ...day, call_session_id: 'x' }), 400, 100422);
      expectError(await w.get(fn, { session_key: a, date_from: '2026-11-24' }), 400, 100400);
      expectError(await w.get(fn, { session_key: a, date_from: '2026-11-25', date_till: '2026-11-24' }), 400, 100422);
      expectError(await w.get(fn, { session_key: a, date_from: '2026-02-30', date_till: '2026-03-02' }), 400, 100422);
    }
    expectError(await w.get('daily_sdr', { session_key: a, date_from: '2025-01-01', date_till: '2026-11-25' }), 400, 100422);
    expectError(await w.get('daily_sdr', { session_key: a, date_from: 'yesterday', date_till: '2026-11-25' }), 400, 100422);
    expectError(await w.get('daily_sdr', { session_key: a, date_till: '2026-11-25' }), 400, 100400);
    expectError(await w.get('daily_sdr', { session_key: await w.login('x'), ...day }), 403, 102403);
    // A range of part of a day answers that whole day.
    expect(await list('daily_sdr', { date_from: '2026-11-24 10:00:00', date_till: '2026-11-24 11:00:00' })).toHaveLength(1);
  });
});

describe('as a user runs it', () => {
  it('the demo seed: the demo customer’s numbers, scenarios with a VIP list, media, lines, a number to buy', async () => {
    const server = await createTestServer({
      dbPath: ':memory:',
      siteConfig: 'demo-site/site-config.json',
      apiSeed: 'demo-site/api-seed.json',
      telephonySeed: 'demo-site/telephony-seed.json',
      bundleDir: '/nonexistent',
      publicUrl: 'http://svc.test/',
    });
    try {
      const inject = (url: string, q: Record<string, string>) =>
        server.app.inject({ method: 'GET', url, query: q, headers: { accept: 'application/json' } }).then((r) => expectData(r) as Rec[]);
      const login = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'demo', password: 'demo-password' } });
      const key = (login.json() as { data: { session_key: string } }).data.session_key;
      const numbers = await inject('/api/v1/virtual_numbers/', { session_key: key, type: 'Analytics' });
      expect(numbers.find((n) => n.phone_number === '74957770011')).toMatchObject({
        site: { site_id: 1, site_domain_name: 'localhost' },
        campaign: null,
      });
      expect(numbers.find((n) => n.phone_number === '78001112233')).toMatchObject({ category: 'tollfree', monthly_charge: 2500 });
      expect(numbers.find((n) => n.phone_number === '74990000001')).toMatchObject({
        campaign: { campaign_id: 10, campaign_name: 'Yandex Direct' },
      });
      expect((await inject('/api/v1/scenarios/', { session_key: key })).map((s) => s.name)).toEqual(['Основной', 'Реклама (DT)']);
      expect(await routeIncomingCall(server.store.db, { numb: '74957770011', numa: '+7 916 123-45-67' })).toEqual({
        scenarioName: 'Основной',
        forwardTo: '79160000001',
      });
      expect(await routeIncomingCall(server.store.db, { numb: '74990000002', numa: '79161234567' })).toEqual({
        scenarioName: 'Реклама (DT)',
        forwardTo: '74951234567',
      });
      expect(await inject('/api/v1/media_files', { session_key: key })).toHaveLength(2);
      expect(await inject('/api/v1/system_media_files', { session_key: key, name: 'Ожидание' })).toHaveLength(1);
      expect((await inject('/api/v1/sip_lines/', { session_key: key })).map((l) => l.phone)).toEqual(['100101', '100102']);
      const bought = await server.app.inject({
        method: 'POST',
        url: '/api/v1/buy_number/',
        headers: { accept: 'application/json' },
        payload: { session_key: key, args: { region: '812' } },
      });
      expect(expectData(bought)).toEqual({ numb: '78127000001' });
    } finally {
      await server.close();
    }
  });

  it('the demo seed on a server of another site configuration: the shared parts only', async () => {
    const server = await createTestServer({
      dbPath: ':memory:',
      siteConfig: {
        customers: [
          {
            id: 7,
            name: 'Other',
            employees: [],
            sites: [{ ...apiConfig.customers[1].sites[0], id: 70, site_key: 's70', widget_key: 'w70' }],
          },
        ],
      },
      telephonySeed: 'demo-site/telephony-seed.json',
      bundleDir: '/nonexistent',
      publicUrl: 'http://svc.test/',
    });
    try {
      const count = (sql: string) => (server.db.prepare(sql).all()[0] as { n: number }).n;
      expect(count('SELECT count(*) AS n FROM number_capacity')).toBeGreaterThan(0);
      expect(count('SELECT count(*) AS n FROM call_tariffs')).toBeGreaterThan(0);
      expect(count('SELECT count(*) AS n FROM media_files WHERE customer_id IS NULL')).toBe(4);
      expect(count('SELECT count(*) AS n FROM media_files WHERE customer_id IS NOT NULL')).toBe(0);
      expect(count('SELECT count(*) AS n FROM sip_lines') + count('SELECT count(*) AS n FROM scenarios')).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('answers XML with the same records', async () => {
    expectData(await w.post('buy_number', a, { region: '495' }));
    expectData(await w.post('create_dialing_operation', a, { svc_phone: '74957000001', user_phone: '79160000002' }));
    const day = { date_from: '2026-11-24', date_till: '2026-11-25' };
    for (const [fn, q] of [
      ['virtual_numbers', {}],
      ['callapi_request', { ...day, method: 'create_dialing_operation' }],
      ['daily_sdr', day],
      ['sip_lines', {}],
    ] as const) {
      const json = await list(fn, q);
      const xml = await w.get(fn, { session_key: a, ...q }, 'application/xml');
      expect(xml.statusCode).toBe(200);
      expect(fromXml(xml.body), fn).toEqual({ data: json, success: true });
    }
  });
});

// The calls, their legs and costs and the request log grow with traffic: no statement of these
// functions may read all of them. SQLite's plans; the PostgreSQL run skips it (same indexes).
describe.skipIf(!!testPostgresUrl)('the numbers and charges functions read by index', () => {
  it('no statement scans a growing table', async () => {
    const statements = statementCollector();
    const p = await apiWorld(':memory:', statements.onQuery, { telephonySeed: TEST_TELEPHONY_SEED });
    try {
      const key = await p.login('a');
      expectData(await p.post('buy_number', key, { region: '800' }));
      for (let i = 0; i < 3; i++)
        await insertCallFixture(p.server, {
          siteId: 1,
          customerId: 1,
          legs: [
            { direction: 'in', numa: '79161234567', numb: '78007000001', setup: `2026-11-24 08:0${i}:00`, duration: 70 },
            {
              direction: 'out',
              numa: '78007000001',
              numb: '74951234567',
              setup: `2026-11-24 08:0${i}:01`,
              duration: 65,
              sip_line: '100101',
            },
          ],
        });
      statements.start();
      const day = { date_from: '2026-11-24', date_till: '2026-11-25' };
      const get = async (fn: string, q: Record<string, unknown>) => expectData(await p.get(fn, { session_key: key, ...q }));
      expectData(await p.post('create_dialing_operation', key, { svc_phone: '78007000001', user_phone: '74951234567' }));
      await get('virtual_numbers', { type: 'VA', phone_number: '78', status: 'active' });
      await get('scenarios', {});
      await get('media_files', { name: 'Pro' });
      await get('system_media_files', { name: 'Gre' });
      await get('sip_lines', { phone: '100101' });
      await get('callapi_request', { ...day, method: 'create_dialing_operation', call_session_id: 1 });
      await get('daily_sdr', day);
      for (const fn of ['cdr_in_cost', 'cdr_out_cost']) {
        await get(fn, day);
        await get(fn, { ...day, call_session_id: 1, numa: '7916', numb: '78007000001', prefix_type: 'zone' });
      }
      await routeIncomingCall(p.server.store.db, { numb: '78007000001', numa: '79161234567' });
      const list = statements.list();
      for (const table of ['call_legs', 'call_leg_costs', 'callapi_requests', 'customer_numbers', 'media_files', 'sip_lines'])
        expect(
          list.some((s) => new RegExp(`\\b(from|into|update|join) "${table}"`).test(s.sql)),
          table,
        ).toBe(true);
      expect(fullScans(p.server.store.sqlite!, list)).toEqual([]);
    } finally {
      await p.server.close();
    }
  });
});

// Every success answer above was checked against its function's declared response schema.
afterAll(() => {
  expectAnswered([
    'GET virtual_numbers',
    'POST buy_number',
    'POST create_dialing_operation',
    'GET scenarios',
    'GET media_files',
    'GET system_media_files',
    'GET sip_lines',
    'GET callapi_request',
    'GET daily_sdr',
    'GET cdr_in_cost',
    'GET cdr_out_cost',
  ]);
});

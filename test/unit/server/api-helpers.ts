import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, expect } from 'vitest';
import type { ConsultantServer, ServerOptions } from '../../../src/server/app.js';
import { createTestServer } from './test-server.js';
import { API_FUNCTIONS } from '../../../src/server/rest-functions.js';
import { errorEnvelope, successEnvelope } from '../../../src/server/api/responses.js';
import type { ApiSeed } from '../../../src/server/accounts/api-seed.js';
import type { SiteConfig } from '../../../src/server/site-import/site-config.js';
import type { TelephonySeed } from '../../../src/server/site-import/telephony-seed.js';
import { giveNumber } from '../../../src/server/numbers/site-numbers.js';
import { timestamp } from '../../../src/server/store/time.js';
import { hashPassword } from '../../../src/server/identity/password.js';
import type { HitResult, WriteResponse } from '../../../src/protocol.js';
import type { VisitorRef } from '../../../src/protocol.js';
import { hitWrite, wid } from './helpers.js';

/**
 * The REST API's test world: customers A (1) and B (2) of agent X, customer C (3) of agent Y, each
 * with a site; users `a`, `b`, `c` (customers) and `x`, `y` (agents), password `pw-<login>`. The
 * clock is the test's: `clock.ms` moves it.
 */

const site = (id: number, domain: string) => ({
  id,
  domain,
  site_key: `site-${id}`,
  widget_key: `wk-${id}`,
  user_phone: null,
  origins: [],
  settings: { captcha: false, lang: 'ru' as const },
  blocks: [],
  campaigns: [],
});

const HASH = `scrypt$1024$8$1$${'A'.repeat(22)}$${'B'.repeat(43)}`;
const employee = (id: number, last: string, first: string, more: Record<string, unknown> = {}) => ({
  id,
  last_name: last,
  first_name: first,
  patronymic: null,
  email: `e${id}@x.test`,
  password_hash: HASH,
  extension: null,
  phones: [],
  sites: [],
  ...more,
});

export const apiConfig = {
  customers: [
    {
      id: 1,
      name: 'A',
      employees: [
        employee(11, 'Ivanova', 'Anna', { patronymic: 'Petrovna', extension: '101', phones: ['74951110011'] }),
        employee(12, 'Petrov', 'Boris', { phones: ['74951110012', '79161234567'] }),
      ],
      sites: [site(1, 'a.test')],
    },
    { id: 2, name: 'B', employees: [], sites: [site(2, 'b.test')] },
    { id: 3, name: 'C', employees: [employee(31, 'Sidorov', 'Cyril', { extension: '101' })], sites: [site(3, 'c.test')] },
  ],
} satisfies SiteConfig;

export const USERS = { a: 1, b: 2, c: 3 } as const;

async function apiSeed(): Promise<ApiSeed> {
  const hash = (login: string) => hashPassword(`pw-${login}`, 1024);
  return {
    tariff_plans: [
      { id: 1, name: 'Start', daily_fee_kopecks: 3300 },
      { id: 2, name: 'Business', daily_fee_kopecks: 9900 },
    ],
    agents: [
      { id: 1, name: 'X' },
      { id: 2, name: 'Y' },
    ],
    customers: [
      { id: 1, agent_id: 1, tp_id: 1 },
      { id: 2, agent_id: 1, tp_id: 2 },
      { id: 3, agent_id: 2, tp_id: 1 },
    ],
    users: [
      { login: 'a', password_hash: await hash('a'), customer_id: 1 },
      { login: 'b', password_hash: await hash('b'), customer_id: 2 },
      { login: 'c', password_hash: await hash('c'), customer_id: 3 },
      { login: 'x', password_hash: await hash('x'), agent_id: 1 },
      { login: 'y', password_hash: await hash('y'), agent_id: 2 },
    ],
    tags: [
      { customer_id: 1, name: 'Target' },
      { customer_id: 1, name: 'Sale' },
      { customer_id: 3, name: 'C only' },
    ],
  };
}

export interface ApiWorld {
  server: ConsultantServer;
  clock: { ms: number };
  /** Logs in; returns the session key. */
  login(login: string): Promise<string>;
  get(fn: string, query: Record<string, unknown>, accept?: string): Promise<LightMyRequestResponse>;
  post(fn: string, sessionKey: string, args: Record<string, unknown>, extra?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** A first page view of a new visitor on site `siteKey`; the campaign (ac_id) its session got. */
  pageView(siteKey: string, url: string): Promise<{ status: number; ac: number | null; numbers: string[] }>;
  /** A new visitor's first page view; `send` makes writes on that page view (a goal, a chat message, a request…). */
  visit(siteKey: string, url: string, referrer?: string): Promise<Visit>;
}

export interface Visit {
  visitor: number;
  session: number;
  hit: number;
  /** Sends one write of `type` on the page view; its result (the write must succeed). */
  send(type: string, data: unknown): Promise<unknown>;
  /** Another page view of the same visitor (a new session when the URL brings another campaign). */
  again(url: string, referrer?: string): Promise<{ session: number; hit: number }>;
}

/**
 * The operator gives the customer these numbers (numbers/site-numbers.ts), as its site
 * configuration does for the numbers its blocks show: a block made through the API takes only the
 * customer's own numbers.
 */
export async function giveNumbers(w: ApiWorld, customerId: number, numbers: readonly string[]): Promise<void> {
  for (const n of numbers) expect(await giveNumber(w.server.store.db, customerId, n, timestamp(w.clock.ms))).toBe(true);
}

export async function apiWorld(
  dbPath = ':memory:',
  onQuery?: ServerOptions['onQuery'],
  more: Partial<ServerOptions> = {},
): Promise<ApiWorld> {
  const clock = { ms: Date.UTC(2026, 10, 24, 9, 0, 0) };
  const server = await createTestServer({
    dbPath,
    ...(onQuery ? { onQuery } : {}),
    siteConfig: apiConfig,
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    apiSeed: await apiSeed(),
    apiClock: () => clock.ms,
    ...more,
  });
  const path = (fn: string) => (fn === 'login' || fn === 'logout' ? `/api/${fn}/` : `/api/v1/${fn}/`);
  const world: ApiWorld = {
    server,
    clock,
    async login(login) {
      const res = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login, password: `pw-${login}` } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.session_key as string;
    },
    async get(fn, query, accept = 'application/json') {
      const res = await server.app.inject({ method: 'GET', url: path(fn), query: stringify(query), headers: accept ? { accept } : {} });
      return checkAnswer(fn, 'GET', res);
    },
    async post(fn, sessionKey, args, extra = {}) {
      const res = await server.app.inject({
        method: 'POST',
        url: path(fn),
        headers: { accept: 'application/json' },
        payload: { session_key: sessionKey, args, ...extra },
      });
      const action = extra.action;
      return checkAnswer(fn, typeof action === 'string' ? action.toUpperCase() : 'POST', res);
    },
    async pageView(siteKey, url) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/w/${siteKey}`,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ visitor: null, writes: [hitWrite(url)] }),
      });
      if (res.statusCode !== 200) return { status: res.statusCode, ac: null, numbers: [] };
      const r = (res.json() as WriteResponse).results[0]!.result as HitResult;
      const s = server.db.prepare('SELECT ac_id FROM sessions WHERE id = ?').get(r.session_id) as { ac_id: number };
      return { status: 200, ac: s.ac_id, numbers: r.phones.map((p) => p.raw) };
    },
    async visit(siteKey, url, referrer = '') {
      const post = async (visitor: VisitorRef | null, writes: unknown[]) => {
        const res = await server.app.inject({
          method: 'POST',
          url: `/w/${siteKey}`,
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify({ visitor, writes }),
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as WriteResponse;
        expect(body.results[0]!.success, JSON.stringify(body.results[0])).toBe(true);
        return body;
      };
      const h = hitWrite(url, { referrer });
      const first = await post(null, [h]);
      const ref = first.visitor as VisitorRef;
      const r = first.results[0]!.result as HitResult;
      let hitClientId = h.id;
      return {
        visitor: r.visitor_id,
        session: r.session_id,
        hit: r.hit_id,
        async send(type, data) {
          return (await post(ref, [{ id: wid(), type, hit: hitClientId, at: Date.now(), data }])).results[0]!.result;
        },
        async again(nextUrl, nextReferrer = '') {
          const next = hitWrite(nextUrl, { referrer: nextReferrer });
          const res = (await post(ref, [next])).results[0]!.result as HitResult;
          hitClientId = next.id;
          return { session: res.session_id, hit: res.hit_id };
        },
      };
    },
  };
  return world;
}

/** `<verb> <function>` of every function whose success answer a test of this file checked against its schema. */
export const answered = new Set<string>();

/**
 * After a file's tests: every function of its share (`<verb> <name>`, written out in the call, in
 * the file that answers them) was answered there, its answer checked against its schema.
 * api/function-shares.test.ts reads each file's share from that call and holds the shares to every
 * function the server answers, each in exactly one share: a new function is answered by the file
 * that lists it, and no list elsewhere names it.
 */
export function expectAnswered(share: readonly string[]): void {
  const known = new Set(API_FUNCTIONS.map((f) => `${f.verb} ${f.name}`));
  expect(
    share.filter((n) => !known.has(n)),
    'not REST functions',
  ).toEqual([]);
  expect([...answered].filter((n) => share.includes(n)).sort()).toEqual([...share].sort());
}

/** Customer A's site configuration world: signed in as `a`, with the numbers its blocks show. */
export interface BlocksWorld {
  w: ApiWorld;
  a: string;
  /** Rows of a statement on the test's database. */
  rows(sql: string, ...params: unknown[]): Array<Record<string, unknown>>;
}

/** A fresh world for the site, campaign and number-block functions (close `w.server` after the test). */
export async function blocksWorld(): Promise<BlocksWorld> {
  const w = await apiWorld();
  const a = await w.login('a');
  // The numbers A's blocks show in these tests: the operator gave them to A.
  await giveNumbers(w, 1, [
    '74957770099',
    '74990000101',
    '74990000102',
    '74957770098',
    '74957770042',
    '74957770001',
    '74990000001',
    '74957770002',
  ]);
  return { w, a, rows: (sql, ...params) => w.server.db.prepare(sql).all(...params) as Array<Record<string, unknown>> };
}

/**
 * Gives each test of the file a fresh {@link blocksWorld}, handed to `use` before the test (to set
 * the file's own variables) and closed after it.
 */
export function blocksWorldEachTest(use: (world: BlocksWorld) => void): void {
  let world: BlocksWorld | undefined;
  beforeEach(async () => {
    world = await blocksWorld();
    use(world);
  });
  afterEach(async () => {
    await world?.w.server.close();
    world = undefined;
  });
}

/** A campaign of the site with one condition group holding `utm_source = value`; its ids. */
export async function campaignWithCondition(w: ApiWorld, key: string, siteId: number, name: string, value: string) {
  const { ac_id } = expectData(await w.post('create_ac', key, { site_id: siteId, name })) as { ac_id: number };
  const { ac_condition_group_id } = expectData(await w.post('create_ac_condition_group', key, { ac_id, name: 'utm' })) as {
    ac_condition_group_id: number;
  };
  const { ac_condition_id } = expectData(
    await w.post('create_ac_condition', key, {
      ac_condition_group_id,
      ac_parameter: 'utm_source',
      ac_operator: '=',
      value,
      is_negative: false,
      ac_id,
    }),
  ) as { ac_condition_id: number };
  return { ac_id, ac_condition_group_id, ac_condition_id };
}

/**
 * Every JSON answer a test gets is checked against the schema the OpenAPI document shows for it
 * (api/responses.ts): a success against the function's declared `response`, an error against the
 * error envelope. So the document cannot drift from what the functions really answer.
 */
export function checkAnswer(fn: string, verb: string, res: LightMyRequestResponse): LightMyRequestResponse {
  if (!String(res.headers['content-type']).startsWith('application/json')) return res;
  const body: unknown = res.json();
  if (res.statusCode !== 200) {
    const r = errorEnvelope.safeParse(body);
    expect(r.success, `${verb} ${fn} error ${res.body}: ${r.error?.message}`).toBe(true);
    return res;
  }
  const def = API_FUNCTIONS.find((f) => f.name === fn && f.verb === verb);
  if (!def) return res;
  if (def.list) expect(res.headers['x-total-count'], `${fn} X-Total-Count`).toMatch(/^\d+$/);
  const r = successEnvelope(def).safeParse(body);
  expect(r.success, `${verb} ${fn} answered ${res.body}, not its declared response: ${r.error?.message}`).toBe(true);
  answered.add(`${verb} ${fn}`);
  return res;
}

const stringify = (q: Record<string, unknown>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));

/**
 * The telephony seed of the API tests (config/telephony-seed.ts): number tariffs and capacity, the demo's
 * call tariffs, media files, SIP lines and scenarios of A (1) and of C (3), whose names hold
 * `C only` so the access test finds them in any answer.
 */
export const TEST_TELEPHONY_SEED: TelephonySeed = {
  number_tariffs: [
    { category: 'local', monthly_charge_kopecks: 90000, activation_charge_kopecks: 50000 },
    { category: 'mobile', monthly_charge_kopecks: 60000, activation_charge_kopecks: 30000 },
    { category: 'tollfree', monthly_charge_kopecks: 310000, activation_charge_kopecks: 100000 },
  ],
  number_capacity: [
    { region: '495', category: 'local', numbers: ['74957000001', '74957000002', '74957000003'] },
    { region: '800', category: 'tollfree', numbers: ['78007000001'] },
    { region: 'tiny', category: 'local', numbers: ['78127000001', '78127000002'] },
  ],
  call_tariffs: [
    { direction: 'in', prefix: '', prefix_type: 'local', prefix_type_name: 'Местные', price_per_minute_kopecks: 0 },
    {
      direction: 'in',
      number_category: 'tollfree',
      prefix: '7',
      prefix_type: 'country',
      prefix_type_name: 'Междугородные',
      price_per_minute_kopecks: 250,
    },
    {
      direction: 'in',
      number_category: 'tollfree',
      prefix: '79',
      prefix_type: 'zone',
      prefix_type_name: 'Зоновые',
      price_per_minute_kopecks: 390,
    },
    { direction: 'out', prefix: '', prefix_type: 'international', prefix_type_name: 'Международные', price_per_minute_kopecks: 1500 },
    { direction: 'out', prefix: '7', prefix_type: 'country', prefix_type_name: 'Междугородные', price_per_minute_kopecks: 300 },
    { direction: 'out', prefix: '79', prefix_type: 'zone', prefix_type_name: 'Зоновые', price_per_minute_kopecks: 180 },
    { direction: 'out', prefix: '7495', prefix_type: 'local', prefix_type_name: 'Местные', price_per_minute_kopecks: 90 },
  ],
  // Ids: the system's files 1 and 2, C's 3, A's 4 and 5 (the access test reads `"id":3,` as C's).
  system_media_files: [
    { name: 'Greeting', duration_s: 3725, size: 112000 },
    { name: 'Hold music', duration_s: 95, size: 1520000 },
  ],
  media_files: [
    { customer_id: 3, name: 'C only greeting', duration_s: 5, size: 80000 },
    { customer_id: 1, name: 'Promo 100%', duration_s: 31, size: 496000, is_normalize: true },
    { customer_id: 1, name: 'Promo_2', duration_s: 12, size: 192000 },
  ],
  sip_lines: [
    { customer_id: 1, phone: '100101', channels_count: 2, additional_calling_number: '74957000001', employee_ids: [11, 12] },
    {
      customer_id: 1,
      phone: '100102',
      type: 'Мобильный',
      logical_state: 'Не беспокоить',
      physical_state: 'Не доступен',
      billing_state: 'manual_lock',
    },
    { customer_id: 3, phone: '300101', additional_calling_number: '74950003333', employee_ids: [31] },
  ],
  scenarios: [
    { customer_id: 1, name: 'Main', forward_to: '74951234567', numbers: ['74957000001'] },
    { customer_id: 3, name: 'C only scenario', forward_to: '74950003333', numbers: ['74950003333'] },
  ],
};

/**
 * A call record and its legs, written straight into `calls` and `call_legs`. It stands in for
 * the telephony boundary built in parallel (signed events at POST /telephony/events, branch
 * `calls`): after both are merged these tests can make their calls through those events instead.
 * Times are UTC `YYYY-MM-DD HH:MM:SS`; a leg without `end` has not ended (not rated yet).
 */
export interface LegFixture {
  direction: 'in' | 'out';
  numa: string;
  numb: string;
  setup: string;
  /** Talk seconds; 0: never connected (lost). */
  duration: number;
  ended?: boolean;
  sip_line?: string;
}
export async function insertCallFixture(
  server: ConsultantServer,
  call: { siteId: number; customerId: number; legs: LegFixture[] },
): Promise<{ callId: number; legIds: number[] }> {
  const db = server.store.db;
  const first = call.legs[0]!;
  const { id: callId } = await db
    .insertInto('calls')
    .values({
      site_id: call.siteId,
      communication_type: 'call',
      call_date: `${first.setup}.000`,
      session_start: null,
      status: first.duration > 0 ? 'normal' : 'lost',
      numa: first.numa,
      numb: first.numb,
      wait_time: 5,
      duration: first.duration,
      operator_name: null,
      scenario_name: null,
      direction: first.direction,
      page_url: null,
      visitor_id: null,
      session_id: null,
      hit_id: null,
      visits_count: null,
      visitor_type: null,
      delayed_call_time: null,
      requested_time: null,
      group_id: null,
      request_status: 0,
      dispatch_state: 'not_sent',
      dispatch_error: null,
      country: null,
      region: null,
      city: null,
      search_engine: null,
      search_query: null,
      referrer_domain: null,
      referrer: null,
      ua_client_id: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_content: null,
      utm_term: null,
      os_ad_id: null,
      os_campaign_id: null,
      os_service_name: null,
      os_source_id: null,
      gclid: null,
      yclid: null,
      ef_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const legIds: number[] = [];
  for (const leg of call.legs) {
    const setupMs = Date.parse(leg.setup.replace(' ', 'T') + 'Z');
    const at = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 23);
    const connect = leg.duration > 0 ? setupMs + 5000 : null;
    const end = leg.ended === false ? null : (connect ?? setupMs + 20000) + leg.duration * 1000;
    const { id } = await db
      .insertInto('call_legs')
      .values({
        call_id: callId,
        customer_id: call.customerId,
        cdr_id: leg === first ? null : (legIds[0] ?? null),
        platform_leg_id: `fixture-${callId}-${legIds.length}`,
        direction: leg.direction,
        numa: leg.numa,
        numb: leg.numb,
        sip_line: leg.sip_line ?? null,
        setup_time: `${leg.setup}.000`,
        connect_time: connect === null ? null : at(connect),
        end_time: end === null ? null : at(end),
        duration: leg.duration,
        total_duration: end === null ? 0 : Math.round((end - setupMs) / 1000),
        is_lost: leg.duration > 0 ? 0 : 1,
        file_link: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    legIds.push(id);
  }
  return { callId, legIds };
}

/** An error answer: its HTTP status and code (the number before the colon). */
export function expectError(res: LightMyRequestResponse, status: number, code: number): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  expect(body.message).toMatch(new RegExp(`^${code}: \\S`));
  expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|node_modules|\/src\//);
}

export function expectData(res: LightMyRequestResponse): unknown {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { success: boolean; data?: unknown };
  expect(body.success).toBe(true);
  return body.data;
}

export { fromXml } from '../../support/from-xml.js';

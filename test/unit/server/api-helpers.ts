import type { LightMyRequestResponse } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import type { ConsultantServer, ServerOptions } from '../../../src/server/app.js';
import { createTestServer } from './test-server.js';
import { API_FUNCTIONS } from '../../../src/server/api/functions/index.js';
import { errorEnvelope, successEnvelope } from '../../../src/server/api/responses.js';
import type { ApiSeed } from '../../../src/server/api/seed.js';
import type { SiteConfig } from '../../../src/server/config/site-config.js';
import { hashPassword } from '../../../src/server/consultant/operators/password.js';
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

export async function apiWorld(dbPath = ':memory:', onQuery?: ServerOptions['onQuery']): Promise<ApiWorld> {
  const clock = { ms: Date.UTC(2026, 10, 24, 9, 0, 0) };
  const server = await createTestServer({
    dbPath,
    ...(onQuery ? { onQuery } : {}),
    siteConfig: apiConfig,
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    apiSeed: await apiSeed(),
    apiClock: () => clock.ms,
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

/**
 * The report functions (issue 17): api-reports.test.ts answers them; api-functions.test.ts the rest.
 * Each file checks that its share was answered, so together every function is.
 */
/** The call-leg reports, answered (and their answers checked) in telephony-reports.test.ts. */
export const CALL_LEG_FUNCTIONS = new Set(['GET get_cdr_in', 'GET get_cdr_out']);

export const REPORT_FUNCTIONS = new Set([
  'GET stat',
  'GET communication',
  'GET goal',
  'GET call',
  'GET chat',
  'GET chat_messages',
  'GET offline_message',
  'GET person_by_visitor',
  'GET visitors_by_person',
  'GET visitor',
  'GET session_info',
  'GET advertising_sales',
  'POST tag_communication',
  'POST tag_communication_sale',
  'POST untag_communication',
]);

/** `<verb> <function>` of every function whose success answer a test of this file checked against its schema. */
export const answered = new Set<string>();

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

/**
 * An XML answer read back into the value it says, by its `type` attributes: what a client of the
 * vendor's XML would get, so it can be compared with the JSON answer field by field.
 */
export function fromXml(xml: string): unknown {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    preserveOrder: true,
    parseTagValue: false,
    trimValues: false,
  });
  const doc = parser.parse(xml) as Array<Record<string, unknown>>;
  const root = doc.find((n) => 'root' in n)!;
  type Node = Record<string, unknown> & { ':@'?: Record<string, string> };
  const value = (node: Node): unknown => {
    const tag = Object.keys(node).find((k) => k !== ':@')!;
    const type = node[':@']?.['@type'];
    const children = node[tag] as Node[];
    const textOf = () => children.map((c) => (c['#text'] as string | undefined) ?? '').join('');
    switch (type) {
      case 'dict':
        return Object.fromEntries(children.map((c) => [Object.keys(c).find((k) => k !== ':@')!, value(c)]));
      case 'list':
        return children.map(value);
      case 'int':
      case 'float':
        return Number(textOf());
      case 'bool':
        return textOf() === 'true';
      case 'null':
        return null;
      case 'str':
        return textOf();
      default:
        throw new Error(`element ${tag} without a known type: ${String(type)}`);
    }
  };
  const children = root.root as Node[];
  return Object.fromEntries(children.map((c) => [Object.keys(c).find((k) => k !== ':@')!, value(c)]));
}

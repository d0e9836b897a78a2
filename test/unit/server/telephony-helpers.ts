import type { ConsultantServer, ServerOptions } from '../../../src/server/app.js';
import { SiteConfigSchema, type SiteConfig } from '../../../src/server/site-import/site-config.js';
import { sign } from '../../../src/server/telephony/signature.js';
import type { HitResult, WriteResponse } from '../../../src/protocol.js';
import { hitWrite } from './helpers.js';
import { checkAnswer } from './api-helpers.js';
import type { ApiSeed } from '../../../src/server/accounts/api-seed.js';
import { hashPassword } from '../../../src/server/identity/password.js';
import { createTestServer } from './test-server.js';

/**
 * The telephony tests' world: site 1 of customer 1 with a default number (74957770011), campaign
 * 10 "Google" (utm_source=google) showing a DT pool (`pool`), campaign 20 "Print" (utm_source=print)
 * showing a static number (74951110000), and employee 11 who answers calls.
 */
export const SECRET = 'test-telephony-secret';

export function telephonyConfig(pool: string[] = ['74990000001', '84990000002']): SiteConfig {
  return SiteConfigSchema.parse({
    customers: [
      {
        id: 1,
        name: 'Customer',
        employees: [
          {
            id: 11,
            last_name: 'Ivanova',
            first_name: 'Anna',
            patronymic: null,
            email: 'anna@x.test',
            password_hash: `scrypt$1024$8$1$${'A'.repeat(22)}$${'B'.repeat(43)}`,
            extension: '101',
            phones: ['74951110011'],
            sites: [1],
          },
        ],
        sites: [
          {
            id: 1,
            domain: 'localhost',
            site_key: 'site-a',
            widget_key: 'wk-a',
            user_phone: '74957770011',
            settings: { captcha: false, lang: 'ru' },
            callback: { scenario: 'Call-back' },
            blocks: [{ id: 1, name: 'Main', selector: 'number=84951234567', numb: '74957770011' }],
            campaigns: [
              {
                id: 10,
                name: 'Google',
                condition_groups: [
                  { id: 100, name: 'g', conditions: [{ id: 1000, ac_parameter: 'utm_source', ac_operator: '=', value: 'google' }] },
                ],
                blocks: [{ id: 11, name: 'DT', selector: 'number=84951234567', numb: '74950000009', dt_pool: pool }],
              },
              {
                id: 20,
                name: 'Print',
                condition_groups: [
                  { id: 200, name: 'p', conditions: [{ id: 2000, ac_parameter: 'utm_source', ac_operator: '=', value: 'print' }] },
                ],
                blocks: [{ id: 21, name: 'Print', selector: 'number=84951234567', numb: '74951110000' }],
              },
            ],
          },
        ],
      },
    ],
  });
}

/** A server of this world, taking events signed with SECRET, no lease policy; `extra`: more options, or others in their place. */
export function telephonyServer(extra: Partial<ServerOptions> = {}): Promise<ConsultantServer> {
  return createTestServer({
    dbPath: ':memory:',
    siteConfig: telephonyConfig(),
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    leasePolicy: false,
    telephony: { secret: SECRET },
    ...extra,
  });
}

/** A page view of site-a; the session, visitor and the number shown for `number=84951234567`. */
export async function visit(server: ConsultantServer, url: string, visitor: WriteResponse['visitor'] = null) {
  const h = hitWrite(url);
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ visitor, writes: [h] }),
  });
  const body = res.json() as WriteResponse;
  const r = body.results[0]!.result as HitResult;
  return { visitor: body.visitor, hit: h.id, sessionId: r.session_id, number: r.phones.find((p) => p.id === 'number=84951234567')!.raw };
}

/** Asks for a call-back to `phone` from the page view `v`, as the snippet's sitephone write does. */
export function postCallbackRequest(server: ConsultantServer, v: { visitor: WriteResponse['visitor']; hit: string }, phone: string) {
  return server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({
      visitor: v.visitor,
      writes: [{ id: `cb${Date.now()}`, type: 'sitephone', hit: v.hit, at: Date.now(), data: { phone } }],
    }),
  });
}

/** Posts one event, signed unless `signature` says otherwise. */
export function postEvent(server: ConsultantServer, event: unknown, signature?: string | null) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature === undefined ? sign(body, SECRET) : signature;
  if (sig !== null) headers['x-svc-signature'] = sig;
  return server.app.inject({ method: 'POST', url: '/telephony/events', headers, payload: body });
}

/** The three events of one call (ringing at `start`, answered after `wait` s if it talks, ended). */
export function callEvents(o: {
  callId: string;
  from: string;
  to: string;
  start?: number;
  wait?: number;
  talk?: number;
  employee?: number;
}) {
  const start = o.start ?? Date.now();
  const wait = o.wait ?? 3;
  const talk = o.talk ?? 0;
  const base = { call_id: o.callId, direction: 'in', numa: o.from, numb: o.to };
  const at = (s: number) => new Date(start + s * 1000).toISOString();
  const events: Array<Record<string, unknown>> = [{ ...base, event: 'ringing', time: at(0) }];
  if (talk > 0) events.push({ ...base, event: 'answered', time: at(wait) });
  events.push({
    ...base,
    event: 'ended',
    time: at(wait + talk),
    duration: talk,
    total_duration: wait + talk,
    ...(talk > 0 ? { file_link: `//records.test/${o.callId}.mp3` } : {}),
    ...(talk > 0 && o.employee ? { employee_id: o.employee, sip_line: '101' } : {}),
  });
  return events;
}

/** REST API user `a` (password `pw-a`) of customer 1, for the telephony tests' reports. */
export async function telephonySeed(): Promise<ApiSeed> {
  return {
    tariff_plans: [{ id: 1, name: 'Start', daily_fee_kopecks: 3300 }],
    agents: [{ id: 1, name: 'X' }],
    customers: [{ id: 1, agent_id: 1, tp_id: 1 }],
    users: [{ login: 'a', password_hash: await hashPassword('pw-a', 1024), customer_id: 1 }],
    tags: [],
  };
}

/** Signs in as `a`; its session key. */
export async function signIn(server: ConsultantServer): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
  return (res.json() as { data: { session_key: string } }).data.session_key;
}

/** Logs in as `a`; returns a GET of a REST function, its answer checked against the function's declared response. */
export async function restClient(server: ConsultantServer) {
  const key = await signIn(server);
  return async (fn: string, query: Record<string, string | number>) => {
    const r = await server.app.inject({
      method: 'GET',
      url: `/api/v1/${fn}/`,
      query: Object.fromEntries(Object.entries({ session_key: key, ...query }).map(([k, v]) => [k, String(v)])),
      headers: { accept: 'application/json' },
    });
    checkAnswer(fn, 'GET', r);
    return r;
  };
}

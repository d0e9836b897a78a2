import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import type { CarrierConnection, CarrierRouteDeps } from '../../../../src/server/carriers/carrier.js';
import { zadarmaCarrier } from '../../../../src/server/carriers/zadarma/index.js';
import { routeIncomingCall } from '../../../../src/server/numbers/routing.js';
import { acceptCallEvent, type TelephonyCounters } from '../../../../src/server/telephony/accept-event.js';
import { SiteConfigSchema } from '../../../../src/server/site-import/site-config.js';
import type { WriteResponse } from '../../../../src/protocol.js';
import { notificationSignature, startZadarmaStandin, zadarmaSide, type ZadarmaStandin } from '../../../support/zadarma-standin.js';
import { wid } from '../helpers.js';
import { telephonyConfig, visit } from '../telephony-helpers.js';
import { createTestServer } from '../test-server.js';

/**
 * Zadarma's calls on a real server and store: the stand-in plays the PBX's notifications
 * (test/support/zadarma-standin.ts), the routes turn them into the boundary's call events. The
 * route dependencies are built here from the real acceptCallEvent and numbers/routing.ts. Site 1's
 * number 74957770011 forwards to 74951110011; connection 7 is the Zadarma account.
 */

const CONNECTION = 7;
const SITE_NUMBER = '74957770011';
const OPERATOR = '74951110011';
const VISITOR = '79161234567';

let zd: ZadarmaStandin;
let server: ConsultantServer;
let base: string;
let counters: TelephonyCounters;

const connection = (): CarrierConnection => ({
  id: CONNECTION,
  kind: 'zadarma',
  credentials: { key: zd.key, secret: zd.secret },
  publicUrl: base,
  apiBase: zd.url,
});

function config() {
  const c = telephonyConfig();
  const site = c.customers[0]!.sites[0]!;
  return SiteConfigSchema.parse({
    ...c,
    customers: [{ ...c.customers[0]!, sites: [{ ...site, blocks: site.blocks.map((b) => ({ ...b, forward_numb: OPERATOR })) }] }],
  });
}

beforeEach(async () => {
  zd = await startZadarmaStandin();
  counters = { refusedUnknownNumber: 0 };
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: config(),
    bundleDir: '/nonexistent',
    // The routes are registered below with this test's connection; the server's own list stays empty.
    carriers: { modules: [] },
    // The call-back platform the core wires: the adapter dials, its call id names the record.
    callbackPlatform: {
      dispatch: async (req) => {
        const dial = { requestId: req.id, operatorPhone: OPERATOR, visitorPhone: req.phone, callerId: SITE_NUMBER };
        return { ok: true, callId: (await zadarmaCarrier.adapter(connection()).dialCallback(dial)).callId };
      },
    },
  });
  const deps: CarrierRouteDeps = {
    store: server.store,
    connection: async (id) => (id === CONNECTION ? connection() : null),
    handling: async (call) => ({
      forwardTo: (await routeIncomingCall(server.store.db, call))?.forwardTo ?? null,
      record: false,
      notice: null,
      language: 'ru',
    }),
    accept: (ev, log) =>
      acceptCallEvent(
        { store: server.store, hub: { poke: () => undefined }, routing: routeIncomingCall, events: server.webhooks, counters },
        ev,
        Date.now(),
        log,
      ),
  };
  await zadarmaCarrier.routes(server.app, deps);
  base = await server.listen(0, '127.0.0.1');
});
afterEach(async () => {
  await server.close();
  await zd.close();
});

interface CallRow {
  id: number;
  platform_call_id: string;
  communication_type: string;
  status: string | null;
  duration: number | null;
  numa: string;
  numb: string | null;
  answered_time: string | null;
  ended_time: string | null;
  file_link: string;
}
const calls = () => server.db.prepare('SELECT * FROM calls ORDER BY id').all() as CallRow[];
const legs = () =>
  server.db.prepare('SELECT platform_leg_id, direction, numa, numb, duration FROM call_legs ORDER BY id').all() as Array<{
    platform_leg_id: string;
    direction: string;
    numa: string;
    numb: string;
    duration: number | null;
  }>;
const pbx = () => zadarmaSide(base, CONNECTION, zd.secret);

describe('Zadarma notification URL', () => {
  it("answers Zadarma's URL check with the echo, for a known connection only", async () => {
    const res = await pbx().echo('Zx9-echo');
    expect([res.status, await res.text()]).toEqual([200, 'Zx9-echo']);
    expect((await fetch(`${base}carriers/zadarma/8/events?zd_echo=a`)).status).toBe(404);
    expect((await fetch(`${base}carriers/zadarma/x7/events?zd_echo=a`)).status).toBe(404);
    const none = await fetch(`${base}carriers/zadarma/${CONNECTION}/events`);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { success: boolean }).success).toBe(false);
  });

  it('refuses a notification without the signature, with a forged one, or for another connection, storing nothing', async () => {
    const call = pbx().incoming({ pbxCallId: 'in-1', from: VISITOR, to: SITE_NUMBER });
    expect((await pbx().post(call.start, null)).status).toBe(403);
    expect((await pbx().post(call.start, 'Zm9yZ2Vk')).status).toBe(403);
    const other = zadarmaSide(base, CONNECTION, 'another-secret');
    expect((await other.post(call.start)).status).toBe(403);
    // Signed fields changed on the way: the signature no longer holds.
    const signed = notificationSignature(call.start, zd.secret);
    expect((await pbx().post({ ...call.start, called_did: '74951110000' }, signed)).status).toBe(403);
    expect((await zadarmaSide(base, 8, zd.secret).post(call.start)).status).toBe(404);
    expect(calls()).toEqual([]);
  });

  it('refuses a malformed notification with the error envelope, storing nothing', async () => {
    const call = pbx().incoming({ pbxCallId: 'in-2', from: VISITOR, to: SITE_NUMBER, talk: 5 });
    const res = await pbx().post({ ...call.end, duration: 'five' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: expect.stringMatching(/^400102: Invalid NOTIFY_END: duration/) });
    expect((await pbx().post({ caller_id: VISITOR }, 'x')).status).toBe(400);
    expect(calls()).toEqual([]);
  });
});

describe('Zadarma incoming calls', () => {
  it('records a call from its notifications and routes it to the forwarding number', async () => {
    const call = pbx().incoming({ pbxCallId: 'in-3', from: VISITOR, to: SITE_NUMBER, talk: 30, recording: '1732880000.1234' });
    const start = await pbx().post(call.start);
    expect(start).toEqual({ status: 200, body: { redirect: '100', return_timeout: 0, rewrite_forward_number: OPERATOR } });
    expect(calls()).toEqual([
      expect.objectContaining({ platform_call_id: 'in-3', communication_type: 'call', numa: VISITOR, numb: SITE_NUMBER }),
    ]);
    expect((await pbx().post(call.answer)).status).toBe(200);
    expect(calls()[0]!.answered_time).not.toBeNull();
    const end = await pbx().post(call.end);
    expect(end.body).toMatchObject({ success: true, data: [{ applied: true, site_id: 1 }] });
    expect(calls()[0]).toMatchObject({ status: 'normal', duration: 30 });
    expect((await pbx().post(call.record)).status).toBe(200);

    const [link] = JSON.parse(calls()[0]!.file_link) as string[];
    expect(link).toMatch(new RegExp(`^${base}carriers/zadarma/7/records/1732880000\\.1234\\?t=[\\w-]{32}$`));
    // Not saved yet at Zadarma; then the link leads to Zadarma's fresh one.
    expect((await fetch(link!, { redirect: 'manual' })).status).toBe(404);
    zd.state.recordings['1732880000.1234'] = 'https://zadarma.test/rec/1732880000.1234.mp3';
    const opened = await fetch(link!, { redirect: 'manual' });
    expect([opened.status, opened.headers.get('location')]).toEqual([302, 'https://zadarma.test/rec/1732880000.1234.mp3']);
    expect((await fetch(link!.replace(/t=.*/, 't=' + 'A'.repeat(32)), { redirect: 'manual' })).status).toBe(403);
  });

  it("leaves a call nobody takes to the PBX's own scenario, and records a hidden caller", async () => {
    const call = pbx().incoming({ pbxCallId: 'in-8', from: 'anonymous', to: '74951110000' });
    expect(await pbx().post(call.start)).toEqual({ status: 200, body: {} });
    expect(calls()).toEqual([expect.objectContaining({ platform_call_id: 'in-8', numa: '000', numb: '74951110000' })]);
  });

  it('changes nothing when Zadarma repeats its notifications', async () => {
    const call = pbx().incoming({ pbxCallId: 'in-4', from: VISITOR, to: SITE_NUMBER, talk: 12 });
    for (const n of [call.start, call.answer, call.end]) expect((await pbx().post(n)).status).toBe(200);
    const before = { calls: calls(), legs: legs() };
    for (const n of [call.end, call.start, call.answer]) await pbx().post(n);
    const again = await pbx().post(call.end);
    expect(again.body).toMatchObject({ success: true, data: [{ applied: false }] });
    expect({ calls: calls(), legs: legs() }).toEqual(before);
  });

  it('takes the notifications in any order', async () => {
    const call = pbx().incoming({ pbxCallId: 'in-5', from: VISITOR, to: SITE_NUMBER, talk: 7 });
    // An answer before its call is known names no number called: it is left to the end's talk.
    expect((await pbx().post(call.answer)).body).toEqual({ success: true, data: [] });
    expect((await pbx().post(call.end)).status).toBe(200);
    expect((await pbx().post(call.start)).status).toBe(200);
    expect(calls()).toEqual([expect.objectContaining({ platform_call_id: 'in-5', status: 'normal', duration: 7 })]);
  });

  it("counts and refuses a call to a number that is no customer's, and leaves its routing to Zadarma", async () => {
    const call = pbx().incoming({ pbxCallId: 'in-6', from: VISITOR, to: '74959999999' });
    expect((await pbx().post(call.start)).status).toBe(422);
    expect(counters.refusedUnknownNumber).toBe(1);
    expect(calls()).toEqual([]);
  });

  it('lets the notifications it does not keep pass', async () => {
    const internal = {
      event: 'NOTIFY_INTERNAL',
      call_start: '2026-11-29 12:00:00',
      pbx_call_id: 'in-7',
      caller_id: VISITOR,
      called_did: SITE_NUMBER,
      internal: '101',
    };
    expect(await pbx().post(internal)).toEqual({ status: 200, body: {} });
    expect(calls()).toEqual([]);
  });
});

describe('Zadarma call-backs', () => {
  async function requestCallback() {
    const v = await visit(server, 'http://localhost/page?utm_source=google');
    const write = { id: wid(), type: 'sitephone', hit: v.hit, at: Date.now(), data: { phone: '+7 (916) 123-45-67' } };
    const res = await server.app.inject({
      method: 'POST',
      url: '/w/site-a',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ visitor: v.visitor, writes: [write] }),
    });
    expect((res.json() as WriteResponse).results[0]!.success).toBe(true);
    await server.callbacksDispatched();
    return calls().find((c) => c.communication_type === 'sitephone')!;
  }

  it("completes the call-back's record from the PBX's outgoing call to the visitor", async () => {
    const record = await requestCallback();
    expect(record.platform_call_id).toBe(`zadarma-cb:7:${record.id}`);
    expect(zd.state.callbacks).toEqual([{ from: OPERATOR, to: VISITOR, sip: '100', format: 'json' }]);

    const leg = pbx().outgoing({
      pbxCallId: 'out-1',
      internal: '100',
      to: VISITOR,
      callerId: SITE_NUMBER,
      talk: 20,
      recording: '1732880001.77',
    });
    expect((await pbx().post(leg.start)).body).toMatchObject({ success: true, data: [{ applied: true }, { applied: true }] });
    expect((await pbx().post(leg.end)).body).toMatchObject({ success: true, data: [{ applied: true, id: record.id }] });
    expect((await pbx().post(leg.end)).body).toMatchObject({ success: true, data: [{ applied: false }] });
    const done = calls().find((c) => c.id === record.id)!;
    expect(done).toMatchObject({ status: 'normal', duration: 20 });
    expect(JSON.parse(done.file_link)).toEqual([expect.stringContaining('/carriers/zadarma/7/records/1732880001.77?t=')]);
    expect(legs()).toEqual([
      { platform_leg_id: record.platform_call_id, direction: 'out', numa: SITE_NUMBER, numb: OPERATOR, duration: expect.any(Number) },
      { platform_leg_id: `${record.platform_call_id}/visitor`, direction: 'out', numa: SITE_NUMBER, numb: VISITOR, duration: 20 },
    ]);
  });

  it('marks a call-back lost when the visitor did not answer, and ignores outgoing calls that are no call-back', async () => {
    const record = await requestCallback();
    const leg = pbx().outgoing({ pbxCallId: 'out-2', internal: '100', to: VISITOR, callerId: SITE_NUMBER });
    await pbx().post(leg.start);
    await pbx().post(leg.end);
    expect(calls().find((c) => c.id === record.id)).toMatchObject({ status: 'lost', duration: 0 });

    const other = pbx().outgoing({ pbxCallId: 'out-3', internal: '100', to: '79990001122', callerId: SITE_NUMBER, talk: 5 });
    expect((await pbx().post(other.start)).body).toEqual({ success: true, data: [] });
    expect((await pbx().post(other.end)).body).toEqual({ success: true, data: [] });
    expect(calls()).toHaveLength(1);
  });
});

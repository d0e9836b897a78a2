import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import type { CallHandling, CarrierConnection, CarrierRouteDeps } from '../../../../src/server/carriers/carrier.js';
import { twilioCarrier } from '../../../../src/server/carriers/twilio/index.js';
import { CALLBACK_HOLD_MS } from '../../../../src/server/carriers/twilio/routes.js';
import { routeIncomingCall } from '../../../../src/server/numbers/routing.js';
import { acceptCallEvent, type TelephonyCounters } from '../../../../src/server/telephony/accept-event.js';
import type { CallbackPlatform } from '../../../../src/server/callback/platform.js';
import { postCallbackRequest, telephonyServer, visit } from '../telephony-helpers.js';
import { parseDial, saysOf, twilioSignature, TwilioStandin } from '../../../support/twilio-standin.js';

/**
 * Twilio's webhooks through the carrier's routes into a real server and store: the stand-in plays
 * Twilio (test/support/twilio-standin.ts), signing each webhook for the public URL Twilio was given
 * and delivering it to the server's own address, as a proxy in front of the server would. The
 * routes' dependencies are built here from the real boundary (acceptCallEvent) and routing
 * (numbers/routing.ts); a call nobody routes goes to the site's phone.
 */

const PUBLIC = 'https://svc.example/';
const SITE_PHONE = '74957770011';
const OPERATOR = '74951110011';

let server: ConsultantServer;
let twilio: TwilioStandin;
let counters: TelephonyCounters;
let handling: Omit<CallHandling, 'forwardTo'> & { forwardTo?: string | null };
let logLines: string[];

afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  await twilio?.close();
});

async function start(opts: { callbackPlatform?: (connection: CarrierConnection) => CallbackPlatform } = {}) {
  // Only the clock is faked, and it runs: `later` moves it on where a test would wait for it.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  twilio = new TwilioStandin();
  await twilio.start();
  const connection: CarrierConnection = {
    id: 3,
    kind: 'twilio',
    credentials: { account_sid: twilio.accountSid, auth_token: twilio.authToken },
    publicUrl: PUBLIC,
    apiBase: twilio.url,
  };
  logLines = [];
  server = await telephonyServer({
    logger: { write: (l) => void logLines.push(l) },
    // The routes are registered below with this test's connection; the server's own list stays empty.
    carriers: { modules: [] },
    ...(opts.callbackPlatform ? { callbackPlatform: opts.callbackPlatform(connection) } : {}),
  });
  counters = { refusedUnknownNumber: 0 };
  handling = { record: false, notice: null, language: 'en' };
  const deps: CarrierRouteDeps = {
    store: server.store,
    connection: async (id) => (id === connection.id ? connection : null),
    handling: async (call) => ({
      forwardTo: (await routeIncomingCall(server.store.db, call))?.forwardTo ?? SITE_PHONE,
      ...handling,
    }),
    accept: (ev, log) =>
      acceptCallEvent(
        { store: server.store, hub: { poke: () => {} }, routing: routeIncomingCall, events: server.webhooks, counters },
        ev,
        Date.now(),
        log,
      ),
  };
  await twilioCarrier.routes(server.app, deps);
  twilio.deliver = { publicUrl: PUBLIC, actualUrl: await server.listen(0, '127.0.0.1') };
  // The numbers the site shows are Twilio's, routed to this server by the adapter: Twilio calls the URLs it set.
  const adapter = twilioCarrier.adapter(connection);
  for (const n of ['+74990000001', '+74990000002', '+74957770011', '+74951110000', '+74959999999'])
    await adapter.routeNumber({ phone: n.slice(1), carrierId: twilio.hold(n).sid });
  twilio.requests.length = 0;
  return connection;
}

type CallRow = {
  id: number;
  status: string | null;
  ac_id: number;
  session_id: number | null;
  duration: number | null;
  wait_time: number | null;
  file_link: string;
  communication_type: string;
  numa: string;
  numb: string;
  direction: string;
};
const calls = () => server.db.prepare('SELECT * FROM calls ORDER BY id').all() as CallRow[];
const legs = () =>
  server.db.prepare('SELECT * FROM call_legs ORDER BY id').all() as Array<{
    direction: string;
    cdr_id: number | null;
    numa: string;
    numb: string;
    duration: number;
    total_duration: number;
    file_link: string | null;
  }>;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** The clock `ms` on, for the server and this test alike: a second of talk without waiting for it. */
const later = (ms: number) => void vi.setSystemTime(Date.now() + ms);

describe('Twilio webhooks: incoming calls', () => {
  it('records the call as ringing, with its campaign, and answers TwiML dialling the forwarding target', async () => {
    await start();
    const v = await visit(server, 'http://localhost/landing?utm_source=google');
    const call = await twilio.incomingCall('+79161234567', '+' + v.number);
    expect(call.status, call.twiml).toBe(200);
    expect(saysOf(call.twiml)).toEqual([]);
    expect(call.dial).toMatchObject({ callerId: '+79161234567', number: '+' + SITE_PHONE, record: null });
    expect(new URL(call.dial!.action).pathname).toBe('/carriers/twilio/3/dial-action');
    expect(calls()).toMatchObject([
      {
        communication_type: 'call',
        direction: 'in',
        numa: '79161234567',
        numb: v.number,
        ac_id: 10,
        session_id: v.sessionId,
        status: null,
      },
    ]);
  });

  it("a withheld caller's number is recorded as no one's, and the operator is shown the tracking number", async () => {
    await start();
    const v = await visit(server, 'http://localhost/?utm_source=google');
    // A call to the number leased to the visit would join the caller's number to the visitor.
    const first = await twilio.incomingCall('+266696687', '+' + v.number, 'CA' + '5'.repeat(32));
    expect(first.dial).toMatchObject({ callerId: '+' + v.number });
    const second = await twilio.incomingCall('Anonymous', '+74951110000', 'CA' + '6'.repeat(32));
    expect(second.dial).toMatchObject({ callerId: '+74951110000' });
    expect(calls().map((c) => [c.numa, c.session_id])).toEqual([
      ['000', v.sessionId],
      ['000', null],
    ]);
    expect(server.db.prepare("SELECT count(*) AS n FROM person_contacts WHERE kind = 'phone'").get()).toEqual({ n: 0 });
  });

  it('with recording on, the caller hears the notice first, then the Dial records', async () => {
    await start();
    handling = { record: true, notice: 'Разговор записывается.', language: 'ru' };
    const call = await twilio.incomingCall('+79161234567', '+74951110000');
    expect(saysOf(call.twiml)).toEqual([{ language: 'ru-RU', text: 'Разговор записывается.' }]);
    expect(call.twiml.indexOf('<Say')).toBeLessThan(call.twiml.indexOf('<Dial'));
    expect(call.dial).toMatchObject({
      record: 'record-from-answer-dual',
      recordingStatusCallback: expect.stringContaining(`${PUBLIC}carriers/twilio/3/recording?t=`),
    });
  });

  it("the talk, the recording as the call's file_link, and a late status callback changing nothing", async () => {
    await start();
    handling = { record: true, notice: null, language: 'en' };
    const call = await twilio.incomingCall('+79161234567', '+74951110000');
    const base = twilio.callParams(call.callSid, '+79161234567', '+74951110000', 'in-progress');
    const answered = new Date();
    later(1100);
    const action = await twilio.dialEnded(call.dial!, base, { status: 'completed', duration: 1 });
    expect(action.status).toBe(200);
    expect(action.body).toContain('<Hangup/>');
    expect(calls()[0]).toMatchObject({ status: 'normal', duration: 1, ac_id: 20, file_link: '[]' });
    const link = 'https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/RE1';
    const rec = await twilio.recordingReady(call.dial!, call.callSid, { url: link, duration: 1, start: answered });
    expect(rec.status).toBe(204);
    expect(JSON.parse(calls()[0]!.file_link)).toEqual([link]);
    expect(legs()[0]!.file_link).toBe(link);
    const before = calls();
    const st = await twilio.callStatus(twilio.heldByPhone('+74951110000')!.status_callback!, base, 'completed', { duration: 3 });
    expect(st.status).toBe(204);
    expect(calls()).toEqual(before);
  });

  it("the call's end before its Dial's end: the talk is read from the leg Twilio dialled", async () => {
    await start();
    const call = await twilio.incomingCall('+79161234567', '+74951110000');
    const base = twilio.callParams(call.callSid, '+79161234567', '+74951110000', 'completed');
    const statusUrl = twilio.heldByPhone('+74951110000')!.status_callback!;
    // A leg still going on: the end is left to the Dial's end.
    const leg = twilio.dial(call.callSid, 'in-progress', null);
    await twilio.callStatus(statusUrl, base, 'completed', { duration: 9 });
    expect(calls()[0]).toMatchObject({ status: null });
    // Twilio's REST API failing: nothing is guessed.
    Object.assign(leg, { status: 'completed', duration: 7, end: new Date(Date.now() + 1000) });
    twilio.failure = 'server_error';
    await twilio.callStatus(statusUrl, base, 'completed', { duration: 9 });
    expect(calls()[0]).toMatchObject({ status: null });
    twilio.failure = null;
    await twilio.callStatus(statusUrl, base, 'completed', { duration: 9 });
    expect(calls()[0]).toMatchObject({ status: 'normal', duration: 7 });
    const listed = twilio.requests.filter((r) => r.path.endsWith('/Calls.json') && r.method === 'GET');
    expect(listed.map((r) => r.query.ParentCallSid)).toEqual([call.callSid, call.callSid, call.callSid]);
    // The Dial's end, later, changes nothing.
    const before = calls();
    await twilio.dialEnded(call.dial!, base, { status: 'completed', duration: 7 });
    expect(calls()).toEqual(before);
  });

  it('nobody to forward to: a polite goodbye; the end without talk makes the call lost', async () => {
    await start();
    handling = { forwardTo: null, record: false, notice: null, language: 'en' };
    const call = await twilio.incomingCall('+79161234567', '+74951110000');
    expect(call.dial).toBeNull();
    expect(saysOf(call.twiml)).toEqual([{ language: 'en-US', text: expect.stringContaining('nobody can take your call') }]);
    expect(call.twiml).toContain('<Hangup/>');
    const base = twilio.callParams(call.callSid, '+79161234567', '+74951110000', 'completed');
    await twilio.callStatus(twilio.heldByPhone('+74951110000')!.status_callback!, base, 'completed', { duration: 4 });
    expect(calls()[0]).toMatchObject({ status: 'lost', duration: 0 });
  });

  it('a number that forwards to itself is not dialled: it would ring itself without end', async () => {
    await start();
    handling = { forwardTo: '8 (495) 111-00-00', record: false, notice: null, language: 'en' };
    const call = await twilio.incomingCall('+79161234567', '+74951110000');
    expect(call.dial).toBeNull();
    expect(saysOf(call.twiml)).toEqual([{ language: 'en-US', text: expect.stringContaining('nobody can take your call') }]);
  });

  it('a number no customer holds: "not in service", nothing stored, counted', async () => {
    await start();
    const call = await twilio.incomingCall('+79161234567', '+74959999999');
    expect(call.status).toBe(200);
    expect(saysOf(call.twiml)).toEqual([{ language: 'ru-RU', text: 'Набранный вами номер не обслуживается.' }]);
    expect(call.dial).toBeNull();
    expect(calls()).toEqual([]);
    expect(counters.refusedUnknownNumber).toBe(1);
  });
});

describe('Twilio webhooks: who may post', () => {
  it('a missing, forged or wrongly keyed signature is refused with 403 and nothing is stored', async () => {
    await start();
    const url = `${PUBLIC}carriers/twilio/3/voice`;
    const params = twilio.callParams('CA' + '1'.repeat(32), '+79161234567', '+74951110000', 'ringing');
    const refused = [
      await twilio.webhook(url, params, null),
      await twilio.webhook(url, params, 'bm90IGEgc2lnbmF0dXJl'),
      await twilio.webhook(url, params, twilioSignature('another-token', url, params)),
      // Signed for the address the request arrives at, not the public URL Twilio was given.
      await twilio.webhook(url, params, twilioSignature(twilio.authToken, twilio.deliver!.actualUrl + 'carriers/twilio/3/voice', params)),
      // Signed, then a parameter changed on the way.
      await twilio.webhook(url, { ...params, From: '+79160000000' }, twilioSignature(twilio.authToken, url, params)),
    ];
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(JSON.parse(r.body)).toEqual({ success: false, message: '403201: Bad or missing X-Twilio-Signature' });
    }
    expect(calls()).toEqual([]);
    expect((await twilio.webhook(url, params)).status).toBe(200);
    expect(calls()).toHaveLength(1);
  });

  it('an unknown connection is 404; a malformed body 400; a signed request without its call 400', async () => {
    await start();
    const params = twilio.callParams('CA' + '2'.repeat(32), '+79161234567', '+74951110000', 'ringing');
    expect((await twilio.webhook(`${PUBLIC}carriers/twilio/99/voice`, params)).status).toBe(404);
    expect((await twilio.webhook(`${PUBLIC}carriers/twilio/x/voice`, params)).status).toBe(404);
    const bad = await fetch(`${twilio.deliver!.actualUrl}carriers/twilio/3/voice`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      body: 'CallSid=%zz',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, message: '400201: Malformed form body' });
    const { CallSid: _, ...noSid } = params;
    const r = await twilio.webhook(`${PUBLIC}carriers/twilio/3/voice`, noSid);
    expect([r.status, JSON.parse(r.body).message]).toEqual([400, '400202: Invalid Twilio request: CallSid missing']);
    const sip = await twilio.webhook(`${PUBLIC}carriers/twilio/3/voice`, { ...params, To: 'sip:line@example.sip.twilio.com' });
    expect([sip.status, JSON.parse(sip.body).message]).toEqual([400, '400202: Invalid Twilio request: To is no phone number']);
    // A call context this auth token did not seal (the token was rotated mid-call), signed by Twilio.
    const action = await twilio.webhook(`${PUBLIC}carriers/twilio/3/dial-action?t=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, {
      ...params,
      DialCallStatus: 'completed',
      DialCallDuration: '5',
    });
    expect([action.status, JSON.parse(action.body).message]).toEqual([400, '400202: Invalid Twilio request: unreadable call context']);
    expect(calls()).toEqual([]);
  });

  it("the server's log names neither the caller's number nor a credential", async () => {
    await start();
    handling = { record: true, notice: null, language: 'en' };
    const call = await twilio.incomingCall('+79161234567', '+74951110000');
    const base = twilio.callParams(call.callSid, '+79161234567', '+74951110000', 'completed');
    await twilio.dialEnded(call.dial!, base, { status: 'completed', duration: 3 });
    await twilio.recordingReady(call.dial!, call.callSid, { url: 'https://api.twilio.com/r/RE3', duration: 3, start: new Date() });
    await twilio.callStatus(twilio.heldByPhone('+74951110000')!.status_callback!, base, 'completed', { duration: 5 });
    await twilio.webhook(`${PUBLIC}carriers/twilio/3/voice`, base, 'forged');
    const log = logLines.join('\n');
    expect(log).toContain('/carriers/twilio/3/dial-action');
    expect(log).toContain('twilio: webhook signature refused');
    for (const secret of ['79161234567', twilio.authToken, call.dial!.action.split('t=')[1]!]) expect(log).not.toContain(secret);
  });

  it('a replayed callback changes nothing', async () => {
    await start();
    const call = await twilio.incomingCall('+79161234567', '+74951110000');
    const base = twilio.callParams(call.callSid, '+79161234567', '+74951110000', 'in-progress');
    const params = { ...base, DialCallSid: 'CA' + '3'.repeat(32), DialCallStatus: 'completed', DialCallDuration: '5' };
    expect((await twilio.webhook(call.dial!.action, params)).status).toBe(200);
    const once = { calls: calls(), legs: legs() };
    later(1100);
    expect(
      (
        await twilio.webhook(
          call.dial!.action,
          { ...params, DialCallDuration: '9' },
          twilioSignature(twilio.authToken, call.dial!.action, { ...params, DialCallDuration: '9' }),
        )
      ).status,
    ).toBe(200);
    expect((await twilio.webhook(call.dial!.action, params)).status).toBe(200);
    expect((await twilio.incomingCall('+79161234567', '+74951110000', call.callSid)).status).toBe(200);
    expect({ calls: calls(), legs: legs() }).toEqual(once);
  });
});

describe('Twilio webhooks: call-backs', () => {
  const callbackPlatform = (connection: CarrierConnection): CallbackPlatform => ({
    dispatch: async (r) => {
      const { callId } = await twilioCarrier
        .adapter(connection)
        .dialCallback({ requestId: r.id, operatorPhone: OPERATOR, visitorPhone: r.phone, callerId: SITE_PHONE });
      return { ok: true, callId };
    },
  });

  async function requestCallback(phone: string) {
    const v = await visit(server, 'http://localhost/?utm_source=google');
    await postCallbackRequest(server, v, phone);
    await server.callbacksDispatched();
    return v;
  }

  it("the operator's call and the bridge to the visitor complete the request, in any order of the status callbacks", async () => {
    await start({ callbackPlatform });
    const v = await requestCallback('+7 916 777-00-00');
    // Past the hold of a call-back's early events (routes.ts, afterDialStored): tested on its own below.
    later(CALLBACK_HOLD_MS);
    expect(twilio.calls).toHaveLength(1);
    const placed = twilio.calls[0]!;
    expect(placed.params).toMatchObject({ To: '+' + OPERATOR, From: '+' + SITE_PHONE });
    expect(server.db.prepare('SELECT platform_call_id FROM calls').get()).toEqual({ platform_call_id: placed.sid });
    const statusUrl = String(placed.params.StatusCallback);
    const base = twilio.callParams(placed.sid, '+' + SITE_PHONE, '+' + OPERATOR, 'in-progress', 'outbound-api');
    const t0 = Date.now();
    // Answered reported before ringing: both are applied, the wait from one to the other.
    await twilio.callStatus(statusUrl, base, 'in-progress', { at: new Date(t0 + 4000) });
    await twilio.callStatus(statusUrl, base, 'ringing', { at: new Date(t0) });
    expect(calls()[0]).toMatchObject({ communication_type: 'sitephone', status: null, wait_time: 4 });
    const bridge = await twilio.webhook(String(placed.params.Url), base);
    expect(bridge.status).toBe(200);
    const dial = parseDial(bridge.body)!;
    expect(dial).toMatchObject({ callerId: '+' + SITE_PHONE, number: '+79167770000', record: null, numberUrl: null });
    later(1100);
    await twilio.dialEnded(dial, base, { status: 'completed', duration: 1 });
    await twilio.callStatus(statusUrl, base, 'completed', { duration: 3 });
    await twilio.callStatus(statusUrl, base, 'ringing', { at: new Date(t0) });
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toMatchObject({
      communication_type: 'sitephone',
      status: 'normal',
      duration: 1,
      ac_id: 10,
      session_id: v.sessionId,
    });
    // The operator's leg (from the number shown to the site's phone), then the visitor's.
    expect(legs().map((l) => [l.direction, l.cdr_id === null, l.numa, l.numb, l.duration])).toEqual([
      ['out', true, SITE_PHONE, SITE_PHONE, expect.any(Number)],
      ['out', false, SITE_PHONE, '79167770000', 1],
    ]);
  });

  it('when recording, the bridge records and the visitor hears the notice on answering', async () => {
    await start({ callbackPlatform });
    handling = { record: true, notice: 'This call is recorded.', language: 'en' };
    await requestCallback('79167770002');
    later(CALLBACK_HOLD_MS);
    const placed = twilio.calls[0]!;
    const base = twilio.callParams(placed.sid, '+' + SITE_PHONE, '+' + OPERATOR, 'in-progress', 'outbound-api');
    const dial = parseDial((await twilio.webhook(String(placed.params.Url), base)).body)!;
    expect(dial).toMatchObject({
      number: '+79167770002',
      record: 'record-from-answer-dual',
      numberUrl: expect.stringContaining(`${PUBLIC}carriers/twilio/3/callback-notice?t=`),
    });
    const visitorAnswered = twilio.callParams('CA' + '4'.repeat(32), '+' + SITE_PHONE, '+79167770002', 'in-progress', 'outbound-dial');
    const notice = await twilio.webhook(dial.numberUrl!, visitorAnswered);
    expect(saysOf(notice.body)).toEqual([{ language: 'en-US', text: 'This call is recorded.' }]);
    const link = 'https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/RE2';
    await twilio.dialEnded(dial, base, { status: 'completed', duration: 0 });
    await twilio.recordingReady(dial, placed.sid, { url: link, duration: 0, start: new Date() });
    expect(JSON.parse(calls()[0]!.file_link)).toEqual([link]);
  });

  it("Twilio's first callback before its answer to the dial still completes the request, not a record of its own", async () => {
    await start({ callbackPlatform });
    let early: Promise<{ status: number }> | null = null;
    twilio.onCallPlaced = (placed) => {
      const base = twilio.callParams(placed.sid, '+' + SITE_PHONE, '+' + OPERATOR, 'ringing', 'outbound-api');
      early = twilio.callStatus(String(placed.params.StatusCallback), base, 'ringing');
      // Twilio's answer to the dial comes a moment after its first callback.
      return sleep(300);
    };
    await requestCallback('79167770003');
    expect((await early!).status).toBe(204);
    expect(calls()).toMatchObject([{ communication_type: 'sitephone', direction: 'out' }]);
    expect(legs()).toHaveLength(1);
    expect(server.db.prepare('SELECT platform_call_id FROM calls').get()).toEqual({ platform_call_id: twilio.calls[0]!.sid });
  });

  it('an operator who never answers leaves the request lost', async () => {
    await start({ callbackPlatform });
    await requestCallback('79167770001');
    later(CALLBACK_HOLD_MS);
    const placed = twilio.calls[0]!;
    const base = twilio.callParams(placed.sid, '+' + SITE_PHONE, '+' + OPERATOR, 'ringing', 'outbound-api');
    await twilio.callStatus(String(placed.params.StatusCallback), base, 'ringing');
    await twilio.callStatus(String(placed.params.StatusCallback), base, 'no-answer');
    expect(calls()[0]).toMatchObject({ communication_type: 'sitephone', status: 'lost', duration: 0 });
  });
});

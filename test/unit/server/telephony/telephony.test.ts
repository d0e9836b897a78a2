import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import {
  callEvents,
  postCallbackRequest,
  postEvent,
  restClient,
  SECRET,
  telephonyConfig,
  telephonySeed,
  telephonyServer,
  visit,
} from '../telephony-helpers.js';
import { screenPopReader } from '../../../../src/server/telephony/screen-pop.js';

let server: ConsultantServer;
async function start(opts: { lostAfterMs?: number; sweepEveryMs?: number } = {}) {
  server = await telephonyServer({ telephony: { secret: SECRET, lostAfterMs: opts.lostAfterMs, everyMs: opts.sweepEveryMs } });
}
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
});

type CallRow = {
  id: number;
  site_id: number;
  ac_id: number;
  session_id: number | null;
  visitor_id: number | null;
  status: string | null;
  numa: string;
  numb: string;
  wait_time: number | null;
  duration: number | null;
  operator_name: string | null;
  file_link: string;
  is_visitor_by_numa: number;
  communication_type: string;
  utm_source: string | null;
  page_url: string | null;
};
const calls = () => server.db.prepare('SELECT * FROM calls ORDER BY id').all() as CallRow[];
const legs = () =>
  server.db.prepare('SELECT * FROM call_legs ORDER BY id').all() as Array<{
    id: number;
    call_id: number;
    cdr_id: number | null;
    direction: string;
    numa: string;
    numb: string;
    setup_time: string;
    connect_time: string | null;
    duration: number;
    total_duration: number;
    is_lost: number;
    sip_line: string | null;
  }>;
type Rec = Record<string, unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The date `offset` days from today, as the reports take it. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('telephony events: attribution', () => {
  it('attributes a call to a DT number to the session holding its lease, with legs, talk and who answered', async () => {
    await start();
    const v = await visit(server, 'http://localhost/landing?utm_source=google');
    expect(v.number).toBe('74990000001');
    for (const ev of callEvents({ callId: 'c1', from: '+7 (916) 123-45-67', to: v.number, talk: 42, wait: 5, employee: 11 })) {
      const res = await postEvent(server, ev);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { applied: true } });
    }
    const [c, ...more] = calls();
    expect(more).toEqual([]);
    expect(c).toMatchObject({
      communication_type: 'call',
      ac_id: 10,
      session_id: v.sessionId,
      visitor_id: v.visitor!.id,
      status: 'normal',
      numa: '79161234567',
      numb: '74990000001',
      wait_time: 5,
      duration: 42,
      operator_name: 'Ivanova Anna',
      utm_source: 'google',
      page_url: 'http://localhost/landing?utm_source=google',
      is_visitor_by_numa: 0,
    });
    expect(JSON.parse(c!.file_link)).toEqual(['//records.test/c1.mp3']);
    const [inLeg, outLeg] = legs();
    expect(inLeg).toMatchObject({ call_id: c!.id, cdr_id: null, direction: 'in', duration: 42, total_duration: 47, is_lost: 0 });
    expect(outLeg).toMatchObject({ call_id: c!.id, cdr_id: inLeg!.id, direction: 'out', sip_line: '101', duration: 42 });
    // The caller's number joined the visitor's person: a later visitor who leaves it is the same person.
    const contact = server.db.prepare("SELECT person_id FROM person_contacts WHERE kind = 'phone' AND value = ?").get('79161234567') as
      { person_id: number } | undefined;
    expect(contact?.person_id).toBe(v.visitor!.id);
  });

  it("gives a static block number's call to the block's campaign, an unleased pool number's and a default number's to none", async () => {
    await start();
    await postEvent(server, callEvents({ callId: 's1', from: '79160000001', to: '8 495 111-00-00' })[0]);
    // Nobody holds the pool's second number now.
    await postEvent(server, callEvents({ callId: 'p2', from: '79160000002', to: '74990000002' })[0]);
    await postEvent(server, callEvents({ callId: 'd1', from: '79160000003', to: '74957770011' })[0]);
    expect(calls().map((c) => [c.numb, c.ac_id, c.session_id, c.status])).toEqual([
      ['74951110000', 20, null, null],
      ['74990000002', -1, null, null],
      ['74957770011', -1, null, null],
    ]);
  });

  it('does not attribute a call made after the lease ended (after-session minutes included)', async () => {
    await start();
    const v = await visit(server, 'http://localhost/?utm_source=google');
    // The lease lasts the session's 30 idle minutes and the site's 15 after-session minutes.
    const late = Date.now() + 46 * 60_000;
    await postEvent(server, callEvents({ callId: 'late', from: '79160000009', to: v.number, start: late })[0]);
    const early = Date.now() + 44 * 60_000;
    await postEvent(server, callEvents({ callId: 'inlease', from: '79160000008', to: v.number, start: early })[0]);
    expect(calls().map((c) => [c.numa, c.ac_id, c.session_id])).toEqual([
      ['79160000009', -1, null],
      ['79160000008', 10, v.sessionId],
    ]);
  });

  it('names the visitor of a known caller number on a call no session explains (is_visitor_by_numa)', async () => {
    await start();
    const v = await visit(server, 'http://localhost/?utm_source=google');
    for (const ev of callEvents({ callId: 'first', from: '79165550000', to: v.number, talk: 10 })) await postEvent(server, ev);
    await postEvent(server, callEvents({ callId: 'again', from: '89165550000', to: '74957770011' })[0]);
    const again = calls()[1]!;
    expect(again).toMatchObject({ visitor_id: v.visitor!.id, session_id: null, ac_id: -1, is_visitor_by_numa: 1 });
  });
});

describe('telephony events: idempotent, in any order, lost', () => {
  it('applies each (call_id, event) once, whatever the order, to one record', async () => {
    await start();
    const v = await visit(server, 'http://localhost/?utm_source=google');
    const [ringing, answered, ended] = callEvents({ callId: 'x', from: '79161110000', to: v.number, talk: 30, wait: 4 });
    for (const ev of [ended, answered, ended, ringing, answered, ringing]) {
      const res = await postEvent(server, ev);
      expect(res.statusCode).toBe(200);
    }
    const rows = calls();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'normal', wait_time: 4, duration: 30, session_id: v.sessionId, ac_id: 10 });
    expect(legs()).toHaveLength(1);
    expect(legs()[0]).toMatchObject({ duration: 30, total_duration: 34, is_lost: 0 });
    const repeat = await postEvent(server, ended);
    expect(repeat.json()).toMatchObject({ success: true, data: { id: rows[0]!.id, applied: false } });
  });

  it('closes a call never seen ended as lost after the timeout; a late ended still completes it', async () => {
    // The server's clock stands still until the test moves it past the timeout (the sweep itself
    // runs on real timers): a busy machine cannot make the call look old before it is read.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 15, 10, 0, 0));
    await start({ lostAfterMs: 150, sweepEveryMs: 30 });
    const v = await visit(server, 'http://localhost/?utm_source=google');
    const [ringing, , ended] = callEvents({ callId: 'slow', from: '79162220000', to: v.number, talk: 20, wait: 2 });
    await postEvent(server, ringing);
    // A few sweeps run at the same moment: none may close the call before its time.
    await sleep(100);
    expect(calls()[0]).toMatchObject({ status: null });
    vi.setSystemTime(Date.now() + 151); // a millisecond past the timeout
    let waited = 0;
    while (calls()[0]!.status !== 'lost' && waited < 5000) {
      await sleep(50);
      waited += 50;
    }
    expect(calls()[0]).toMatchObject({ status: 'lost' });
    expect(legs()[0]).toMatchObject({ is_lost: 1 });
    await postEvent(server, ended);
    expect(calls()[0]).toMatchObject({ status: 'normal', duration: 20 });
    expect(legs()[0]).toMatchObject({ is_lost: 0 });
  });

  it('a missed call (ended with no talk) is lost at once', async () => {
    await start();
    for (const ev of callEvents({ callId: 'miss', from: '79163330000', to: '74951110000', wait: 12 })) await postEvent(server, ev);
    expect(calls()[0]).toMatchObject({ status: 'lost', duration: 0, wait_time: 12, ac_id: 20 });
    expect(legs()[0]).toMatchObject({ is_lost: 1, connect_time: null });
  });
});

describe('telephony events: bad events change nothing', () => {
  const counts = () => ({
    calls: (server.db.prepare('SELECT count(*) AS n FROM calls').get() as { n: number }).n,
    legs: (server.db.prepare('SELECT count(*) AS n FROM call_legs').get() as { n: number }).n,
  });

  it('refuses unsigned, wrongly signed, malformed, unknown-number and implausible events with 4xx', async () => {
    await start();
    const v = await visit(server, 'http://localhost/?utm_source=google');
    const good = callEvents({ callId: 'g', from: '79164440000', to: v.number, talk: 5 });
    const ended = good[2]!;
    const cases: Array<[string, unknown, string | null | undefined, number]> = [
      ['unsigned', good[0], null, 401],
      ['wrong secret', good[0], 'sha256=' + '0'.repeat(64), 401],
      ['not hex', good[0], 'sha256=zz', 401],
      ['not JSON', '{"call_id":', undefined, 400],
      ['not an object', '[1,2]', undefined, 400],
      ['no call_id', { ...good[0], call_id: undefined }, undefined, 400],
      ['unknown event', { ...good[0], event: 'exploded' }, undefined, 400],
      ['bad time', { ...good[0], time: 'yesterday' }, undefined, 400],
      ['letters in a number', { ...good[0], numa: 'DROP TABLE' }, undefined, 400],
      ['ended without durations', { ...ended, duration: undefined, total_duration: undefined }, undefined, 400],
      ['unknown number', { ...good[0], numb: '74000000000' }, undefined, 422],
      ['negative duration', { ...ended, duration: -1 }, undefined, 400],
      ['a year of talk', { ...ended, duration: 31_536_000, total_duration: 31_536_000 }, undefined, 422],
      ['talk longer than the call', { ...ended, duration: 50, total_duration: 10 }, undefined, 422],
      ['far future', { ...good[0], time: new Date(Date.now() + 3 * 864e5).toISOString() }, undefined, 422],
    ];
    for (const [name, body, sig, status] of cases) {
      const res = await postEvent(server, body, sig);
      expect([name, res.statusCode]).toEqual([name, status]);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.body).not.toMatch(/at .*\.ts|stack/i);
      expect([name, counts()]).toEqual([name, { calls: 0, legs: 0 }]);
    }
  });

  it('answers 503 and stores nothing while no secret is configured', async () => {
    server = await telephonyServer({ telephony: undefined });
    const res = await postEvent(server, callEvents({ callId: 'n', from: '79160000000', to: '74957770011' })[0]);
    expect(res.statusCode).toBe(503);
    expect(counts()).toEqual({ calls: 0, legs: 0 });
  });
});

describe('the call report of calls from the events', () => {
  it('describes the visitor as it was in the call’s session, a known caller as returning, an unknown one as new', async () => {
    server = await telephonyServer({ apiSeed: await telephonySeed() });
    // A first visit holds a DT number; the visitor comes back through another campaign (a second
    // session) while the first session's lease still holds, and calls the number it was shown.
    const v = await visit(server, 'http://localhost/landing?utm_source=google');
    const again = await visit(server, 'http://localhost/?utm_source=print', v.visitor);
    expect(again.sessionId).not.toBe(v.sessionId);
    const t = Date.now() + 1000;
    for (const ev of callEvents({ callId: 'first-session', from: '79165550002', to: v.number, start: t, talk: 5 }))
      expect((await postEvent(server, ev)).statusCode).toBe(200);
    // An unknown caller on the site's default number.
    for (const ev of callEvents({ callId: 'unknown', from: '79035550003', to: '74957770011', start: t + 10_000, talk: 5 }))
      expect((await postEvent(server, ev)).statusCode).toBe(200);
    // The first caller again, on the default number: no session brings it; the number names the visitor.
    for (const ev of callEvents({ callId: 'known', from: '79165550002', to: '74957770011', start: t + 20_000, talk: 5 }))
      expect((await postEvent(server, ev)).statusCode).toBe(200);
    const get = await restClient(server);
    const records = (await get('call', { date_from: day(-1), date_till: day(2) })).json().data as Rec[];
    expect(
      records.map((r) => [r.session_id, r.visitor_id, r.visits_count, r.visitor_type, r.visitor_first_ac, r.is_visitor_by_numa]),
    ).toEqual([
      [v.sessionId, v.visitor!.id, 1, 'new', 10, false],
      [null, null, null, 'new', -1, false],
      [null, v.visitor!.id, 2, 'returning', expect.any(Number), true],
    ]);
  });

  it('a call-back request on a site without a call-back scenario is lost at once, with the site’s number', async () => {
    const config = telephonyConfig();
    delete (config.customers[0]!.sites[0] as { callback?: unknown }).callback;
    server = await telephonyServer({ siteConfig: config, apiSeed: await telephonySeed() });
    const v = await visit(server, 'http://localhost/');
    const res = await postCallbackRequest(server, v, '79167770009');
    expect(res.json().results[0]).toMatchObject({ success: true, result: { code: 'no_scenario' } });
    await server.callbacksDispatched();
    const get = await restClient(server);
    const [record] = (await get('call', { date_from: day(-1), date_till: day(2) })).json().data as Rec[];
    expect(record).toMatchObject({
      communication_type: 'sitephone',
      status: 'lost',
      numa: '79167770009',
      numb: '74957770011',
      duration: 0,
    });
  });

  it('a call-back the platform refuses is lost', async () => {
    server = await telephonyServer({ callbackPlatform: { dispatch: () => ({ ok: false, error: 'busy' }) } });
    const v = await visit(server, 'http://localhost/');
    await postCallbackRequest(server, v, '79167770010');
    await server.callbacksDispatched();
    expect(calls()[0]).toMatchObject({ status: 'lost', numb: '74957770011' });
  });
});

describe('call-back requests through the telephony platform', () => {
  it('dispatches after the write commits, logs the request, and completes the record from the outcome events', async () => {
    const seen: Array<{ id: number; visible: boolean }> = [];
    server = await telephonyServer({
      callbackPlatform: {
        // Reads the request from outside the write's transaction: inside it, PostgreSQL would not see
        // the row yet and SQLite's one connection would still be the transaction's.
        dispatch: async (r) => {
          const row = await server.store.db.selectFrom('calls').select('id').where('id', '=', r.id).executeTakeFirst();
          seen.push({ id: r.id, visible: !!row });
          return { ok: true, callId: `platform-${r.id}` };
        },
      },
    });
    const v = await visit(server, 'http://localhost/?utm_source=google');
    const res = await postCallbackRequest(server, v, '+7 916 777-00-00');
    expect(res.json().results[0]).toMatchObject({ success: true, result: { status: 0, code: 'sent' } });
    await server.callbacksDispatched();
    const [request] = calls();
    expect(seen).toEqual([{ id: request!.id, visible: true }]);
    expect(server.db.prepare('SELECT platform_call_id FROM calls').get()).toEqual({ platform_call_id: `platform-${request!.id}` });
    const log = server.db.prepare('SELECT customer_id, method, numa, numb, numc, call_id, error, result FROM callapi_requests').all();
    expect(log).toEqual([
      {
        customer_id: 1,
        method: 'callback',
        numa: '74957770011',
        numb: '79167770000',
        numc: 'Call-back',
        call_id: request!.id,
        error: null,
        result: JSON.stringify({ call_id: `platform-${request!.id}` }),
      },
    ]);

    // The platform dials the operator (answered), then the visitor: 40 s of talk.
    const base = { call_id: `platform-${request!.id}`, direction: 'out', numa: '74957770011', numb: '79167770000' };
    const t = Date.now();
    const at = (s: number) => new Date(t + s * 1000).toISOString();
    for (const ev of [
      { ...base, event: 'ringing', time: at(0) },
      { ...base, event: 'answered', time: at(4) },
      { ...base, event: 'ended', time: at(50), duration: 40, total_duration: 50, employee_id: 11 },
    ]) {
      const r = await postEvent(server, ev);
      expect(r.statusCode, r.body).toBe(200);
    }
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toMatchObject({
      communication_type: 'sitephone',
      status: 'normal',
      duration: 40,
      wait_time: 4,
      operator_name: 'Ivanova Anna',
      session_id: v.sessionId,
      ac_id: 10,
    });
    // The operator's leg (to the site's phone: no scenario routes the number) from answering to the
    // end; the visitor's leg from the operator's answer, 40 s of talk.
    expect(legs().map((l) => [l.direction, l.cdr_id === null, l.numa, l.numb, l.duration, l.total_duration])).toEqual([
      ['out', true, '74957770011', '74957770011', 46, 50],
      ['out', false, '74957770011', '79167770000', 40, 46],
    ]);
  });

  it('a call-back the visitor never answered is lost', async () => {
    server = await telephonyServer();
    const v = await visit(server, 'http://localhost/');
    await postCallbackRequest(server, v, '79167770001');
    await server.callbacksDispatched();
    const id = calls()[0]!.id;
    const base = { call_id: `cb-${id}`, direction: 'out', numa: '74957770011', numb: '79167770001' };
    const t = new Date().toISOString();
    await postEvent(server, { ...base, event: 'answered', time: t });
    expect(calls()[0]).toMatchObject({ status: null });
    await postEvent(server, { ...base, event: 'ended', time: t, duration: 0, total_duration: 30 });
    expect(calls()[0]).toMatchObject({ status: 'lost', duration: 0 });
  });
});

describe('screen pop', () => {
  it("shows a ringing call with the caller's visit and earlier communications, then its end", async () => {
    await start();
    const v = await visit(server, 'http://localhost/landing?utm_source=google');
    await visit(server, 'http://localhost/prices?utm_source=google', v.visitor);
    const t = Date.now() + 1000;
    const [ringing, answered, ended] = callEvents({ callId: 'pop1', from: '79165550001', to: v.number, start: t + 60_000, talk: 5 });
    // An earlier call from the same visit, over before this one rings.
    for (const ev of callEvents({ callId: 'pop0', from: '79165550001', to: v.number, start: t, talk: 3 })) await postEvent(server, ev);
    await postEvent(server, ringing);
    const read = screenPopReader();
    const pop = await read(server.store.db, [1], Date.now());
    expect(pop.map((c) => [c.numa, c.state])).toEqual([
      ['79165550001', 'ended'],
      ['79165550001', 'ringing'],
    ]);
    expect(pop[1]!.visit).toMatchObject({
      visitor_id: v.visitor!.id,
      session_id: v.sessionId,
      by_number: false,
      campaign: 'Google',
      utm_source: 'google',
      entry_page: 'http://localhost/landing?utm_source=google',
      pages: ['http://localhost/landing?utm_source=google', 'http://localhost/prices?utm_source=google'],
      earlier: [{ type: 'call', date_time: expect.any(String) }],
    });
    // Another site's operator sees nothing of it.
    expect(await read(server.store.db, [2], Date.now())).toEqual([]);
    await postEvent(server, answered);
    expect((await read(server.store.db, [1], Date.now()))[1]!.state).toBe('answered');
    await postEvent(server, ended);
    expect((await read(server.store.db, [1], Date.now()))[1]!.state).toBe('ended');
  });
});

describe("calls are routed by the customer's scenarios (numbers/routing.ts)", () => {
  it("a caller on a scenario's numa list is forwarded to its route; others to the scenario's number", async () => {
    server = await telephonyServer({
      telephonySeed: {
        scenarios: [
          {
            customer_id: 1,
            name: 'Print desk',
            forward_to: '74951112233',
            numbers: ['74951110000'],
            numa_routes: [{ list_name: 'VIP', numbers: ['79161234567'], forward_to: '74959998877' }],
          },
        ],
      },
    });
    for (const [callId, from] of [
      ['vip-1', '+7 916 123-45-67'],
      ['other-1', '+7 903 000-00-00'],
    ] as const) {
      for (const ev of callEvents({ callId, from, to: '74951110000', talk: 30, employee: 11 }))
        expect((await postEvent(server, ev)).statusCode).toBe(200);
    }
    const rows = calls();
    expect(rows.map((c) => [c.numa, (c as unknown as { scenario_name: string | null }).scenario_name])).toEqual([
      ['79161234567', 'Print desk'],
      ['79030000000', 'Print desk'],
    ]);
    const forwarded = server.db
      .prepare("SELECT call_id, numb FROM call_legs WHERE direction = 'out' AND cdr_id IS NOT NULL ORDER BY call_id")
      .all() as Array<{ call_id: number; numb: string }>;
    expect(forwarded).toEqual([
      { call_id: rows[0]!.id, numb: '74959998877' },
      { call_id: rows[1]!.id, numb: '74951112233' },
    ]);
  });
});

describe('calls made through the events are rated (charges/)', () => {
  it('a call-back of 21 s: the operator’s leg on its SIP line and the visitor’s leg, each rated by its destination', async () => {
    server = await telephonyServer({
      apiSeed: await telephonySeed(),
      telephonySeed: {
        call_tariffs: [
          { direction: 'out', prefix: '7', prefix_type: 'country', prefix_type_name: 'Междугородные', price_per_minute_kopecks: 300 },
          { direction: 'out', prefix: '79', prefix_type: 'zone', prefix_type_name: 'Зоновые', price_per_minute_kopecks: 180 },
          { direction: 'out', prefix: '7495', prefix_type: 'local', prefix_type_name: 'Местные', price_per_minute_kopecks: 90 },
        ],
      },
    });
    const v = await visit(server, 'http://localhost/');
    await postCallbackRequest(server, v, '79167770002');
    await server.callbacksDispatched();
    const id = calls()[0]!.id;
    // The operator answers on SIP line 101 (Ivanova's extension) after 3 s; the visitor talks 21 s.
    const base = { call_id: `cb-${id}`, direction: 'out', numa: '74957770011', numb: '79167770002' };
    const t = Date.now();
    const at = (sec: number) => new Date(t + sec * 1000).toISOString();
    for (const ev of [
      { ...base, event: 'ringing', time: at(0) },
      { ...base, event: 'answered', time: at(3) },
      { ...base, event: 'ended', time: at(30), duration: 21, total_duration: 30, sip_line: '101' },
    ])
      expect((await postEvent(server, ev)).statusCode).toBe(200);
    expect(calls()[0]).toMatchObject({ status: 'normal', duration: 21, wait_time: 3, operator_name: 'Ivanova Anna' });
    const range = { date_from: day(-1), date_till: day(2) };
    const get = await restClient(server);
    const out = (await get('get_cdr_out', range)).json().data as Array<{
      numa: string;
      numb: string;
      duration: number;
      sip_line: string | null;
    }>;
    expect(out.map((l) => [l.numa, l.numb, l.duration, l.sip_line])).toEqual([
      ['74957770011', '101', 27, '101'],
      ['74957770011', '79167770002', 21, null],
    ]);
    const costs = (await get('cdr_out_cost', range)).json().data as Array<{ numb: string; prefix_type: string; cost: number }>;
    // Rated by hand: the SIP line is internal and free; the visitor's mobile number one started minute at 1.80.
    expect(costs.map((c) => [c.numb, c.prefix_type, c.cost])).toEqual([
      ['101', 'internal', 0],
      ['79167770002', 'zone', 1.8],
    ]);
  });

  it('a call of 61 s from a mobile number costs two minutes of its tariff; a lost call nothing', async () => {
    server = await telephonyServer({
      apiSeed: await telephonySeed(),
      telephonySeed: {
        call_tariffs: [
          { direction: 'in', prefix: '', prefix_type: 'local', prefix_type_name: 'Местные', price_per_minute_kopecks: 0 },
          { direction: 'in', prefix: '79', prefix_type: 'zone', prefix_type_name: 'Зоновые', price_per_minute_kopecks: 150 },
        ],
      },
    });
    for (const ev of callEvents({ callId: 'rated-1', from: '79161234567', to: '74951110000', talk: 61, employee: 11 }))
      expect((await postEvent(server, ev)).statusCode).toBe(200);
    for (const ev of callEvents({ callId: 'rated-2', from: '79161234567', to: '74951110000' }))
      expect((await postEvent(server, ev)).statusCode).toBe(200);
    const range = { date_from: day(-1), date_till: day(2) };
    const get = await restClient(server);
    const costs = (await get('cdr_in_cost', range)).json().data as Array<{
      numa: string;
      duration: number;
      prefix_type: string;
      cost: number;
    }>;
    // Rated by hand: 61 s is two started minutes at 1.50 a minute; the lost call talked 0 s.
    expect(costs.map((c) => [c.numa, c.duration, c.prefix_type, c.cost])).toEqual([
      ['79161234567', 61, 'zone', 3],
      ['79161234567', 0, 'zone', 0],
    ]);
    const days = (await get('daily_sdr', range)).json().data as Array<{ charge_call: number }>;
    expect(days.reduce((sum, d) => sum + d.charge_call, 0)).toBe(3);
  });
});

import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectAnswered } from '../api-helpers.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createTestServer } from '../test-server.js';
import { callEvents, postEvent, restClient, SECRET, telephonyConfig, telephonySeed, visit } from '../telephony-helpers.js';

let server: ConsultantServer;
afterEach(async () => {
  await server?.close();
});
// Each call-leg function's success answer was checked against its declared schema here (api-functions.test.ts leaves them to this file).
afterAll(() => expectAnswered(['GET get_cdr_in', 'GET get_cdr_out']));

/** `YYYY-MM-DD HH:MM:SS` of `ms` in Moscow (UTC+3 all year since 2014). */
const moscow = (ms: number) => new Date(ms + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const day = (ms: number) => moscow(ms).slice(0, 10);

describe('calls in the REST reports', () => {
  it('call, get_cdr_in, get_cdr_out, stat and communication show an attributed call', async () => {
    server = await createTestServer({
      dbPath: ':memory:',
      siteConfig: telephonyConfig(),
      apiSeed: await telephonySeed(),
      bundleDir: '/nonexistent',
      leasePolicy: false,
      telephony: { secret: SECRET },
    });
    const get = await restClient(server);
    const v = await visit(server, 'http://localhost/landing?utm_source=google');
    // Whole seconds (the answers have no milliseconds), after the lease began.
    const start = Math.ceil(Date.now() / 1000) * 1000;
    for (const ev of callEvents({ callId: 'r1', from: '89161234567', to: v.number, start, wait: 6, talk: 61, employee: 11 }))
      expect((await postEvent(server, ev)).statusCode).toBe(200);
    // A missed call to the static number of campaign 20.
    for (const ev of callEvents({ callId: 'r2', from: '79160000002', to: '74951110000', start, wait: 9 })) await postEvent(server, ev);
    const range = { date_from: day(start - 864e5), date_till: day(start + 2 * 864e5) };

    const calls = (await get('call', { ...range, direction: 'in' })).json().data as Array<Record<string, unknown>>;
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      communication_type: 'call',
      site_id: 1,
      ac_id: 10,
      visitor_id: v.visitor!.id,
      session_id: v.sessionId,
      status: 'normal',
      numa: '79161234567',
      numb: '74990000001',
      wait_time: 6,
      duration: 61,
      file_link: ['//records.test/r1.mp3'],
      operator_name: 'Ivanova Anna',
      direction: 'in',
      is_visitor_by_numa: false,
      utm_source: 'google',
      call_date: moscow(start),
      communication_number: 1,
    });
    expect(calls[1]).toMatchObject({ ac_id: 20, status: 'lost', duration: 0, wait_time: 9, session_id: null, file_link: [] });
    const byNuma = (await get('call', { ...range, numa: '+7 916 123-45-67' })).json().data as unknown[];
    expect(byNuma).toHaveLength(1);
    const byCampaign = (await get('call', { ...range, ac_id: 20 })).json().data as unknown[];
    expect(byCampaign).toHaveLength(1);

    const cdrIn = (await get('get_cdr_in', range)).json().data as Array<Record<string, unknown>>;
    expect(cdrIn).toHaveLength(3);
    expect(cdrIn[0]).toMatchObject({
      cdr_id: null,
      setup_time: moscow(start),
      connect_time: moscow(start + 6000),
      duration: 61,
      is_lost: false,
      numa: '79161234567',
      numb: '74990000001',
      file_link: '//records.test/r1.mp3',
    });
    // The leg the first call was forwarded on follows it; then the missed call.
    expect(cdrIn[1]).toMatchObject({ cdr_id: cdrIn[0]!.id, duration: 61, numa: '74990000001' });
    expect(cdrIn[2]).toMatchObject({ cdr_id: null, connect_time: null, is_lost: true, numb: '74951110000' });
    const callId = calls[0]!.id as number;
    expect(((await get('get_cdr_in', { ...range, call_session_id: callId })).json().data as unknown[]).length).toBe(2);
    expect(((await get('get_cdr_in', { ...range, id: cdrIn[2]!.id as number })).json().data as unknown[]).length).toBe(1);

    const cdrOut = (await get('get_cdr_out', range)).json().data as Array<Record<string, unknown>>;
    expect(cdrOut).toEqual([expect.objectContaining({ id: cdrIn[1]!.id, cdr_id: cdrIn[0]!.id, sip_line: '101', duration: 61 })]);
    expect(((await get('get_cdr_out', { ...range, call_session_id: calls[1]!.id as number })).json().data as unknown[]).length).toBe(0);

    const stat = (await get('stat', { site_id: 1, ...range })).json().data as Array<Record<string, unknown>>;
    expect(stat[0]).toMatchObject({ calls_count: 2, visits_count: 1 });
    const statGoogle = (await get('stat', { site_id: 1, ...range, ac_id: 10 })).json().data as Array<Record<string, unknown>>;
    expect(statGoogle[0]).toMatchObject({ calls_count: 1 });
    const comms = (await get('communication', { site_id: 1, ...range })).json().data as Array<Record<string, unknown>>;
    expect(comms.filter((c) => c.communication_type === 'calls').map((c) => c.id)).toEqual(calls.map((c) => c.id));
    const sales = (await get('advertising_sales', { site_id: 1, ...range, only_quality: 'false', only_first: 'false' })).json()
      .data as Array<Record<string, unknown>>;
    expect(sales.find((s) => s.ac_id === 10)).toMatchObject({ communications_count: 1 });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { hitWrite, wid } from '../helpers.js';
import { IDS, callFromAd, connectAll, conversionServer, qualifyTalks, restCaller, startStandins, type Standins } from './world.js';

/** A qualified call reaches Google Ads, Metrica and GA4 once each, as each documents its upload (docs/conversions.md). */

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

async function world() {
  const s: Standins = await startStandins();
  open.push(s);
  const clock = { t: Date.now() };
  const server = await conversionServer(clock, s);
  open.push(server);
  const rest = await restCaller(server);
  await qualifyTalks(server);
  return { s, clock, server, rest };
}

describe('sending conversions', () => {
  it('sends a qualified call to each destination once, by gclid, ClientId and _ga client id', async () => {
    const { s, clock, server } = await world();
    await connectAll(await restCaller(server), s);
    const id = await callFromAd(server, clock, { callId: 'q-1', from: '79161234567', talk: 30 });
    await server.conversions.worker.drain();
    await server.conversions.worker.drain();

    expect(s.google.accepted).toEqual([
      {
        kind: 'click',
        customerId: '1234567890',
        loginCustomerId: undefined,
        conversion: expect.objectContaining({
          gclid: IDS.gclid,
          conversionAction: 'customers/1234567890/conversionActions/555',
          conversionDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/),
          conversionValue: 1500,
          currencyCode: 'RUB',
        }),
      },
    ]);
    expect(s.metrica.accepted).toEqual([
      {
        kind: 'calls',
        clientIdType: 'CLIENT_ID',
        row: expect.objectContaining({
          ClientId: IDS.ym,
          PhoneNumber: '+79161234567',
          TalkDuration: '30',
          CallMissed: '0',
          FirstTimeCaller: '1',
          Tag: 'qualified',
        }),
      },
    ]);
    expect(s.ga4.accepted).toEqual([
      expect.objectContaining({
        client_id: IDS.ga,
        name: 'qualified_call',
        params: expect.objectContaining({ communication: 'call', talk_seconds: 30 }),
      }),
    ]);
    const items = await server.store.db.selectFrom('conversion_outbox').select(['state', 'object_id']).execute();
    expect(items.map((i) => [i.state, Number(i.object_id)])).toEqual([
      ['sent', id],
      ['sent', id],
      ['sent', id],
    ]);
  });

  it('sends nothing of a call the rules do not qualify, unless the destination sends all', async () => {
    const { s, clock, server, rest } = await world();
    await connectAll(rest, s);
    await callFromAd(server, clock, { callId: 'short', from: '79161234567', talk: 3 });
    await server.conversions.worker.drain();
    expect([s.google.accepted.length, s.metrica.accepted.length, s.ga4.accepted.length]).toEqual([0, 0, 0]);

    const all = await rest('conversion_destinations', { site_id: 1 });
    for (const d of all.body.data as Array<{ id: number }>)
      expect((await rest('change_conversion_destination', { site_id: 1, destination_id: d.id, sends: 'all' }, 'POST')).status).toBe(200);
    await callFromAd(server, clock, { callId: 'short-2', from: '79161234568', talk: 3 });
    await server.conversions.worker.drain();
    expect([s.google.accepted.length, s.metrica.accepted.length, s.ga4.accepted.length]).toEqual([1, 1, 1]);
    expect(s.metrica.accepted[0]!.row).toMatchObject({ Tag: '' });
  });

  it('sends a call a rule set later qualifies, once, and nothing already sent again', async () => {
    const { s, clock, server, rest } = await world();
    await connectAll(rest, s);
    await callFromAd(server, clock, { callId: 'talked', from: '79161234567', talk: 30 });
    // Google keeps one conversion of a click per second (CLICK_CONVERSION_ALREADY_EXISTS): the next call a second later.
    await new Promise((ok) => setTimeout(ok, 1100));
    await callFromAd(server, clock, { callId: 'short', from: '79161234568', talk: 4 });
    await server.conversions.worker.drain();
    expect(s.ga4.accepted).toHaveLength(1);
    // A looser rule: the short call is qualified now, and goes; the one sent stays sent once.
    const set = await rest('set_qualification_rule', { site_id: 1, name: 'Any answered', kinds: ['call'], answered: true }, 'POST');
    expect(set.body.data).toMatchObject({ qualified: 1 });
    await server.conversions.worker.drain();
    expect([s.google.accepted.length, s.metrica.accepted.length, s.ga4.accepted.length]).toEqual([2, 2, 2]);
    expect(s.ga4.accepted.map((e) => e.params.talk_seconds)).toEqual([30, 4]);
  });

  it('sends a request as a conversion of the goal, and as a lead event', async () => {
    const { s, server, rest } = await world();
    await connectAll(rest, s, 'all');
    const h = hitWrite(`http://localhost/?gclid=${IDS.gclid}&yclid=${IDS.yclid}`);
    const post = (body: unknown) =>
      server.app.inject({ method: 'POST', url: '/w/site-a', headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(body) });
    const first = (await post({ visitor: null, writes: [h] })).json() as {
      visitor: unknown;
      results: Array<{ result: { session_id: number } }>;
    };
    await server.store.db
      .updateTable('sessions')
      .set({ ua_client_id: IDS.ga, ym_client_id: IDS.ym })
      .where('id', '=', first.results[0]!.result.session_id)
      .execute();
    const r = await post({
      visitor: first.visitor,
      writes: [{ id: wid(), type: 'offline_request', hit: h.id, at: Date.now(), data: { message: 'call me', phone: '+7 916 000-00-01' } }],
    });
    expect(r.statusCode).toBe(200);
    await server.conversions.worker.drain();
    expect(s.metrica.accepted).toEqual([
      { kind: 'conversions', clientIdType: 'CLIENT_ID', row: expect.objectContaining({ ClientId: IDS.ym, Target: 'lead' }) },
    ]);
    expect(s.ga4.accepted).toEqual([
      expect.objectContaining({
        client_id: IDS.ga,
        name: 'generate_lead',
        params: expect.objectContaining({ communication: 'offline_message' }),
      }),
    ]);
    expect(s.google.accepted).toEqual([
      expect.objectContaining({ kind: 'click', conversion: expect.objectContaining({ gclid: IDS.gclid }) }),
    ]);
  });
});

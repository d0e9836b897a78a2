import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectAnswered, expectData, type ApiWorld } from '../api-helpers.js';
import { carrierWorld, connect, TOKEN, type CarrierWorld } from './carrier-world.js';

let cw: CarrierWorld | null = null;
afterEach(async () => {
  await cw?.close();
  cw = null;
});

/**
 * Customer A imports the carrier's number 14155550100 and shows it on site 1 (a.test) with the
 * block's forwarding 74950001122; its call-back scenario forwards to 74951112233.
 */
async function siteWithCarrierNumber() {
  cw = await carrierWorld();
  const { w } = cw;
  const x = await w.login('x');
  const id = await connect(w, x);
  const a = await w.login('a');
  expectData(await w.post('import_carrier_number', a, { phone_number: '14155550100' }));
  expectData(
    await w.post('number_block', a, { site_id: 1, name: 'Default', selector: '.phone', numb: '14155550100', forward_numb: '74950001122' }),
  );
  expectData(await w.post('create_scenario', a, { name: 'Call-back', forward_to: '+7 495 111-22-33' }));
  const settings = (expectData(await w.get('site_settings', { session_key: a, site_id: 1 })) as { settings: Record<string, unknown> })
    .settings;
  expectData(await w.post('site_settings', a, { site_id: 1, ...settings, callback_scenario: 'Call-back' }, { action: 'PUT' }));
  return { ...cw, a, id };
}

const ring = (w: ApiWorld, id: number, token: string, from: string) =>
  w.server.app.inject({
    method: 'POST',
    url: `/carriers/standin/${id}/voice`,
    headers: { 'x-stand-in-token': token },
    payload: { call_id: 'CA-in-1', from, to: '+1 415 555 0100' },
  });

describe('calls to a carrier number', () => {
  it('are forwarded as the customer routes them, recorded with the site’s notice when it says so', async () => {
    const { w, a, id } = await siteWithCarrierNumber();
    expect(expectData(await w.get('site_call_recording', { session_key: a, site_id: 1 }))).toEqual({
      call_recording: false,
      recording_notice: null,
    });
    const first = await ring(w, id, TOKEN, '79161234567');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().handling).toEqual({ forwardTo: '74950001122', record: false, notice: null, language: 'ru' });
    expectData(
      await w.post(
        'site_call_recording',
        a,
        { site_id: 1, call_recording: true, recording_notice: 'This call is recorded' },
        { action: 'PUT' },
      ),
    );
    expect(expectData(await w.get('site_call_recording', { session_key: a, site_id: 1 }))).toEqual({
      call_recording: true,
      recording_notice: 'This call is recorded',
    });
    const again = await ring(w, id, TOKEN, '79161234567');
    expect(again.json().handling).toEqual({ forwardTo: '74950001122', record: true, notice: 'This call is recorded', language: 'ru' });
    // The event went through the telephony boundary's acceptance: the call is the site's.
    expect(w.server.db.prepare('SELECT site_id FROM calls WHERE id = ?').get(first.json().call)).toMatchObject({ site_id: 1 });
    // The carrier's routes answer only with the connection's own secret.
    expect((await ring(w, id, 'forged', '79161234567')).statusCode).toBe(403);
    expect((await ring(w, id + 1, TOKEN, '79161234567')).statusCode).toBe(403);
  });
});

describe('call-backs through the carrier', () => {
  it('dial the operator, then the visitor, showing the site’s carrier number', async () => {
    const { w, carrier } = await siteWithCarrierNumber();
    const v = await w.visit('site-1', 'https://a.test/');
    expect(await v.send('sitephone', { phone: '+7 916 123-45-67' })).toMatchObject({ status: 0 });
    await w.server.callbacksDispatched();
    const dials = carrier.requests.filter((r) => r.path === '/calls');
    expect(dials).toHaveLength(1);
    expect(dials[0]!.body).toMatchObject({ first: '74951112233', second: '79161234567', caller_id: '14155550100' });
    const call = w.server.db
      .prepare("SELECT id, dispatch_state, platform_call_id FROM calls WHERE communication_type = 'sitephone'")
      .get() as Record<string, unknown>;
    expect(call).toMatchObject({ dispatch_state: 'queued' });
    expect(call.platform_call_id).toMatch(/^CA\d+$/);
    expect((dials[0]!.body as { reference: number }).reference).toBe(call.id);
  });

  it('show the number the visitor’s session was given from a pool of carrier numbers', async () => {
    cw = await carrierWorld({}, undefined, { leasePolicy: false });
    const { w, carrier } = cw;
    const held = carrier.accounts.get(TOKEN)!.numbers;
    for (const phone of ['14155550133', '14155550144'])
      held.push({ id: `PN${phone}`, phone, country: 'US', region: 'CA', monthly: { amount: 1.15, currency: 'USD' } });
    const x = await w.login('x');
    await connect(w, x);
    const a = await w.login('a');
    for (const phone of ['14155550100', '14155550133', '14155550144'])
      expectData(await w.post('import_carrier_number', a, { phone_number: phone }));
    expectData(
      await w.post('number_block', a, {
        site_id: 1,
        name: 'Pool',
        selector: '.phone',
        numb: '14155550100',
        dt_pool_numbers: ['14155550133', '14155550144'],
      }),
    );
    expectData(await w.post('create_scenario', a, { name: 'Call-back', forward_to: '74951112233' }));
    const settings = (expectData(await w.get('site_settings', { session_key: a, site_id: 1 })) as { settings: Record<string, unknown> })
      .settings;
    expectData(await w.post('site_settings', a, { site_id: 1, ...settings, callback_scenario: 'Call-back' }, { action: 'PUT' }));
    const first = await w.visit('site-1', 'https://a.test/');
    const second = await w.visit('site-1', 'https://a.test/');
    const leased = w.server.db.prepare('SELECT number FROM dt_leases WHERE session_id = ?').get(second.session) as { number: string };
    expect(['14155550133', '14155550144']).toContain(leased.number);
    await first.send('sitephone', { phone: '+7 916 123-45-67' });
    await second.send('sitephone', { phone: '+7 916 123-45-68' });
    await w.server.callbacksDispatched();
    const dials = carrier.requests.filter((r) => r.path === '/calls').map((r) => r.body as { second: string; caller_id: string });
    const firstLeased = (w.server.db.prepare('SELECT number FROM dt_leases WHERE session_id = ?').get(first.session) as { number: string })
      .number;
    expect(dials).toEqual([
      expect.objectContaining({ second: '79161234567', caller_id: firstLeased }),
      expect.objectContaining({ second: '79161234568', caller_id: leased.number }),
    ]);
    expect(firstLeased).not.toBe(leased.number);
  });

  it('fail the request with the carrier’s words when it refuses', async () => {
    const { w, carrier } = await siteWithCarrierNumber();
    carrier.accounts.get(TOKEN)!.balance = 0;
    const v = await w.visit('site-1', 'https://a.test/');
    await v.send('sitephone', { phone: '+7 916 123-45-67' });
    await w.server.callbacksDispatched();
    expect(
      w.server.db.prepare("SELECT dispatch_state, dispatch_error, request_status FROM calls WHERE communication_type = 'sitephone'").get(),
    ).toEqual({
      dispatch_state: 'failed',
      dispatch_error: 'Insufficient balance to place calls',
      request_status: 3,
    });
  });

  it('stay queued as before on a site without a carrier number', async () => {
    cw = await carrierWorld();
    const { w, carrier } = cw;
    const a = await w.login('a');
    expectData(await w.post('create_scenario', a, { name: 'Call-back', forward_to: '74951112233' }));
    const settings = (expectData(await w.get('site_settings', { session_key: a, site_id: 1 })) as { settings: Record<string, unknown> })
      .settings;
    expectData(await w.post('site_settings', a, { site_id: 1, ...settings, callback_scenario: 'Call-back' }, { action: 'PUT' }));
    const v = await w.visit('site-1', 'https://a.test/');
    await v.send('sitephone', { phone: '+7 916 123-45-67' });
    await w.server.callbacksDispatched();
    expect(carrier.requests).toEqual([]);
    expect(w.server.db.prepare("SELECT dispatch_state, platform_call_id FROM calls WHERE communication_type = 'sitephone'").get()).toEqual({
      dispatch_state: 'queued',
      platform_call_id: expect.stringMatching(/^cb-\d+$/),
    });
  });
});

afterAll(() => expectAnswered(['GET site_call_recording', 'PUT site_call_recording']));

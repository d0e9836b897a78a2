import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError, type CarrierConnection } from '../../../../src/server/carriers/carrier.js';
import { zadarmaCarrier } from '../../../../src/server/carriers/zadarma/index.js';
import { zadarmaAdapter } from '../../../../src/server/carriers/zadarma/adapter.js';
import { startZadarmaStandin, type ZadarmaStandin } from '../../../support/zadarma-standin.js';

/**
 * The Zadarma adapter against the local stand-in of Zadarma's API (test/support/zadarma-standin.ts),
 * which checks each request's signature on its own and answers as Zadarma's documentation says.
 */

let zd: ZadarmaStandin;
beforeEach(async () => {
  zd = await startZadarmaStandin();
});
afterEach(() => zd.close());

const connection = (credentials: Record<string, string> = { key: zd.key, secret: zd.secret }): CarrierConnection => ({
  id: 5,
  kind: 'zadarma',
  credentials,
  publicUrl: 'https://svc.test/',
  apiBase: zd.url,
});
const adapter = (c = connection()) => zadarmaCarrier.adapter(c);

async function refusal(p: Promise<unknown>): Promise<CarrierError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(CarrierError);
  return e as CarrierError;
}

describe('Zadarma adapter: credentials', () => {
  it('checks the key with the balance, every request signed as Zadarma documents', async () => {
    expect(await adapter().check()).toEqual({ account: 'Zadarma', balance: { amount: 1000, currency: 'RUB' } });
    expect(zd.requests).toEqual([{ verb: 'GET', path: '/v1/info/balance/', params: { format: 'json' }, authorized: true }]);
  });

  it("refuses a wrong secret with Zadarma's words, as an auth problem", async () => {
    const e = await refusal(adapter(connection({ key: zd.key, secret: 'not-the-secret' })).check());
    expect(e.kind).toBe('auth');
    expect(e.message).toBe('Zadarma: Not authorized');
    expect(e.carrierCode).toBe(401);
    expect(zd.requests[0]!.authorized).toBe(false);
  });

  it('says what went wrong when Zadarma fails, does not answer, or refuses the key', async () => {
    zd.failure = 'http500';
    expect((await refusal(adapter().check())).kind).toBe('unavailable');
    zd.failure = 'wrongKey';
    expect((await refusal(adapter().check())).kind).toBe('auth');
    zd.failure = 'timeout';
    const e = await refusal(zadarmaAdapter(connection(), 300).check());
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/did not answer within/);
    expect((await refusal(adapter(connection({ key: zd.key, secret: '' })).check())).kind).toBe('auth');
  });
});

describe('Zadarma adapter: numbers', () => {
  it("searches a country's directions for offered numbers with Zadarma's prices", async () => {
    const moscow = await adapter().searchNumbers({ country: 'RU', areaCode: '495' });
    expect(moscow).toEqual([
      {
        phone: '74951230001',
        country: 'RU',
        region: 'Moscow',
        locality: 'Moscow',
        monthlyPrice: { amount: 300, currency: 'RUB' },
        setupPrice: { amount: 0, currency: 'RUB' },
      },
      expect.objectContaining({ phone: '74951230002' }),
    ]);
    const spb = await adapter().searchNumbers({ country: 'RU', region: 'petersburg' });
    expect(spb.map((n) => [n.phone, n.monthlyPrice, n.setupPrice])).toEqual([
      ['78121230001', { amount: 250, currency: 'RUB' }, { amount: 100, currency: 'RUB' }],
    ]);
    expect(await adapter().searchNumbers({ country: 'RU', contains: '0002' })).toEqual([expect.objectContaining({ phone: '74951230002' })]);
    expect(await adapter().searchNumbers({ country: 'RU', limit: 1 })).toHaveLength(1);
    expect(zd.requests.find((r) => r.path === '/v1/direct_numbers/country/')!.params).toEqual({
      country: 'RU',
      language: 'en',
      format: 'json',
    });
    expect(zd.requests.every((r) => r.authorized)).toBe(true);
  });

  it('buys an offered number; the account then holds it', async () => {
    const held = await adapter().buyNumber('+7 495 123-00-01');
    expect(held).toEqual({
      phone: '74951230001',
      carrierId: '74951230001',
      country: 'RU',
      region: 'Moscow',
      monthlyPrice: { amount: 300, currency: 'RUB' },
    });
    expect(zd.requests.find((r) => r.path === '/v1/direct_numbers/order/')).toEqual({
      verb: 'POST',
      path: '/v1/direct_numbers/order/',
      params: { direction_id: '3051', number_id: '9001', period: 'month', format: 'json' },
      authorized: true,
    });
    expect(zd.state.balance).toBe(700);
    expect(await adapter().heldNumbers()).toEqual([
      { phone: '74951230001', carrierId: '74951230001', country: 'RU', region: 'Moscow', monthlyPrice: { amount: 300, currency: 'RUB' } },
    ]);
  });

  it('says taken when the number was just bought by someone else, or is no longer offered', async () => {
    zd.state.raceOnOrder = true;
    const raced = await refusal(adapter().buyNumber('74951230001'));
    expect([raced.kind, raced.message]).toEqual(['taken', 'Zadarma: This number is already taken']);
    zd.state.raceOnOrder = false;
    zd.state.directions.RU![0]!.numbers = [];
    expect((await refusal(adapter().buyNumber('74951230001'))).kind).toBe('taken');
    expect(zd.state.held).toEqual([]);
  });

  it('says balance when the account cannot pay for the number', async () => {
    zd.state.balance = 0;
    const e = await refusal(adapter().buyNumber('74951230001'));
    expect([e.kind, e.message]).toEqual(['balance', 'Zadarma: Not enough money on the balance']);
    expect(zd.state.held).toEqual([]);
  });

  it("points the PBX's notifications at this connection once, and never over another system's URL", async () => {
    const number = await adapter().buyNumber('74951230001');
    await adapter().routeNumber(number);
    expect(zd.state.callinfo.url).toBe('https://svc.test/carriers/zadarma/5/events');
    expect(zd.state.callinfo.notifications).toMatchObject({
      notify_start: 'true',
      notify_answer: 'true',
      notify_end: 'true',
      notify_out_start: 'true',
      notify_out_end: 'true',
      notify_internal: 'false',
    });
    const writes = () => zd.requests.filter((r) => r.verb === 'POST' && r.path.startsWith('/v1/pbx/')).length;
    expect(writes()).toBe(2);
    await adapter().routeNumber(number);
    expect(writes()).toBe(2);

    zd.state.callinfo.url = 'https://crm.example/zadarma';
    const e = await refusal(adapter().routeNumber(number));
    expect(e.kind).toBe('refused');
    expect(e.message).toContain('https://crm.example/zadarma');
    expect(zd.state.callinfo.url).toBe('https://crm.example/zadarma');
  });

  it('gives a number back by turning its renewal off', async () => {
    const number = await adapter().buyNumber('74951230001');
    await adapter().releaseNumber(number);
    expect(zd.state.held[0]!.autorenew).toBe('false');
  });
});

describe('Zadarma adapter: call-backs', () => {
  it('asks Zadarma to ring the operator first, then the visitor, through the PBX extension', async () => {
    const dialled = await adapter().dialCallback({
      requestId: 42,
      operatorPhone: '+7 (495) 111-00-11',
      visitorPhone: '79161234567',
      callerId: '74957770011',
    });
    expect(dialled).toEqual({ callId: 'zadarma-cb:5:42' });
    expect(zd.state.callbacks).toEqual([{ from: '74951110011', to: '79161234567', sip: '100', format: 'json' }]);
    await zadarmaCarrier.adapter({ ...connection(), credentials: { key: zd.key, secret: zd.secret, extension: '105' } }).dialCallback({
      requestId: 43,
      operatorPhone: '74951110011',
      visitorPhone: '79161234567',
      callerId: '74957770011',
    });
    expect(zd.state.callbacks[1]!.sip).toBe('105');
  });

  it('passes on a refused call-back', async () => {
    zd.state.balance = 0;
    const e = await refusal(
      adapter().dialCallback({ requestId: 1, operatorPhone: '74951110011', visitorPhone: '79161234567', callerId: '' }),
    );
    expect(e.kind).toBe('balance');
    expect((await refusal(adapter().dialCallback({ requestId: 1, operatorPhone: '', visitorPhone: '7916', callerId: '' }))).kind).toBe(
      'invalid_number',
    );
  });
});

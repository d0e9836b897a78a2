import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CarrierError, type CarrierConnection } from '../../../../src/server/carriers/carrier.js';
import { twilioAdapter } from '../../../../src/server/carriers/twilio/adapter.js';
import { twilioCarrier } from '../../../../src/server/carriers/twilio/index.js';
import { openContext } from '../../../../src/server/carriers/twilio/call-context.js';
import { TwilioStandin } from '../../../support/twilio-standin.js';

/** The Twilio adapter against the local stand-in of Twilio's REST API (test/support/twilio-standin.ts). */

let twilio: TwilioStandin;
beforeEach(async () => {
  twilio = new TwilioStandin();
  await twilio.start();
});
afterEach(() => twilio.close());

const connection = (credentials: Record<string, string> = {}): CarrierConnection => ({
  id: 7,
  kind: 'twilio',
  credentials: { account_sid: twilio.accountSid, auth_token: twilio.authToken, ...credentials },
  publicUrl: 'https://svc.example/',
  apiBase: twilio.url,
});

async function refusal(p: Promise<unknown>): Promise<CarrierError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(CarrierError);
  return e as CarrierError;
}

describe('Twilio adapter: the account', () => {
  it("checks the credentials: the account's name and balance", async () => {
    expect(await twilioCarrier.adapter(connection()).check()).toEqual({
      account: 'Call tracking test',
      balance: { amount: 20.5, currency: 'USD' },
    });
    const asked = twilio.requests.map((r) => `${r.method} ${r.path}`);
    expect(asked).toEqual([
      `GET /2010-04-01/Accounts/${twilio.accountSid}.json`,
      `GET /2010-04-01/Accounts/${twilio.accountSid}/Balance.json`,
    ]);
    expect(twilio.requests.every((r) => r.user === twilio.accountSid)).toBe(true);
  });

  it("a wrong auth token is `auth`, in Twilio's words", async () => {
    const e = await refusal(twilioAdapter(connection({ auth_token: 'wrong' })).check());
    expect([e.kind, e.message, e.carrierCode]).toEqual(['auth', 'Authenticate', 20003]);
  });

  it('a revoked credential, an account without balance, a suspended account', async () => {
    twilio.balance = null;
    expect(await twilioAdapter(connection()).check()).toEqual({ account: 'Call tracking test' });
    twilio.accountStatus = 'suspended';
    expect((await refusal(twilioAdapter(connection()).check())).kind).toBe('balance');
    twilio.failure = 'revoked';
    expect((await refusal(twilioAdapter(connection()).check())).kind).toBe('auth');
  });

  it('signs in with an API key: a Main key reads the name, a Standard key proves itself by the numbers', async () => {
    const c = connection({ api_key_sid: twilio.apiKey.sid, api_key_secret: twilio.apiKey.secret, auth_token: 'only-for-webhooks' });
    expect(await twilioAdapter(c).check()).toEqual({ account: twilio.accountSid, balance: { amount: 20.5, currency: 'USD' } });
    expect(twilio.requests.map((r) => `${r.user} ${r.path.split('/').at(-1)}`)).toEqual([
      `${twilio.apiKey.sid} ${twilio.accountSid}.json`,
      `${twilio.apiKey.sid} IncomingPhoneNumbers.json`,
      `${twilio.apiKey.sid} Balance.json`,
    ]);
    twilio.apiKeyType = 'main';
    expect((await twilioAdapter(c).check()).account).toBe('Call tracking test');
    const wrong = connection({ api_key_sid: twilio.apiKey.sid, api_key_secret: 'wrong' });
    expect((await refusal(twilioAdapter(wrong).check())).kind).toBe('auth');
  });

  it('Twilio out of reach is `unavailable`', async () => {
    const url = twilio.url;
    await twilio.close();
    const e = await refusal(twilioAdapter({ ...connection(), apiBase: url }).check());
    expect([e.kind, e.message]).toEqual(['unavailable', 'Twilio could not be reached (ECONNREFUSED)']);
  });

  it('a malformed account SID is `auth`', async () => {
    const e = await refusal(twilioAdapter(connection({ account_sid: 'not-a-sid' })).check());
    expect(e.kind).toBe('auth');
  });

  it('Twilio failing is `unavailable`; Twilio not answering is `timeout` within the limit', async () => {
    twilio.failure = 'server_error';
    expect((await refusal(twilioAdapter(connection()).heldNumbers())).kind).toBe('unavailable');
    twilio.failure = 'no_answer';
    const started = Date.now();
    const e = await refusal(twilioAdapter(connection(), 300).heldNumbers());
    expect(e.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('Twilio adapter: numbers', () => {
  it('lists the numbers held', async () => {
    const n = twilio.hold('+14155550100');
    expect(await twilioAdapter(connection()).heldNumbers()).toEqual([{ phone: '14155550100', carrierId: n.sid, country: 'US' }]);
  });

  it("searches by area code, digits and region, each with Twilio's monthly price", async () => {
    twilio.offer(
      { phone_number: '+14155550111', region: 'CA' },
      { phone_number: '+14155550122', region: 'CA' },
      { phone_number: '+12125550133', region: 'NY', locality: 'New York' },
    );
    const a = twilioAdapter(connection());
    expect(await a.searchNumbers({ country: 'us', areaCode: '415', contains: '0122' })).toEqual([
      { phone: '14155550122', country: 'US', region: 'CA', locality: 'San Francisco', monthlyPrice: { amount: 1.15, currency: 'USD' } },
    ]);
    expect((await a.searchNumbers({ country: 'US', region: 'NY' })).map((n) => n.phone)).toEqual(['12125550133']);
    const search = twilio.requests.find((r) => r.path.endsWith('/AvailablePhoneNumbers/US/Local.json'))!;
    expect(search.query).toMatchObject({ AreaCode: '415', Contains: '0122', VoiceEnabled: 'true' });
    expect(twilio.requests.some((r) => r.path === '/v1/PhoneNumbers/Countries/US')).toBe(true);
  });

  it('a country Twilio prices not is offered with price null', async () => {
    twilio.offer({ phone_number: '+33155550100', iso_country: 'FR', region: 'IDF' });
    expect(await twilioAdapter(connection()).searchNumbers({ country: 'FR' })).toMatchObject([
      { phone: '33155550100', monthlyPrice: null },
    ]);
  });

  it('buys an offered number; one just bought by someone else is `taken`; a malformed one `invalid_number`', async () => {
    twilio.offer({ phone_number: '+14155550111' });
    const a = twilioAdapter(connection());
    const bought = await a.buyNumber('14155550111');
    expect(bought).toEqual({ phone: '14155550111', carrierId: expect.stringMatching(/^PN/), country: 'US' });
    expect(twilio.heldByPhone('+14155550111')?.sid).toBe(bought.carrierId);
    const taken = await refusal(a.buyNumber('14155550111'));
    expect([taken.kind, taken.message, taken.carrierCode]).toEqual(['taken', 'PhoneNumber is not available', 21422]);
    expect((await refusal(a.buyNumber('12'))).kind).toBe('invalid_number');
  });

  it("routes a number's calls here: voice URL and status callback, both POST; found by number when its SID is unknown", async () => {
    const n = twilio.hold('+14155550100');
    const a = twilioAdapter(connection());
    await a.routeNumber({ phone: '14155550100', carrierId: '' });
    expect(twilio.held.get(n.sid)).toMatchObject({
      voice_url: 'https://svc.example/carriers/twilio/7/voice',
      voice_method: 'POST',
      status_callback: 'https://svc.example/carriers/twilio/7/status',
      status_callback_method: 'POST',
    });
    await a.routeNumber({ phone: '14155550100', carrierId: n.sid });
    expect(twilio.requests.filter((r) => r.method === 'POST').map((r) => r.form)).toEqual([
      {
        VoiceUrl: 'https://svc.example/carriers/twilio/7/voice',
        VoiceMethod: 'POST',
        StatusCallback: 'https://svc.example/carriers/twilio/7/status',
        StatusCallbackMethod: 'POST',
      },
      expect.anything(),
    ]);
  });

  it('releases a number, and a number already gone is released', async () => {
    const n = twilio.hold('+14155550100');
    const a = twilioAdapter(connection());
    await a.releaseNumber({ phone: '14155550100', carrierId: n.sid });
    expect(twilio.held.size).toBe(0);
    await a.releaseNumber({ phone: '14155550100', carrierId: n.sid });
    expect(twilio.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });
});

describe('Twilio adapter: call-backs', () => {
  it('dials the operator showing the tracking number; the bridge and status URLs carry the request', async () => {
    twilio.hold('+14155550100');
    const { callId } = await twilioAdapter(connection()).dialCallback({
      requestId: 42,
      operatorPhone: '14155550199',
      visitorPhone: '+1 (212) 555-0188',
      callerId: '14155550100',
    });
    expect(twilio.calls).toHaveLength(1);
    const { sid, params } = twilio.calls[0]!;
    expect(callId).toBe(sid);
    expect(params).toMatchObject({
      To: '+14155550199',
      From: '+14155550100',
      Method: 'POST',
      StatusCallbackMethod: 'POST',
      StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    });
    const bridge = new URL(String(params.Url));
    expect(bridge.origin + bridge.pathname).toBe('https://svc.example/carriers/twilio/7/callback-bridge');
    expect(bridge.searchParams.get('request')).toBe('42');
    const status = new URL(String(params.StatusCallback));
    expect(status.pathname).toBe('/carriers/twilio/7/callback-status');
    // The visitor's phone is in the URLs sealed, not readable.
    expect(String(params.Url)).not.toContain('2125550188');
    expect(openContext(bridge.searchParams.get('t')!, twilio.authToken)).toMatchObject({
      direction: 'out',
      numa: '14155550100',
      numb: '12125550188',
      requestId: 42,
    });
  });

  it("a tracking number the account does not hold is refused in Twilio's words; no funds is `balance`", async () => {
    const dial = { requestId: 1, operatorPhone: '14155550199', visitorPhone: '12125550188', callerId: '14155550100' };
    const e = await refusal(twilioAdapter(connection()).dialCallback(dial));
    expect([e.kind, e.carrierCode]).toEqual(['refused', 21210]);
    expect(e.message).toContain('is not yet verified');
    twilio.hold('+14155550100');
    twilio.failure = 'no_funds';
    expect((await refusal(twilioAdapter(connection()).dialCallback(dial))).kind).toBe('balance');
  });
});

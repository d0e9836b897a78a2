import type { CallbackDial, CarrierAdapter, CarrierConnection, HeldNumber, NumberSearch, OfferedNumber, Price } from '../carrier.js';
import { CarrierError } from '../carrier.js';
import { twilioClient, twilioCredentials, REQUEST_TIMEOUT_MS, type TwilioClient } from './client.js';
import { sealContext } from './call-context.js';
import { withinLimit } from './errors.js';
import { countryOf, digitsOf, e164 } from './phones.js';
import { twilioUrl, TWILIO_PATHS } from './urls.js';

/**
 * The CarrierAdapter over Twilio's REST API (api.twilio.com 2010-04-01, pricing.twilio.com v1)
 * through the official SDK. Every operation is limited to REQUEST_TIMEOUT_MS; Twilio's refusals
 * come back as CarrierError with Twilio's own message (errors.ts).
 */

/** How long Twilio lets a call-back's operator ring before giving up (its `Timeout`, seconds). */
const OPERATOR_RING_S = 30;

export function twilioAdapter(connection: CarrierConnection, limitMs = REQUEST_TIMEOUT_MS): CarrierAdapter {
  const { accountSid, authToken, apiKey } = twilioCredentials(connection);
  let client: TwilioClient | null = null;
  // Built on first use, inside the limit: the SDK refuses a malformed SID when it is built.
  const sdk = () => (client ??= twilioClient(connection, limitMs));
  const run = <T>(op: (c: TwilioClient) => Promise<T>) => withinLimit(limitMs, () => op(sdk()));
  const held = (n: { sid: string; phoneNumber: string }): HeldNumber => {
    const phone = digitsOf(n.phoneNumber);
    return { phone, carrierId: n.sid, country: countryOf(phone) };
  };
  return {
    check: () => run((c) => checkAccount(c, accountSid, apiKey != null)),
    heldNumbers: () => run(async (c) => (await c.incomingPhoneNumbers.list({ limit: 1000 })).map(held)),
    searchNumbers: (search) => run((c) => offeredNumbers(c, search, limitMs)),
    buyNumber: (phone) => run(async (c) => held(await c.incomingPhoneNumbers.create({ phoneNumber: e164(phone) }))),
    routeNumber: (number) =>
      run(async (c) => {
        await c.incomingPhoneNumbers(await numberSid(c, number)).update({
          voiceUrl: twilioUrl(connection, TWILIO_PATHS.voice),
          voiceMethod: 'POST',
          statusCallback: twilioUrl(connection, TWILIO_PATHS.status),
          statusCallbackMethod: 'POST',
        });
      }),
    releaseNumber: (number) =>
      run(async (c) => {
        try {
          await c.incomingPhoneNumbers(await numberSid(c, number)).remove();
        } catch (e) {
          // Already given back (here or in Twilio's console): what was asked is so.
          if ((e as { status?: number }).status !== 404) throw e;
        }
      }),
    dialCallback: (dial) => run((c) => placeCallback(c, connection, authToken, dial)),
  };
}

/**
 * The account's name and, where Twilio keeps one (not for subaccounts), its balance. A Standard
 * API key may not read the Account resource (only a Main key may): the key is then proven by a
 * list of the account's numbers, and the account is named by its SID.
 */
async function checkAccount(
  c: TwilioClient,
  accountSid: string,
  byKey: boolean,
): Promise<{ account: string; balance?: Price | undefined }> {
  let account: string;
  try {
    const a = await c.api.v2010.accounts(accountSid).fetch();
    if (a.status !== 'active')
      throw new CarrierError(a.status === 'suspended' ? 'balance' : 'refused', `The Twilio account is ${a.status}`, a.status);
    account = a.friendlyName || accountSid;
  } catch (e) {
    const status = (e as { status?: number }).status;
    if (!byKey || (status !== 401 && status !== 403)) throw e;
    await c.incomingPhoneNumbers.list({ limit: 1 });
    account = accountSid;
  }
  const balance = await c.api.v2010
    .accounts(accountSid)
    .balance.fetch()
    .then((b) => ({ amount: Number(b.balance), currency: b.currency }))
    .catch(() => undefined);
  return { account, ...(balance && Number.isFinite(balance.amount) ? { balance } : {}) };
}

/** A number's IncomingPhoneNumber SID: the one held, else looked up by the number. */
async function numberSid(c: TwilioClient, number: HeldNumber): Promise<string> {
  if (number.carrierId) return number.carrierId;
  const [found] = await c.incomingPhoneNumbers.list({ phoneNumber: e164(number.phone), limit: 1 });
  if (!found) throw new CarrierError('not_found', `The account holds no number ${e164(number.phone)}`, 404);
  return found.sid;
}

async function offeredNumbers(c: TwilioClient, search: NumberSearch, limitMs: number): Promise<OfferedNumber[]> {
  const country = search.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new CarrierError('refused', 'The country must be a two-letter ISO code (US, GB, …)');
  const areaCode = search.areaCode?.trim();
  if (areaCode && !/^\d{1,6}$/.test(areaCode)) throw new CarrierError('invalid_number', 'The area code must be digits');
  // The price is looked up beside the search; a search without it still answers (price null).
  const price = withinLimit(limitMs, () => localMonthlyPrice(c, country)).catch(() => null);
  const offered = await c.availablePhoneNumbers(country).local.list({
    ...(areaCode ? { areaCode: Number(areaCode) } : {}),
    ...(search.contains?.trim() ? { contains: search.contains.trim() } : {}),
    ...(search.region?.trim() ? { inRegion: search.region.trim() } : {}),
    voiceEnabled: true,
    limit: Math.min(Math.max(search.limit ?? 20, 1), 50),
  });
  const monthlyPrice = await price;
  return offered.map((n) => ({
    phone: digitsOf(n.phoneNumber),
    country: n.isoCountry || country,
    region: n.region || undefined,
    locality: n.locality || undefined,
    monthlyPrice,
  }));
}

/** The monthly price of a local number in the country (Pricing API v1), null when Twilio lists none. */
async function localMonthlyPrice(c: TwilioClient, country: string): Promise<Price | null> {
  const p = await c.pricing.v1.phoneNumbers.countries(country).fetch();
  const local = p.phoneNumberPrices.find((x) => x.numberType === 'local');
  const amount = Number(local?.currentPrice ?? local?.basePrice);
  return local && Number.isFinite(amount) && p.priceUnit ? { amount, currency: p.priceUnit.toUpperCase() } : null;
}

/**
 * A call-back: Twilio dials the operator showing the tracking number; when the operator answers,
 * the bridge's TwiML (routes) dials the visitor. The progress of the operator's call comes to
 * `callback-status`, as events of the call Twilio names by the SID returned here.
 */
async function placeCallback(
  c: TwilioClient,
  connection: CarrierConnection,
  authToken: string,
  dial: CallbackDial,
): Promise<{ callId: string }> {
  const request = String(dial.requestId);
  const t = sealContext(
    { direction: 'out', numa: digitsOf(dial.callerId), numb: digitsOf(dial.visitorPhone), setupMs: Date.now(), requestId: dial.requestId },
    authToken,
  );
  const call = await c.calls.create({
    to: e164(dial.operatorPhone),
    from: e164(dial.callerId),
    url: twilioUrl(connection, TWILIO_PATHS.callbackBridge, { request, t }),
    method: 'POST',
    statusCallback: twilioUrl(connection, TWILIO_PATHS.callbackStatus, { request, t }),
    statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    statusCallbackMethod: 'POST',
    timeout: OPERATOR_RING_S,
  });
  return { callId: call.sid };
}

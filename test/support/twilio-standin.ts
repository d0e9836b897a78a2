import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Twilio, for tests: the REST endpoints the server's Twilio adapter uses, as
 * Twilio documents them (https://www.twilio.com/docs/usage/api): form-encoded requests, HTTP Basic
 * auth (account SID and auth token, or API key SID and secret), JSON answers in Twilio's shapes,
 * Twilio's error JSON `{code, message, more_info, status}`. It keeps state (numbers held and for
 * sale, calls placed), records every request, can be made to fail (500, no answer, credentials
 * revoked, account out of funds), and plays the carrier's side of a call: it posts the webhooks
 * Twilio would to the URLs the server gave it, form-encoded and signed as Twilio signs them
 * (HMAC-SHA1 of the URL and the sorted parameters, base64), computed here with node:crypto alone.
 *
 * Endpoints: GET Accounts/{sid}.json, Accounts/{sid}/Balance.json, IncomingPhoneNumbers.json (list,
 * `PhoneNumber` filter), AvailablePhoneNumbers/{CC}/Local.json (`AreaCode`, `Contains`, `InRegion`,
 * `PageSize`), Pricing v1 PhoneNumbers/Countries/{CC}; POST IncomingPhoneNumbers.json (buy),
 * IncomingPhoneNumbers/{sid}.json (update), Calls.json (create); DELETE IncomingPhoneNumbers/{sid}.json.
 */

export interface HeldTwilioNumber {
  sid: string;
  phone_number: string;
  friendly_name: string;
  voice_url: string | null;
  voice_method: string;
  status_callback: string | null;
  status_callback_method: string;
}

export interface OfferedTwilioNumber {
  phone_number: string;
  iso_country: string;
  region: string;
  locality: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form body; a repeated parameter (`StatusCallbackEvent`) as a list. */
  form: Record<string, string | string[]>;
  /** The Basic auth user name sent (the account SID or the API key SID). */
  user: string | null;
}

export interface PlacedCall {
  sid: string;
  params: Record<string, string | string[]>;
}

/** A call Twilio dialled from another (a `<Dial>` leg), as the Call resource lists it. */
export interface DialledTwilioCall {
  sid: string;
  parent_call_sid: string;
  status: string;
  /** Talk seconds once ended; null while it goes on. */
  duration: number | null;
  end: Date | null;
}

export type Failure = null | 'server_error' | 'no_answer' | 'revoked' | 'no_funds';

/** Twilio's signature of a webhook: base64 HMAC-SHA1 under the auth token of the URL followed by each parameter's name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

const sid = (prefix: string) => prefix + randomBytes(16).toString('hex');
const rfc2822 = () => new Date().toUTCString().replace('GMT', '+0000');

function twilioError(status: number, code: number, message: string) {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

export class TwilioStandin {
  readonly accountSid = 'AC' + randomBytes(16).toString('hex');
  authToken = randomBytes(16).toString('hex');
  readonly apiKey = { sid: 'SK' + randomBytes(16).toString('hex'), secret: randomBytes(16).toString('hex') };
  /** A Standard key reaches everything but the Account resource (and keys); a Main key reaches all. */
  apiKeyType: 'standard' | 'main' = 'standard';
  accountName = 'Call tracking test';
  accountStatus = 'active';
  /** Null: the account keeps no balance (a subaccount): the Balance resource answers 404. */
  balance: { balance: string; currency: string } | null = { balance: '20.50', currency: 'USD' };
  /** Monthly prices by country and number type; a country missing has no pricing (404). */
  prices: Record<string, Record<string, string>> = { US: { local: '1.15', 'toll free': '2.15' }, GB: { local: '1.00' } };
  readonly held = new Map<string, HeldTwilioNumber>();
  available: OfferedTwilioNumber[] = [];
  readonly calls: PlacedCall[] = [];
  readonly dialled: DialledTwilioCall[] = [];
  readonly requests: RecordedRequest[] = [];
  failure: Failure = null;
  /**
   * Called as a call is placed, before the REST answer goes back (Twilio's first callbacks may come
   * first); the answer waits for what it returns.
   */
  onCallPlaced: ((call: PlacedCall) => void | Promise<void>) | null = null;
  /** Webhooks are signed for the public URL and delivered here instead (a proxy in front of the server). */
  deliver: { publicUrl: string; actualUrl: string } | null = null;
  url = '';
  private server: http.Server | null = null;
  private readonly hanging = new Set<http.ServerResponse>();
  private placing: void | Promise<void> | null = null;

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    return this.url;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Puts numbers up for sale (E.164). */
  offer(...numbers: Array<Partial<OfferedTwilioNumber> & { phone_number: string }>): void {
    for (const n of numbers) this.available.push({ iso_country: 'US', region: 'CA', locality: 'San Francisco', ...n });
  }

  /** A number the account already holds. */
  hold(phone: string, n: Partial<HeldTwilioNumber> = {}): HeldTwilioNumber {
    const held: HeldTwilioNumber = {
      sid: sid('PN'),
      phone_number: phone,
      friendly_name: phone,
      voice_url: null,
      voice_method: 'POST',
      status_callback: null,
      status_callback_method: 'POST',
      ...n,
    };
    this.held.set(held.sid, held);
    return held;
  }

  heldByPhone(phone: string): HeldTwilioNumber | undefined {
    return [...this.held.values()].find((n) => n.phone_number === phone);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://standin');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const form: Record<string, string | string[]> = {};
    for (const k of new Set(body.keys())) {
      const all = body.getAll(k);
      form[k] = all.length > 1 ? all : all[0]!;
    }
    const user = this.basicUser(req.headers.authorization);
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form,
      user: user?.name ?? null,
    });
    if (this.failure === 'no_answer') {
      this.hanging.add(res);
      return;
    }
    const answer = this.answer(req.method ?? 'GET', url, form, user);
    if (this.placing) await this.placing;
    this.placing = null;
    res.writeHead(answer.status, answer.body === null ? {} : { 'content-type': 'application/json' });
    res.end(answer.body === null ? undefined : JSON.stringify(answer.body));
  }

  private basicUser(header: string | undefined): { name: string; password: string } | null {
    const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
    if (!m) return null;
    const text = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    return colon < 0 ? null : { name: text.slice(0, colon), password: text.slice(colon + 1) };
  }

  private authorised(user: { name: string; password: string } | null): boolean {
    if (!user || this.failure === 'revoked') return false;
    return (
      (user.name === this.accountSid && user.password === this.authToken) ||
      (user.name === this.apiKey.sid && user.password === this.apiKey.secret)
    );
  }

  private answer(
    method: string,
    url: URL,
    form: Record<string, string | string[]>,
    user: { name: string; password: string } | null,
  ): { status: number; body: unknown } {
    if (this.failure === 'server_error') return twilioError(500, 20500, 'Internal Server Error');
    if (!this.authorised(user)) return twilioError(401, 20003, 'Authenticate');
    const path = url.pathname;
    const price = /^\/v1\/PhoneNumbers\/Countries\/([A-Z]{2})$/.exec(path);
    if (price && method === 'GET') return this.pricing(price[1]!);
    const m = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})(\.json|\/.*)$/.exec(path);
    if (!m) return twilioError(404, 20404, `The requested resource ${path} was not found`);
    if (m[1] !== this.accountSid) return twilioError(401, 20003, 'Authenticate');
    const rest = m[2]!;
    if (rest === '.json' && method === 'GET') {
      if (user!.name === this.apiKey.sid && this.apiKeyType === 'standard') return twilioError(403, 20403, 'Forbidden');
      return { status: 200, body: this.account() };
    }
    if (this.failure === 'no_funds' && method === 'POST') return twilioError(401, 20005, 'Account not active');
    if (rest === '/Balance.json' && method === 'GET') {
      return this.balance
        ? { status: 200, body: { account_sid: this.accountSid, ...this.balance } }
        : twilioError(404, 20404, 'The requested resource was not found');
    }
    if (rest === '/IncomingPhoneNumbers.json' && method === 'GET') return this.listHeld(url);
    if (rest === '/IncomingPhoneNumbers.json' && method === 'POST') return this.buy(String(form.PhoneNumber ?? ''));
    const one = /^\/IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/.exec(rest);
    if (one && method === 'POST') return this.update(one[1]!, form);
    if (one && method === 'DELETE')
      return this.held.delete(one[1]!)
        ? { status: 204, body: null }
        : twilioError(404, 20404, `The requested resource ${path} was not found`);
    const local = /^\/AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/.exec(rest);
    if (local && method === 'GET') return this.search(local[1]!, url);
    if (rest === '/Calls.json' && method === 'POST') return this.placeCall(form);
    if (rest === '/Calls.json' && method === 'GET') return this.listCalls(url);
    return twilioError(404, 20404, `The requested resource ${path} was not found`);
  }

  private account() {
    return {
      sid: this.accountSid,
      owner_account_sid: this.accountSid,
      friendly_name: this.accountName,
      status: this.accountStatus,
      type: 'Full',
      date_created: rfc2822(),
      date_updated: rfc2822(),
      uri: `/2010-04-01/Accounts/${this.accountSid}.json`,
    };
  }

  private numberJson(n: HeldTwilioNumber) {
    return {
      ...n,
      account_sid: this.accountSid,
      api_version: '2010-04-01',
      capabilities: { voice: true, sms: true, mms: true, fax: false },
      status: 'in-use',
      date_created: rfc2822(),
      date_updated: rfc2822(),
      uri: `/2010-04-01/Accounts/${this.accountSid}/IncomingPhoneNumbers/${n.sid}.json`,
    };
  }

  private page(key: string, items: unknown[], uri: string) {
    return {
      status: 200,
      body: {
        [key]: items,
        page: 0,
        page_size: 50,
        start: 0,
        end: Math.max(items.length - 1, 0),
        uri,
        first_page_uri: uri,
        next_page_uri: null,
        previous_page_uri: null,
      },
    };
  }

  private listHeld(url: URL) {
    const phone = url.searchParams.get('PhoneNumber');
    const items = [...this.held.values()].filter((n) => !phone || n.phone_number === phone).map((n) => this.numberJson(n));
    return this.page('incoming_phone_numbers', items, url.pathname);
  }

  private buy(phone: string) {
    if (!/^\+\d{8,15}$/.test(phone)) return twilioError(400, 21421, 'PhoneNumber is invalid');
    const i = this.available.findIndex((n) => n.phone_number === phone);
    if (i < 0) return twilioError(400, 21422, 'PhoneNumber is not available');
    this.available.splice(i, 1);
    return { status: 201, body: this.numberJson(this.hold(phone)) };
  }

  private update(numberSid: string, form: Record<string, string | string[]>) {
    const n = this.held.get(numberSid);
    if (!n) return twilioError(404, 20404, `The requested resource /IncomingPhoneNumbers/${numberSid}.json was not found`);
    const field = (k: string) => (typeof form[k] === 'string' ? form[k] : undefined);
    n.voice_url = field('VoiceUrl') ?? n.voice_url;
    n.voice_method = field('VoiceMethod') ?? n.voice_method;
    n.status_callback = field('StatusCallback') ?? n.status_callback;
    n.status_callback_method = field('StatusCallbackMethod') ?? n.status_callback_method;
    return { status: 200, body: this.numberJson(n) };
  }

  private search(country: string, url: URL) {
    const q = url.searchParams;
    const area = q.get('AreaCode');
    const contains = q.get('Contains');
    const region = q.get('InRegion');
    const size = Number(q.get('PageSize') ?? 50);
    const items = this.available
      .filter((n) => n.iso_country === country)
      .filter((n) => !area || n.phone_number.slice(2, 2 + area.length) === area)
      .filter((n) => !contains || n.phone_number.includes(contains))
      .filter((n) => !region || n.region === region)
      .slice(0, size)
      .map((n) => ({
        ...n,
        friendly_name: n.phone_number,
        lata: null,
        rate_center: null,
        latitude: null,
        longitude: null,
        postal_code: null,
        address_requirements: 'none',
        beta: false,
        capabilities: { voice: true, SMS: true, MMS: true },
      }));
    return { status: 200, body: { available_phone_numbers: items, uri: url.pathname } };
  }

  private pricing(country: string) {
    const p = this.prices[country];
    if (!p) return twilioError(404, 20404, 'The requested resource was not found');
    return {
      status: 200,
      body: {
        country: country,
        iso_country: country,
        phone_number_prices: Object.entries(p).map(([number_type, price]) => ({ number_type, base_price: price, current_price: price })),
        price_unit: 'USD',
        url: `https://pricing.twilio.com/v1/PhoneNumbers/Countries/${country}`,
      },
    };
  }

  private placeCall(form: Record<string, string | string[]>) {
    const to = String(form.To ?? '');
    const from = String(form.From ?? '');
    if (!/^\+\d{8,15}$/.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!this.heldByPhone(from))
      return twilioError(400, 21210, `The source phone number provided, ${from}, is not yet verified for your account.`);
    const call = { sid: sid('CA'), params: form };
    this.calls.push(call);
    this.placing = this.onCallPlaced?.(call) ?? null;
    return {
      status: 201,
      body: {
        sid: call.sid,
        account_sid: this.accountSid,
        to,
        from,
        status: 'queued',
        direction: 'outbound-api',
        uri: `/2010-04-01/Accounts/${this.accountSid}/Calls/${call.sid}.json`,
      },
    };
  }

  private listCalls(url: URL) {
    const parent = url.searchParams.get('ParentCallSid');
    const items = this.dialled
      .filter((c) => !parent || c.parent_call_sid === parent)
      .map((c) => ({
        sid: c.sid,
        parent_call_sid: c.parent_call_sid,
        account_sid: this.accountSid,
        status: c.status,
        direction: 'outbound-dial',
        duration: c.duration == null ? null : String(c.duration),
        end_time: c.end ? c.end.toUTCString().replace('GMT', '+0000') : null,
        uri: `/2010-04-01/Accounts/${this.accountSid}/Calls/${c.sid}.json`,
      }));
    return this.page('calls', items, url.pathname);
  }

  // The carrier's side of calls: webhooks to the server.

  /** A `<Dial>` leg of `parentSid` (what the Call resource will list), ended unless `duration` is null. */
  dial(parentSid: string, status: string, duration: number | null): DialledTwilioCall {
    const leg = { sid: sid('CA'), parent_call_sid: parentSid, status, duration, end: duration == null ? null : new Date() };
    this.dialled.push(leg);
    return leg;
  }

  /**
   * Posts one webhook to `url` (as given to Twilio), signed with the auth token unless `signature`
   * says otherwise (null: no header). Answers the server's status and body.
   */
  async webhook(url: string, params: Record<string, string>, signature?: string | null): Promise<{ status: number; body: string }> {
    const body = new URLSearchParams(params).toString();
    const sig = signature === undefined ? twilioSignature(this.authToken, url, params) : signature;
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' };
    if (sig !== null) headers['x-twilio-signature'] = sig;
    const target =
      this.deliver && url.startsWith(this.deliver.publicUrl) ? this.deliver.actualUrl + url.slice(this.deliver.publicUrl.length) : url;
    const res = await fetch(target, { method: 'POST', headers, body });
    return { status: res.status, body: await res.text() };
  }

  /** The parameters Twilio sends with every voice request of a call. */
  callParams(callSid: string, from: string, to: string, status: string, direction = 'inbound'): Record<string, string> {
    return {
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: callSid,
      CallStatus: status,
      Called: to,
      Caller: from,
      Direction: direction,
      From: from,
      To: to,
      CallerCountry: 'US',
      CalledCountry: 'US',
    };
  }

  /** A caller dials a held number: Twilio asks the number's VoiceUrl what to do. */
  async incomingCall(
    from: string,
    to: string,
    callSid = sid('CA'),
  ): Promise<{ callSid: string; status: number; twiml: string; dial: Dial | null }> {
    const n = this.heldByPhone(to);
    if (!n?.voice_url) throw new Error(`no voice URL for ${to}`);
    const r = await this.webhook(n.voice_url, this.callParams(callSid, from, to, 'ringing'));
    return { callSid, status: r.status, twiml: r.body, dial: parseDial(r.body) };
  }

  /** The `<Dial>` ended: Twilio posts its action. */
  dialEnded(dial: Dial, base: Record<string, string>, o: { status: string; duration?: number; recordingUrl?: string }) {
    const leg = this.dialled.find((c) => c.parent_call_sid === base.CallSid) ?? this.dial(base.CallSid!, o.status, o.duration ?? 0);
    return this.webhook(dial.action, {
      ...base,
      DialCallSid: leg.sid,
      DialCallStatus: o.status,
      ...(o.duration != null ? { DialCallDuration: String(o.duration) } : {}),
      ...(o.recordingUrl ? { RecordingUrl: o.recordingUrl, RecordingSid: sid('RE') } : {}),
    });
  }

  /** A recording is ready: Twilio posts the Dial's recordingStatusCallback. */
  recordingReady(dial: Dial, callSid: string, o: { url: string; duration: number; start: Date }) {
    if (!dial.recordingStatusCallback) throw new Error('the Dial asked for no recording');
    return this.webhook(dial.recordingStatusCallback, {
      AccountSid: this.accountSid,
      CallSid: callSid,
      RecordingSid: sid('RE'),
      RecordingUrl: o.url,
      RecordingStatus: 'completed',
      RecordingDuration: String(o.duration),
      RecordingChannels: '2',
      RecordingSource: 'DialVerb',
      RecordingStartTime: o.start.toUTCString().replace('GMT', '+0000'),
    });
  }

  /** A call's status callback (the number's, or the one given at calls.create). */
  callStatus(url: string, base: Record<string, string>, status: string, o: { duration?: number; at?: Date } = {}) {
    return this.webhook(url, {
      ...base,
      CallStatus: status,
      Timestamp: (o.at ?? new Date()).toUTCString().replace('GMT', '+0000'),
      ...(o.duration != null ? { CallDuration: String(o.duration) } : {}),
    });
  }
}

/** What a TwiML answer's `<Dial>` says (attributes decoded), and what the caller hears first. */
export interface Dial {
  action: string;
  callerId: string | null;
  record: string | null;
  recordingStatusCallback: string | null;
  number: string;
  /** The `<Number url>`: TwiML Twilio runs for the dialled party on answering, before connecting. */
  numberUrl: string | null;
}

const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function parseDial(twiml: string): Dial | null {
  const m = /<Dial\b([^>]*)>([\s\S]*?)<\/Dial>/.exec(twiml);
  if (!m) return null;
  const attrs: Record<string, string> = {};
  for (const a of m[1]!.matchAll(/(\w+)="([^"]*)"/g)) attrs[a[1]!] = unescape(a[2]!);
  const inner = m[2]!;
  const numberTag = /<Number\b([^>]*)>([^<]*)<\/Number>/.exec(inner);
  const number = numberTag?.[2] ?? inner;
  const numberUrl = numberTag ? /\burl="([^"]*)"/.exec(numberTag[1]!)?.[1] : undefined;
  return {
    action: attrs.action ?? '',
    callerId: attrs.callerId ?? null,
    record: attrs.record ?? null,
    recordingStatusCallback: attrs.recordingStatusCallback ?? null,
    number: unescape(number.trim()),
    numberUrl: numberUrl ? unescape(numberUrl) : null,
  };
}

/** The texts `<Say>` speaks, in order, with their language. */
export function saysOf(twiml: string): Array<{ language: string | null; text: string }> {
  return [...twiml.matchAll(/<Say\b([^>]*)>([^<]*)<\/Say>/g)].map((m) => ({
    language: /language="([^"]*)"/.exec(m[1]!)?.[1] ?? null,
    text: unescape(m[2]!),
  }));
}

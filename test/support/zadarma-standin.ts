import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for Zadarma's REST API (zadarma.com/en/support/api/), for the tests only: the
 * endpoints the Zadarma carrier uses, with their documented answers (`{"status": "success", …}`)
 * and refusals (`{"status": "error", "message": …}` with a 4xx), each request's `Authorization`
 * checked the documented way, computed here on its own rather than with the server's code. It keeps
 * an account (balance, numbers held, numbers offered, the PBX's notification settings, call-backs
 * asked for, recordings), records every request, and fails on demand. `zadarmaSide` plays the
 * PBX's part of a call: its notifications, form-encoded and signed as Zadarma signs them.
 */

export interface Direction {
  id: string;
  countryCode: string;
  areaCode: string;
  name: string;
  connect_fee: number;
  monthly_fee: number;
  currency: string;
  /** What `/v1/direct_numbers/available/<id>/` offers. */
  numbers: Array<{ id: string; number: string }>;
}

export interface HeldRow {
  number: string;
  status: string;
  country: string;
  description: string;
  monthly_fee: number;
  currency: string;
  autorenew: 'true' | 'false';
}

export interface StandinRequest {
  verb: string;
  path: string;
  params: Record<string, string>;
  authorized: boolean;
}

export type Failure = 'none' | 'http500' | 'timeout' | 'wrongKey';

export interface ZadarmaStandin {
  url: string;
  key: string;
  secret: string;
  state: {
    balance: number;
    currency: string;
    held: HeldRow[];
    directions: Record<string, Direction[]>;
    callinfo: { url: string; notifications: Record<string, 'true' | 'false'> };
    callbacks: Array<Record<string, string>>;
    /** Recordings saved, by `call_id`: Zadarma's link to each. */
    recordings: Record<string, string>;
    /** The next order fails as if someone else had just bought the number. */
    raceOnOrder: boolean;
  };
  failure: Failure;
  requests: StandinRequest[];
  close(): Promise<void>;
}

/** PHP's `urlencode`, as `http_build_query` writes parameters (RFC 1738). */
const phpUrlencode = (v: string) =>
  encodeURIComponent(v)
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');

/** `base64_encode(hash_hmac('sha1', text, secret))`: base64 of the hex digest. */
const phpSignature = (text: string, secret: string) =>
  Buffer.from(createHmac('sha1', secret).update(text).digest('hex')).toString('base64');

export function expectedAuthorization(key: string, secret: string, path: string, params: Record<string, string>): string {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${phpUrlencode(k)}=${phpUrlencode(params[k]!)}`)
    .join('&');
  return `${key}:${phpSignature(path + query + createHash('md5').update(query).digest('hex'), secret)}`;
}

const ok = (body: Record<string, unknown>) => ({ status: 200, body: { status: 'success', ...body } });
const refuse = (status: number, message: string) => ({ status, body: { status: 'error', message } });

type Answer = { status: number; body: Record<string, unknown> };
type Handler = (s: ZadarmaStandin, params: Record<string, string>, verb: string) => Answer;

const digits = (v: string | undefined) => (v ?? '').replace(/\D/g, '');

function order(s: ZadarmaStandin, p: Record<string, string>): Answer {
  const all = Object.values(s.state.directions).flat();
  const d = all.find((x) => x.id === p.direction_id);
  if (!d) return refuse(400, 'Wrong direction_id');
  const n = d.numbers.find((x) => x.id === p.number_id);
  if (!n || s.state.raceOnOrder) return refuse(400, 'This number is already taken');
  if (s.state.balance < d.monthly_fee + d.connect_fee) return refuse(400, 'Not enough money on the balance');
  s.state.balance -= d.monthly_fee + d.connect_fee;
  d.numbers = d.numbers.filter((x) => x !== n);
  s.state.held.push({
    number: n.number,
    status: 'on',
    country: 'Russia',
    description: d.name,
    monthly_fee: d.monthly_fee,
    currency: d.currency,
    autorenew: 'true',
  });
  return ok({ number: n.number, is_reserved: 'false', is_activated: 'true' });
}

const ROUTES: Record<string, Handler> = {
  'GET /v1/info/balance/': (s) => ok({ balance: s.state.balance, currency: s.state.currency }),
  'GET /v1/direct_numbers/': (s) => ok({ info: s.state.held }),
  'GET /v1/direct_numbers/number/': (s, p) => {
    const n = s.state.held.find((h) => h.number === digits(p.number));
    return n ? ok({ info: n }) : refuse(404, 'Number not found');
  },
  'PUT /v1/direct_numbers/autoprolongation/': (s, p) => {
    const n = s.state.held.find((h) => h.number === digits(p.number));
    if (!n) return refuse(404, 'Number not found');
    n.autorenew = p.value === 'off' ? 'false' : 'true';
    return ok({ number: n.number, autoprolongation: p.value });
  },
  'GET /v1/direct_numbers/country/': (s, p) =>
    ok({ info: (s.state.directions[p.country ?? ''] ?? []).map(({ numbers: _numbers, ...d }) => d) }),
  'POST /v1/direct_numbers/order/': order,
  'GET /v1/pbx/callinfo/': (s) => ok({ url: s.state.callinfo.url, notifications: s.state.callinfo.notifications }),
  'POST /v1/pbx/callinfo/url/': (s, p) => {
    s.state.callinfo.url = p.url ?? '';
    return ok({ url: s.state.callinfo.url });
  },
  'POST /v1/pbx/callinfo/notifications/': (s, p) => {
    for (const [k, v] of Object.entries(p))
      if (k.startsWith('notify_')) s.state.callinfo.notifications[k] = v === 'true' ? 'true' : 'false';
    return ok({ notifications: s.state.callinfo.notifications });
  },
  'GET /v1/request/callback/': (s, p) => {
    if (!/^\d{3,15}$/.test(p.from ?? '') || !/^\d{5,15}$/.test(p.to ?? '')) return refuse(400, 'Wrong parameters');
    if (s.state.balance <= 0) return refuse(400, 'Not enough money on the balance');
    s.state.callbacks.push({ ...p });
    return ok({ from: p.from, to: p.to, time: Math.floor(Date.now() / 1000) });
  },
  'GET /v1/pbx/record/request/': (s, p) => {
    const link = s.state.recordings[p.call_id ?? ''];
    return link ? ok({ link, lifetime_till: '2030-01-01 00:00:00' }) : refuse(400, 'Record not found');
  },
};

function route(s: ZadarmaStandin, verb: string, path: string, params: Record<string, string>): Answer {
  const available = /^\/v1\/direct_numbers\/available\/([^/]+)\/$/.exec(path);
  if (verb === 'GET' && available) {
    const d = Object.values(s.state.directions)
      .flat()
      .find((x) => x.id === available[1]);
    if (!d) return refuse(400, 'Wrong direction_id');
    const mask = params.mask ?? '';
    return ok({ numbers: d.numbers.filter((n) => n.number.includes(mask)).map((n) => ({ ...n, direction_id: d.id })) });
  }
  const handler = ROUTES[`${verb} ${path}`];
  return handler ? handler(s, params, verb) : refuse(404, 'Method not found');
}

async function handle(s: ZadarmaStandin, req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const url = new URL(req.url ?? '/', 'http://standin');
  const verb = req.method ?? 'GET';
  const raw = verb === 'GET' ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const params = Object.fromEntries(raw.entries());
  const authorized = req.headers.authorization === expectedAuthorization(s.key, s.secret, url.pathname, params);
  s.requests.push({ verb, path: url.pathname, params, authorized });
  if (s.failure === 'timeout') return; // never answers; the client gives up
  const answer: Answer =
    s.failure === 'http500'
      ? { status: 500, body: { status: 'error', message: 'Internal Server Error' } }
      : !authorized || s.failure === 'wrongKey'
        ? refuse(401, 'Not authorized')
        : route(s, verb, url.pathname, params);
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer.body));
}

/** A Moscow direction offering two numbers, a St Petersburg one offering one; 1000 RUB on the balance. */
export function defaultDirections(): Record<string, Direction[]> {
  return {
    RU: [
      {
        id: '3051',
        countryCode: '7',
        areaCode: '495',
        name: 'Moscow',
        connect_fee: 0,
        monthly_fee: 300,
        currency: 'RUB',
        numbers: [
          { id: '9001', number: '74951230001' },
          { id: '9002', number: '74951230002' },
        ],
      },
      {
        id: '3052',
        countryCode: '7',
        areaCode: '812',
        name: 'Saint Petersburg',
        connect_fee: 100,
        monthly_fee: 250,
        currency: 'RUB',
        numbers: [{ id: '9101', number: '78121230001' }],
      },
    ],
  };
}

export async function startZadarmaStandin(key = 'zd-key-1', secret = 'zd-secret-1'): Promise<ZadarmaStandin> {
  const sockets = new Set<Socket>();
  const s: ZadarmaStandin = {
    url: '',
    key,
    secret,
    state: {
      balance: 1000,
      currency: 'RUB',
      held: [],
      directions: defaultDirections(),
      callinfo: {
        url: '',
        notifications: {
          notify_start: 'false',
          notify_internal: 'false',
          notify_end: 'false',
          notify_out_start: 'false',
          notify_out_end: 'false',
          notify_answer: 'false',
        },
      },
      callbacks: [],
      recordings: {},
      raceOnOrder: false,
    },
    failure: 'none',
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of sockets) c.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => void handle(s, req, res));
  server.on('connection', (c) => {
    sockets.add(c);
    c.on('close', () => sockets.delete(c));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return s;
}

// ---- the PBX's side of a call

/** The fields each notification's `Signature` covers, joined (Zadarma's notification documentation). */
function signedFields(f: Record<string, string>): string {
  const v = (k: string) => f[k] ?? '';
  if (f.event === 'NOTIFY_ANSWER') return v('caller_id') + v('destination') + v('call_start');
  if (f.event === 'NOTIFY_OUT_START' || f.event === 'NOTIFY_OUT_END') return v('internal') + v('destination') + v('call_start');
  if (f.event === 'NOTIFY_RECORD') return v('pbx_call_id') + v('call_id_with_rec');
  return v('caller_id') + v('called_did') + v('call_start');
}

export const notificationSignature = (fields: Record<string, string>, secret: string) => phpSignature(signedFields(fields), secret);

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface Posted {
  status: number;
  body: unknown;
}

/**
 * Zadarma's PBX posting to one connection's notification URL (`base`: the server's URL ending with
 * a slash). `signature`: undefined signs the documented way, null sends none, a string is sent as is.
 */
export function zadarmaSide(base: string, connectionId: number, secret: string) {
  const url = `${base}carriers/zadarma/${connectionId}/events`;
  const post = async (fields: Record<string, string>, signature?: string | null): Promise<Posted> => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    const sig = signature === undefined ? notificationSignature(fields, secret) : signature;
    if (sig !== null) headers.signature = sig;
    const res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
    const text = await res.text();
    return { status: res.status, body: readJson(text) };
  };
  const callStart = '2026-11-29 12:00:00';
  return {
    url,
    post,
    echo: (value: string) => fetch(`${url}?zd_echo=${encodeURIComponent(value)}`),
    /** The notifications of an incoming call from `from` to `to`, answered and talking `talk` s unless 0. */
    incoming(o: { pbxCallId: string; from: string; to: string; talk?: number; recording?: string }) {
      const base = { call_start: callStart, pbx_call_id: o.pbxCallId, caller_id: o.from };
      const talk = o.talk ?? 0;
      return {
        start: { event: 'NOTIFY_START', ...base, called_did: o.to },
        answer: { event: 'NOTIFY_ANSWER', ...base, destination: '100', internal: '100' },
        end: {
          event: 'NOTIFY_END',
          ...base,
          called_did: o.to,
          internal: '100',
          duration: String(talk),
          disposition: talk > 0 ? 'answered' : 'no answer',
          status_code: talk > 0 ? '16' : '19',
          is_recorded: o.recording ? '1' : '0',
          call_id_with_rec: o.recording ?? '',
        },
        record: { event: 'NOTIFY_RECORD', pbx_call_id: o.pbxCallId, call_id_with_rec: o.recording ?? '' },
      };
    },
    /** The PBX's outgoing call of a call-back, through extension `internal`, to the visitor `to`. */
    outgoing(o: { pbxCallId: string; internal: string; to: string; callerId: string; talk?: number; recording?: string }) {
      const base = { call_start: callStart, pbx_call_id: o.pbxCallId, internal: o.internal, destination: o.to };
      const talk = o.talk ?? 0;
      return {
        start: { event: 'NOTIFY_OUT_START', ...base },
        end: {
          event: 'NOTIFY_OUT_END',
          ...base,
          caller_id: o.callerId,
          duration: String(talk),
          disposition: talk > 0 ? 'answered' : 'no answer',
          status_code: talk > 0 ? '16' : '19',
          is_recorded: o.recording ? '1' : '0',
          call_id_with_rec: o.recording ?? '',
        },
      };
    },
  };
}

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A carrier's REST API in miniature, on 127.0.0.1, for the carriers' tests: one account per token
 * (its name, balance and held numbers), numbers for sale, purchases, routing, releases and dialled
 * call-backs, with the errors a real carrier gives (401 bad token, 402 no balance, 409 number taken,
 * 404, 500) and a switch that makes it hang. Every request is kept, to check what the server sent.
 *
 * Its API (JSON; `Authorization: Bearer <token>`):
 * - `GET /account` → `{name, balance: {amount, currency}}`
 * - `GET /numbers` → `{numbers: [{id, phone, country, region, monthly}]}`
 * - `GET /available?country&region&area_code&contains&limit` → `{offers: [{phone, country, region, monthly}]}`
 * - `POST /numbers {phone}` → 201 the held number
 * - `POST /numbers/<id>/route {voice_url}` → 200
 * - `DELETE /numbers/<id>` → 204
 * - `POST /calls {first, second, caller_id, reference}` → `{call_id}`
 * Errors: `{error: "<the carrier's words>"}`.
 */

export interface StandInNumber {
  id: string;
  phone: string;
  country: string;
  region: string;
  monthly: { amount: number; currency: string } | null;
  /** Where its calls go, once routed. */
  voiceUrl?: string;
}

export interface StandInAccount {
  name: string;
  balance: number;
  numbers: StandInNumber[];
  revoked?: boolean;
}

export interface StandInRequest {
  method: string;
  path: string;
  auth: string;
  body: unknown;
}

export interface StandInCarrier {
  url: string;
  accounts: Map<string, StandInAccount>;
  forSale: StandInNumber[];
  requests: StandInRequest[];
  /** Answers every request with this status from now on (null: normally). */
  failWith: number | null;
  /** Routing answers 500 while set. */
  routingDown: boolean;
  /** Requests get no answer until the switch is off. */
  hang: boolean;
  close(): Promise<void>;
}

export async function startStandInCarrier(): Promise<StandInCarrier> {
  const hung: Array<() => void> = [];
  const state: Omit<StandInCarrier, 'url' | 'close'> = {
    accounts: new Map(),
    forSale: [],
    requests: [],
    failWith: null,
    routingDown: false,
    hang: false,
  };
  let seq = 100;
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const auth = String(req.headers.authorization ?? '');
      state.requests.push({ method: req.method ?? '', path: url.pathname, auth, body });
      const send = (status: number, answer?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(answer === undefined ? '' : JSON.stringify(answer));
      };
      if (state.hang) return void hung.push(() => send(500, { error: 'hung up' }));
      if (state.failWith) return send(state.failWith, { error: 'Internal carrier error' });
      const account = state.accounts.get(auth.replace(/^Bearer /, ''));
      if (!account || account.revoked) return send(401, { error: 'Authentication failed: invalid token' });
      answer(state, account, req.method ?? '', url, body, send, () => String(++seq));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const carrier = state as StandInCarrier;
  carrier.url = `http://127.0.0.1:${port}/`;
  carrier.close = async () => {
    for (const h of hung.splice(0)) h();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return carrier;
}

function answer(
  state: Omit<StandInCarrier, 'url' | 'close'>,
  account: StandInAccount,
  method: string,
  url: URL,
  body: unknown,
  send: (status: number, answer?: unknown) => void,
  nextId: () => string,
): void {
  const b = (body ?? {}) as Record<string, string>;
  const path = url.pathname;
  const own = /^\/numbers\/([^/]+)(\/route)?$/.exec(path);
  if (method === 'GET' && path === '/account')
    return send(200, { name: account.name, balance: { amount: account.balance, currency: 'USD' } });
  if (method === 'GET' && path === '/numbers') return send(200, { numbers: account.numbers.map(({ voiceUrl: _, ...n }) => n) });
  if (method === 'GET' && path === '/available') {
    const q = url.searchParams;
    const offers = state.forSale.filter(
      (n) =>
        n.country === q.get('country') &&
        (!q.get('region') || n.region === q.get('region')) &&
        (!q.get('area_code') || n.phone.slice(1).startsWith(q.get('area_code')!)) &&
        (!q.get('contains') || n.phone.includes(q.get('contains')!)),
    );
    return send(200, { offers: offers.slice(0, Number(q.get('limit') ?? 20)).map(({ id: _, ...o }) => o) });
  }
  if (method === 'POST' && path === '/numbers') {
    const i = state.forSale.findIndex((n) => n.phone === b.phone);
    if (i < 0) return send(409, { error: `Number +${b.phone} is no longer available` });
    const n = state.forSale[i]!;
    if (account.balance < (n.monthly?.amount ?? 0)) return send(402, { error: 'Insufficient balance: add funds to buy numbers' });
    state.forSale.splice(i, 1);
    const held = { ...n, id: `PN${nextId()}` };
    account.numbers.push(held);
    account.balance -= n.monthly?.amount ?? 0;
    return send(201, held);
  }
  const n = own ? account.numbers.find((x) => x.id === own[1]) : undefined;
  if (own && !n) return send(404, { error: `No number ${own[1]} on this account` });
  if (method === 'POST' && own?.[2]) {
    if (state.routingDown) return send(500, { error: 'Routing service unavailable' });
    n!.voiceUrl = b.voice_url;
    return send(200, { ok: true });
  }
  if (method === 'DELETE' && own && !own[2]) {
    account.numbers.splice(account.numbers.indexOf(n!), 1);
    return send(204);
  }
  if (method === 'POST' && path === '/calls') {
    if (account.balance <= 0) return send(402, { error: 'Insufficient balance to place calls' });
    return send(200, { call_id: `CA${nextId()}` });
  }
  send(404, { error: `No such resource ${path}` });
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

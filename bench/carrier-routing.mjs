// Carrier routing: how fast the server tells Twilio where to connect a call. Twilio's voice webhook
// (a signed, form-encoded `POST /carriers/twilio/<connection>/voice`, each a new call) is answered
// with TwiML while page views load the server, against `/health` in the same run. Twilio waits 15 s
// for the answer before it gives the caller an error; the goal is a p99 well below 1 s.
//
// The built server runs as a process with the demo's configuration and a Twilio connection made
// through the REST API, its API at a minimal stand-in here (SVC_CARRIER_API_BASES), its public URL
// on this machine (SVC_CARRIER_ALLOW_PRIVATE_URL): the settings for tests and benches.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, MANY, pageViews, start, visitorOf } from './server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const name = 'carrier-routing';
export const title = "Carrier routing (p99 of Twilio's signed voice webhook under page-view load, against /health)";

const NUMBER = '+74957770099';
const ACCOUNT = 'AC' + randomBytes(16).toString('hex');
const TOKEN = randomBytes(16).toString('hex');

/** A port free now: the public URL names it before the server listens. */
async function freePort() {
  const probe = createNetServer();
  await new Promise((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address();
  await new Promise((ok) => probe.close(ok));
  return port;
}

/** Twilio's webhook signature: base64 HMAC-SHA1 of the URL and the parameters sorted by name. */
function signature(url, params) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => acc + k + params[k], url);
  return createHmac('sha1', TOKEN).update(Buffer.from(data, 'utf-8')).digest('base64');
}

/**
 * The part of Twilio's REST API that connecting an account and importing one number use (the
 * Account and Balance resources, IncomingPhoneNumbers list and update), in Twilio's shapes; the
 * number's VoiceUrl is kept. test/support/twilio-standin.ts is the full stand-in the tests use.
 */
async function twilioStandin() {
  const number = { sid: 'PN' + randomBytes(16).toString('hex'), phone_number: NUMBER, friendly_name: NUMBER, voice_url: null };
  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const numberJson = () => ({ ...number, account_sid: ACCOUNT, capabilities: { voice: true }, status: 'in-use' });
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    const path = new URL(req.url, 'http://x').pathname;
    const base = `/2010-04-01/Accounts/${ACCOUNT}`;
    if (req.headers.authorization !== 'Basic ' + Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64'))
      return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    if (path === base + '.json') return json(res, 200, { sid: ACCOUNT, friendly_name: 'Bench', status: 'active', type: 'Full' });
    if (path === base + '/Balance.json') return json(res, 200, { account_sid: ACCOUNT, balance: '20.50', currency: 'USD' });
    if (path === base + '/IncomingPhoneNumbers.json')
      return json(res, 200, { incoming_phone_numbers: [numberJson()], page: 0, page_size: 50, uri: path, next_page_uri: null });
    if (path === `${base}/IncomingPhoneNumbers/${number.sid}.json` && req.method === 'POST') {
      number.voice_url = new URLSearchParams(body).get('VoiceUrl') ?? number.voice_url;
      return json(res, 200, numberJson());
    }
    json(res, 404, { code: 20404, message: `The requested resource ${path} was not found`, status: 404 });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, number, close: () => new Promise((ok) => server.close(ok)) };
}

/** A REST session of `login` on `url`: POSTs a function with its args, answers its data. */
async function api(url, login, password) {
  const res = await fetch(url + 'api/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const key = (await res.json()).data.session_key;
  return async (fn, args) => {
    const r = await fetch(url + `api/v1/${fn}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ args }),
    });
    if (!r.ok) throw new Error(`${fn}: ${r.status} ${await r.text()}`);
    return (await r.json()).data;
  };
}

/** autocannon options: each request a new call's voice webhook, signed as Twilio signs it. */
function voiceCalls(voiceUrl, connections, duration) {
  let n = 0;
  return {
    url: voiceUrl,
    connections,
    duration,
    method: 'POST',
    requests: [
      {
        setupRequest: (r) => {
          const params = {
            AccountSid: ACCOUNT,
            ApiVersion: '2010-04-01',
            CallSid: 'CA' + randomBytes(16).toString('hex'),
            CallStatus: 'ringing',
            Direction: 'inbound',
            From: '+7916' + String(1_000_000 + (n++ % 8_999_999)),
            To: NUMBER,
          };
          params.Caller = params.From;
          params.Called = params.To;
          return {
            ...r,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature(voiceUrl, params) },
            body: new URLSearchParams(params).toString(),
          };
        },
      },
    ],
  };
}

export async function run({ duration = 5, connections = 10 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const twilio = await twilioStandin();
  const port = await freePort();
  const svc = await start(['dist/node/server/main.js'], {
    SVC_PORT: String(port),
    SVC_DB: join(dir, 'bench.db'),
    SVC_SITE_CONFIG: join(root, 'demo-site/site-config.json'),
    SVC_API_SEED: join(root, 'demo-site/api-seed.json'),
    SVC_PUBLIC_URL: `http://127.0.0.1:${port}/`,
    SVC_SECRET_KEY: randomBytes(32).toString('base64'),
    SVC_CARRIER_API_BASES: `twilio=${twilio.url}`,
    SVC_CARRIER_ALLOW_PRIVATE_URL: 'on',
    SVC_LOG_LEVEL: 'error',
    SVC_RATE_IP: '0',
    SVC_RATE_VISITOR: '0',
    SVC_RATE_FIRST_VISITS: '0',
  });
  try {
    // The operator (the demo's agent) connects the account; its customer imports the number.
    const agent = await api(svc.url, 'agent', 'agent-password');
    const connection = await agent('connect_carrier', {
      kind: 'twilio',
      label: 'Bench',
      credentials: { account_sid: ACCOUNT, auth_token: TOKEN },
    });
    const demo = await api(svc.url, 'demo', 'demo-password');
    await demo('import_carrier_number', { connection_id: connection.id, phone_number: NUMBER.slice(1) });
    const voiceUrl = twilio.number.voice_url;
    if (!voiceUrl) throw new Error('the imported number was not routed to the server');
    const sample = voiceCalls(voiceUrl, 1, 1).requests[0].setupRequest({});
    const answer = await fetch(voiceUrl, { method: 'POST', headers: sample.headers, body: sample.body });
    const twiml = await answer.text();
    if (answer.status !== 200 || !twiml.includes('<Dial')) throw new Error(`the voice webhook answered ${answer.status}: ${twiml}`);

    const many = [];
    for (let i = 0; i < MANY; i++) many.push(await visitorOf(svc.url));
    const measure = (d) =>
      Promise.all([
        load(pageViews(svc.url, many, connections, d)),
        load(voiceCalls(voiceUrl, 2, d)),
        load({ url: svc.url + 'health', connections: 1, duration: d }),
      ]);
    await measure(1);
    const [views, routing, health] = await measure(duration);
    const errors = [views, routing, health].reduce((n, r) => n + r.errors + r.non2xx, 0);
    const ratio = routing.latency.p99 / Math.max(health.latency.p99, 1);
    const figures = {
      duration,
      pageViews: { connections, rps: views.requests.average, p99_ms: views.latency.p99 },
      routing: { connections: 2, rps: routing.requests.average, p50_ms: routing.latency.p50, p99_ms: routing.latency.p99 },
      health: { connections: 1, p99_ms: health.latency.p99 },
      ratio,
      errors,
    };
    return {
      figures,
      rows: [
        [`page views under way, ${connections} connections`, `${views.requests.average}/s, p99 ${views.latency.p99} ms`, 'load'],
        ['voice webhooks answered (2 connections)', `${routing.requests.average}/s, p50 ${routing.latency.p50} ms`, 'reported'],
        ['voice webhook p99', `${routing.latency.p99} ms`, '≪ 1000 ms (Twilio waits 15 s)'],
        ['/health p99, same run', `${health.latency.p99} ms`, 'reported'],
        ['voice webhook p99 / /health p99', `${ratio.toFixed(1)}×`, 'reported'],
        ['errors and non-2xx answers', errors, '0'],
      ],
    };
  } finally {
    svc.stop();
    await twilio.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

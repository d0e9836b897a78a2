// The demo customer's web site: static pages on their own origin that embed svc.js through the
// documented loader. `{{SVC_URL}}` in a page is replaced by the consultant server's base URL.
// Used by `npm start` and by the e2e tests (which also serve their fixture pages with it).
// POST /contact is the shop's own back end for the plain request form of contact.html.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_SECRET, simulateCall } from '../scripts/call-simulator.mjs';

const DEMO_ROOT = fileURLToPath(new URL('./public', import.meta.url));

/**
 * The strict policy of the demo's csp.html: nothing inline, no eval, Trusted Types required and no
 * policy allowed at all (svc.js loads its widget bundle with `import()`, which needs none).
 */
export function strictCsp(svcUrl) {
  const svc = new URL(svcUrl).origin;
  return [
    "default-src 'none'",
    `script-src 'self' ${svc}`,
    "style-src 'self'",
    `connect-src 'self' ${svc}`,
    `img-src 'self' ${svc}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ');
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * Starts the site. Options: `root` (folder of pages; default demo-site/public), `svcUrl` (the
 * consultant server base URL), `port` (0 picks a free one), `host` (default localhost),
 * `headers` (extra response headers for HTML pages, e.g. a Content-Security-Policy),
 * `telephonySecret` (what `POST /simulate-call` signs its events with; default the demo's),
 * `simulatedCall` (the simulated call's ring and talk seconds; default 6 and 5).
 * Resolves with `{ url, close() }`.
 */
export async function startSite({
  root = DEMO_ROOT,
  svcUrl,
  port = 4100,
  host = 'localhost',
  headers = {},
  telephonySecret = DEMO_SECRET,
  simulatedCall = { ring: 6, talk: 5 },
} = {}) {
  const calls = { running: 0 };
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (req.method === 'POST' && path === '/contact') return await contact(req, res, svcUrl);
      if (req.method === 'POST' && path === '/simulate-call')
        return await simulate(req, res, svcUrl, telephonySecret, simulatedCall, calls);
      if (path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
      let file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
      if (file !== root && !file.startsWith(root + sep)) return send(res, 403, 'text/plain', 'forbidden');
      let body;
      try {
        body = await readFile(file);
      } catch {
        // Client-side routes of the SPA demo fall back to its page.
        if (path.startsWith('/spa/')) body = await readFile((file = join(root, 'spa.html')));
        else return send(res, 404, 'text/plain', 'not found');
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (type.startsWith('text/html')) {
        body = body.toString('utf8').replaceAll('{{SVC_URL}}', svcUrl);
        const csp = file === join(DEMO_ROOT, 'csp.html') ? { 'Content-Security-Policy': strictCsp(svcUrl) } : {};
        return send(res, 200, type, req.method === 'HEAD' ? '' : body, { ...headers, ...csp });
      }
      send(res, 200, type, body);
    } catch {
      send(res, 500, 'text/plain', 'error');
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, host, ok));
  return {
    url: `http://${host}:${server.address().port}/`,
    close: closer(server),
  };
}

/**
 * A close() that does not wait on the browser. server.close() waits for every open connection but
 * ends at once only those that have carried a request: a connection the browser opened ahead of
 * need and never used (Chromium preconnects) would hold the close for as long as the browser keeps
 * it. Those end at once; a request in progress gets its answer, then its connection ends.
 */
function closer(server) {
  const idle = new Set();
  let closing = false;
  server.on('connection', (socket) => {
    idle.add(socket);
    socket.on('close', () => idle.delete(socket));
  });
  server.on('request', (req, res) => {
    idle.delete(req.socket);
    res.on('close', () => {
      if (closing) req.socket.end();
      else if (!req.socket.destroyed) idle.add(req.socket);
    });
  });
  return () => {
    closing = true;
    const closed = new Promise((ok) => server.close(() => ok()));
    for (const socket of idle) socket.destroy();
    return closed;
  };
}

/** Fields the plain form's hidden inputs carry, unchanged from `Svc.getCredentials()`. */
const CREDENTIALS = ['key', 'uri', 'visitor_id', 'hit_id', 'session_id'];
const FORM = ['name', 'email', 'phone', 'text', 'is_sale', 'sale_cost'];

/**
 * The shop's own back end for the plain HTML form (page-api §4, "add custom request from the
 * server"): it forwards the visitor's request with the credentials from the hidden fields to
 * `{consultant_server_url}api/add_offline_message/`, server to server, then sends the visitor back
 * to the page with the outcome. The address comes from the form, as the spec asks (it may change),
 * but only when it is the consultant server this shop uses: a back end that posts wherever a form
 * says is an open proxy.
 */
async function contact(req, res, svcUrl) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 64 * 1024) return send(res, 413, 'text/plain', 'too large');
  }
  const form = new URLSearchParams(body);
  const base = form.get('consultant_server_url') || svcUrl;
  let outcome;
  if (!svcUrl || new URL(base).origin !== new URL(svcUrl).origin) {
    outcome = 'error=' + encodeURIComponent('unexpected consultant server');
  } else {
    const out = new URLSearchParams();
    for (const k of [...CREDENTIALS, ...FORM]) if (form.has(k)) out.set(k, form.get(k));
    try {
      const r = await fetch(new URL('api/add_offline_message/', base), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: out.toString(),
      });
      const answer = await r.json();
      outcome = answer.success ? 'sent=1' : 'error=' + encodeURIComponent(answer.message || 'refused');
    } catch (e) {
      outcome = 'error=' + encodeURIComponent('consultant server unreachable');
    }
  }
  res.writeHead(303, { Location: '/contact.html?' + outcome, 'Cache-Control': 'no-store' });
  res.end();
}

/**
 * The demo's "simulate a call" button: the shop's server plays the telephony platform and calls
 * the number the page shows, from a random mobile number, through the consultant server's
 * telephony boundary (scripts/call-simulator.mjs), as the call happens, so the console sees it ring.
 * Answers at once with the caller number; a few calls at a time at most.
 */
async function simulate(req, res, svcUrl, secret, timing, calls) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 1024) return send(res, 413, 'application/json', '{"success":false,"message":"too large"}');
  }
  let to;
  try {
    to = String(JSON.parse(body).to ?? '').replace(/\D/g, '');
  } catch {
    to = '';
  }
  if (to.length < 10 || to.length > 15) return send(res, 400, 'application/json', '{"success":false,"message":"no number to call"}');
  if (calls.running >= 5) return send(res, 429, 'application/json', '{"success":false,"message":"too many calls at once"}');
  const from = '7916' + String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  calls.running++;
  // The page shows what the consultant server answered the call's first event: the record and
  // whose it is, or the refusal. The rest of the call goes on after this answer.
  const first = new Promise((resolve) => {
    simulateCall({
      server: svcUrl,
      secret,
      to,
      from,
      ring: timing.ring,
      talk: timing.talk,
      onFirstAnswer: (status, a) => resolve({ status, a }),
    })
      .catch((e) => {
        console.error(`simulated call to ${to}: ${e.message}`);
        resolve({ status: 502, a: { success: false, message: `the consultant server did not answer (${e.message})` } });
      })
      .finally(() => calls.running--);
  });
  const { status, a } = await first;
  if (!a.success) return send(res, status >= 400 && status < 600 ? status : 502, 'application/json', JSON.stringify({ ...a, from, to }));
  send(res, 202, 'application/json', JSON.stringify({ success: true, from, to, call: a.data }));
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

// The attacks of the `abuse` bench section (bench/abuse.mjs), each run in a worker thread of its
// own so that its loops do not delay the main thread's latency probe. Every attack comes from one
// address (X-Forwarded-For; the server trusts its proxy here) and sends as fast as its
// connections allow, which is more than any limit lets through: the server's refusals are part of
// what is measured. The worker runs until told to stop, then posts what it saw.
import { parentPort, workerData } from 'node:worker_threads';

const { attack, url, ip, state } = workerData;
const SITE = 'demo-site';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CONCURRENCY = 16;

let seq = 0;
const wid = () => `a${attack.length.toString(36)}${Date.now().toString(36)}${(seq++).toString(36).padStart(7, '0')}`;
const hit = (pageUrl = 'http://localhost/page') => {
  const id = wid();
  return { id, type: 'hit', hit: id, at: Date.now(), data: { url: pageUrl, title: 'Attack', referrer: '' } };
};
const headers = (extra = {}) => ({ 'x-forwarded-for': ip, 'user-agent': BROWSER, ...extra });
const statuses = {};
const count = (s) => (statuses[s] = (statuses[s] ?? 0) + 1);

async function send(path, init = {}) {
  const res = await fetch(url + path, { ...init, headers: headers(init.headers) });
  await res.arrayBuffer();
  count(res.status);
  return res;
}
const write = (body, extra) =>
  send('w/' + SITE, { method: 'POST', headers: { 'content-type': 'text/plain', ...extra }, body: JSON.stringify(body) });

/** Event streams held open, aborted at the end; the answer is kept: fetch closes a collected one's stream. */
const held = [];
async function openStream(path, extra = {}) {
  const ctl = new AbortController();
  const res = await fetch(url + path, { signal: ctl.signal, headers: headers(extra) });
  count(res.status);
  if (res.status === 200) held.push({ ctl, res });
  else await res.arrayBuffer();
  return res.status;
}

/** One request of each attack; `setup` runs once before the loops. */
const ATTACKS = {
  // Finding 2: streams until refused, then a new stream asked for again and again.
  'event-stream flood': {
    async setup() {
      for (let i = 0; i < 40; i++) await openStream('os/' + SITE);
    },
    once: () => openStream('os/' + SITE),
  },
  // Finding 5: wrong passwords for the operator and for e-mails of nobody, concurrently.
  'login flood': {
    once: () =>
      send('op/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: seq % 2 ? 'operator@demo.test' : `nobody${seq++}@demo.test`, password: 'wrong-' + seq++ }),
      }),
  },
  // Finding 4: guessed visitor and page-view ids on the visitor-data endpoint.
  'credential probing': {
    once: () =>
      send(
        `vc/s/?sk=${SITE}&ur=${encodeURIComponent('http://localhost/')}&ci=${Math.floor(Math.random() * 2 ** 40)}&hi=${Math.floor(Math.random() * 2 ** 40)}&vn=Eve`,
      ),
  },
  // Finding 6: call-back requests without the captcha the demo site asks for.
  'call-back flood without captcha': {
    once: () =>
      write({
        visitor: state.visitor,
        writes: [{ id: wid(), type: 'sitephone', hit: state.hitId, at: Date.now(), data: { phone: '+7 999 123-45-67' } }],
      }),
  },
  // Finding 8: a fresh visitor per request, its page view and 49 properties of 1,000 characters.
  'property batches': {
    once: () =>
      write({
        visitor: null,
        writes: [
          hit(),
          ...Array.from({ length: 49 }, (_, i) => ({
            id: wid(),
            type: 'property_set',
            hit: wid(),
            at: Date.now(),
            data: { name: 'p' + i, value: 'x'.repeat(1000) },
          })),
        ],
      }),
  },
  // Finding 9: first visits with a 15 KB User-Agent.
  'long User-Agent': {
    once: () => write({ visitor: null, writes: [hit()] }, { 'user-agent': BROWSER + ' ' + 'a'.repeat(15_000) }),
  },
  // Finding 1: 50 chat messages naming page views the server does not know.
  'unknown-hit chat writes': {
    once: () =>
      write({
        visitor: state.visitor,
        writes: Array.from({ length: 50 }, (_, i) => ({
          id: wid(),
          type: 'chat_message',
          hit: wid(),
          at: Date.now(),
          data: { text: 'spam ' + i },
        })),
      }),
  },
  // Finding 7: campaign landings from one address, a fresh visitor (no cookie) each, as a browser.
  'DT pool scripting': {
    once: () => write({ visitor: null, writes: [hit('http://localhost/?utm_source=yandex&yclid=1')] }),
  },
  // Finding 3: three open consoles, and POSTs to anywhere (404s, bad writes) as fast as they go.
  'console wake by POSTs': {
    async setup() {
      for (const cookie of state.consoleCookies) await openStream('op/api/stream', { cookie });
    },
    once: () =>
      seq++ % 2
        ? send('nowhere/' + seq, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
        : write({ visitor: state.visitor, writes: [{ id: wid(), type: 'nope', hit: wid(), at: Date.now(), data: {} }] }),
  },
};

const a = ATTACKS[attack];
let running = true;
parentPort.on('message', () => (running = false));
await a.setup?.();
parentPort.postMessage({ ready: true });
let sent = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (running) {
      try {
        await a.once();
      } catch {
        count('error');
      }
      sent++;
    }
  }),
);
for (const h of held.splice(0)) h.ctl.abort();
parentPort.postMessage({ done: true, sent, perSecond: Math.round((sent * 1000) / (Date.now() - started)), statuses });

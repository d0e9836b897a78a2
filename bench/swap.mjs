// Time to swap, in Chromium on the built dist/svc.js against the real server behind a delaying
// proxy (bench/proxy.mjs: node:http piping; page views answered 0, 150 or 600 ms late; svc.js
// itself not delayed; both in a process of their own, bench/stack-process.mjs). Measured per
// delay, median of repeated runs:
//  - from the script's start (its first statement reads document.currentScript, which an inline
//    script before the loader traps: parse and compile are before it, the start-up section has
//    them) to the moment the visitor's number is written in place of the site's (seen by a
//    wrapped Text.data setter, or by the page's own MutationObserver for any other write);
//  - a first visit (a fresh browser context: empty storage and HTTP cache) and a warm visit (the
//    next page load in that context: the numbers cached in localStorage by the first);
//  - requests to the consultant server (svc.js aside) before the swap, on the page's clock:
//    answered (resource timing) and sent (fetch, EventSource, sendBeacon and XHR wrapped by the
//    same inline script), page views among them. A warm visit must need none, a first visit one.
//    CORS preflights (OPTIONS) are counted by the proxy over the whole section: none, ever.
//  - a first visit's parts: start → page view sent (resource timing's start), its round trip
//    (to the answer's end), the answer's end → swap; and within them the snippet's own: start →
//    its fetch() call, and the answer read and parsed in the page → swap (the rest is the
//    browser's: handing the request to the network, delivering and parsing the answer).
// Baseline: the page's own round trip of the same delay, a bare fetch() from the same page to the
// same proxy and endpoint, with a page-view body of a new visitor (so the server does the same
// work), timed from the call to the parsed answer. A first visit cannot swap sooner than one such
// round trip after the script starts, so swap / round trip is the snippet's own cost on top of
// the physics (1.0x is perfect); swap − round trip is that cost in ms. A warm visit should not
// depend on the delay at all: its ratio to the round trip shrinks as the delay grows.
import { config, r2 } from './site.mjs';
import { median } from './stack.mjs';
import { startStackProcess } from './stack-process.mjs';

export const name = 'swap';
export const title = 'Time to swap (Chromium, dist/svc.js, real server behind a delaying proxy)';

const DELAYS = [0, 150, 600];

export const page = (svcUrl) => `<!doctype html><html><head><meta charset="utf-8"><title>Shop</title>
<script>
var SVC = ${JSON.stringify(svcUrl)};
window.swapAt = 0;
window.startAt = 0;
window.sent = [];
// The script's start: its first statement reads document.currentScript (to find its server).
var cs = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript');
Object.defineProperty(document, 'currentScript', { configurable: true, get: function () {
  var s = cs.get.call(this);
  if (!window.startAt && s && s.src === SVC + 'svc.js') window.startAt = performance.now();
  return s;
} });
// Every request the page starts to the consultant server, whatever the API (same clock as the swap).
var note = function (u) { u = String(u && u.url || u); if (u.indexOf(SVC) === 0) window.sent.push([u.slice(SVC.length), performance.now()]); };
var f = window.fetch; window.fetch = function (u) { note(u); return f.apply(this, arguments); };
// When the first page view's answer is in the page's hands, read and parsed: this handler is
// attached before the snippet's own, so it runs just before the snippet sees the answer.
window.parsedAt = 0;
var rj = Response.prototype.json; Response.prototype.json = function () {
  var p = rj.apply(this, arguments);
  if (this.url.indexOf(SVC + 'w/') === 0) p.then(function () { if (!window.parsedAt) window.parsedAt = performance.now(); }, function () {});
  return p;
};
var E = window.EventSource; window.EventSource = function (u, o) { note(u); return new E(u, o); }; window.EventSource.prototype = E.prototype;
var b = navigator.sendBeacon; navigator.sendBeacon = function (u) { note(u); return b.apply(navigator, arguments); };
var xo = XMLHttpRequest.prototype.open; XMLHttpRequest.prototype.open = function (m, u) { note(u); return xo.apply(this, arguments); };
// When the visitor's number replaces the site's, set up before the loader: at the write itself
// (the snippet sets Text.data), else when an observer sees it (any other way of writing it; an
// observer hears of a write only after the script's task, later than it happened).
// It tells the bench by a console line: waiting with an evaluation would run Playwright's injected
// script in the page, whose compile (several ms) then sits between the answer and the swap.
var swapped = function () { if (!window.swapAt) { window.swapAt = performance.now(); console.log('svc-bench: swapped'); } };
var dd = Object.getOwnPropertyDescriptor(CharacterData.prototype, 'data');
Object.defineProperty(CharacterData.prototype, 'data', { configurable: true, get: dd.get, set: function (v) {
  dd.set.call(this, v);
  if (this.parentNode && this.parentNode.id === 'probe' && /777/.test(v)) swapped();
} });
var seen = new MutationObserver(function () {
  var p = document.getElementById('probe');
  if (p && /777/.test(p.textContent)) { swapped(); seen.disconnect(); }
});
seen.observe(document, { subtree: true, childList: true, characterData: true });
(window.__cs = window.__cs || []).push(["setCsAccount", "bench-site"]);
</script>
<script async src="${svcUrl}svc.js"></script></head>
<body><h1>Shop</h1><p>Open 9 to 21. Call us: <span id="probe">8 495 123-45-67</span></p>
<p>Free call 8 (800) 555-35-35, price 1 990 rub.</p></body></html>`;

/**
 * One page load, once the swap happened and the page view was answered: the script's start and
 * the swap (ms on the page's clock), and the requests to the consultant server (svc.js aside)
 * sent before the swap and answered before it (resource timing: the same clock).
 */
export async function visit(pg, url) {
  const swapped = pg.waitForEvent('console', { predicate: (m) => m.text() === 'svc-bench: swapped', timeout: 15000 });
  await pg.goto(url);
  await swapped;
  await pg.waitForFunction(() => window.swapAt && window.Svc && window.Svc.getCredentials(), null, { timeout: 15000 });
  const r = await pg.evaluate(() => {
    const SVC = window.SVC;
    const mine = performance.getEntriesByType('resource').filter((e) => e.name.indexOf(SVC) === 0 && e.name !== SVC + 'svc.js');
    return {
      start: window.startAt,
      swapAt: window.swapAt,
      sent: window.sent.filter((x) => x[1] < window.swapAt).map((x) => x[0]),
      answered: mine.filter((e) => e.responseEnd > 0 && e.responseEnd < window.swapAt).length,
      hit: mine.filter((e) => e.name === SVC + 'w/bench-site').map((e) => [e.startTime, e.responseEnd])[0],
      // The page view handed to the browser: the snippet's call of fetch() (the wrapper above).
      hitCall: (window.sent.find((x) => x[0].indexOf('w/') === 0) || [])[1],
      parsedAt: window.parsedAt,
    };
  });
  if (!r.start) throw new Error('swap: the start of svc.js was not seen (it no longer reads document.currentScript?)');
  return r;
}

/** The page's own round trip to the delayed endpoint: a page view of a new visitor. */
const roundTrip = (pg, url) =>
  pg.evaluate(async (u) => {
    const id = 'rt' + Math.random().toString(36).slice(2, 12);
    const body = JSON.stringify({
      visitor: null,
      writes: [{ id, type: 'hit', hit: id, at: Date.now(), data: { url: location.href, title: 'RT', referrer: '' } }],
    });
    const t = performance.now();
    const a = await (await fetch(u, { method: 'POST', body, credentials: 'omit' })).json();
    const ms = performance.now() - t;
    if (!a.success) throw new Error('round trip refused: ' + JSON.stringify(a));
    return ms;
  }, url);

export async function run({ root, browser, reps = 9 }) {
  // The server and the proxy in a process of their own, not the one driving Chromium.
  const stack = await startStackProcess(root, { config, pages: { 'shop.html': page('{{PROXY_URL}}') } });
  const rows = [];
  const figures = { reps, baseline: 'bare fetch of a page view from the same page through the same delaying proxy', delays: {} };
  try {
    const runs = Object.fromEntries(DELAYS.map((d) => [d, { cold: [], warm: [], rt: [], cold_req: [], warm_req: [], parts: [] }]));
    // Delays interleaved, so that drift of the busy machine falls on all alike; one warm-up first.
    for (let i = -1; i < reps; i++) {
      for (const delay of DELAYS) {
        await stack.setDelay(delay);
        const ctx = await browser.newContext();
        const pg = await ctx.newPage();
        const one = async (kind) => {
          const v = await visit(pg, stack.siteUrl + 'shop.html');
          if (kind === 'warm' && !(await pg.evaluate(() => !!JSON.parse(localStorage.getItem('_svc_bench-site') || '{}').p)))
            throw new Error('swap: no phone cache in localStorage for the warm visit');
          if (!(await pg.evaluate(() => !/123-45-67/.test(document.getElementById('probe').textContent))))
            throw new Error(`swap (${kind}, ${delay} ms): the number was not replaced`);
          // Where a first visit's time goes: start → page view sent, its round trip, answer → swap.
          // …and the snippet's own shares: start → its fetch() call, the parsed answer → swap.
          const parts = v.hit && [v.hit[0] - v.start, v.hit[1] - v.hit[0], v.swapAt - v.hit[1], v.hitCall - v.start, v.swapAt - v.parsedAt];
          return {
            ms: v.swapAt - v.start,
            parts,
            req: { answered: v.answered, sent: v.sent.length, hits: v.sent.filter((p) => p.startsWith('w/')).length },
          };
        };
        const cold = await one('cold');
        const rt = await roundTrip(pg, stack.proxyUrl + 'w/bench-site');
        const warm = await one('warm');
        await ctx.close();
        if (i < 0) continue;
        const r = runs[delay];
        r.cold.push(cold.ms);
        if (!cold.parts) throw new Error('swap: no page view in the first visit');
        r.parts.push(cold.parts);
        r.cold_req.push(cold.req);
        r.warm.push(warm.ms);
        r.warm_req.push(warm.req);
        r.rt.push(rt);
      }
    }
    const log = await stack.log();
    const preflights = log.filter((e) => e.method === 'OPTIONS').length;
    for (const delay of DELAYS) {
      const r = runs[delay];
      const rt = median(r.rt);
      const range = (list, k) => ({ min: Math.min(...list.map((x) => x[k])), max: Math.max(...list.map((x) => x[k])) });
      const requests = (list) => ({ answered: range(list, 'answered'), sent: range(list, 'sent'), pageViewsSent: range(list, 'hits') });
      const c = median(r.cold);
      const w = median(r.warm);
      const f = (figures.delays[delay] = {
        roundTripMs: r2(rt),
        cold: {
          swapMs: r2(c),
          minusDelayMs: r2(c - delay),
          overRoundTripMs: r2(c - rt),
          ratio: r2(c / rt),
          beforeSwap: requests(r.cold_req),
          startToSentMs: r2(median(r.parts.map((x) => x[0]))),
          startToFetchCallMs: r2(median(r.parts.map((x) => x[3]))),
          parsedToSwapMs: r2(median(r.parts.map((x) => x[4]))),
          pageViewRoundTripMs: r2(median(r.parts.map((x) => x[1]))),
          answerToSwapMs: r2(median(r.parts.map((x) => x[2]))),
        },
        warm: { swapMs: r2(w), minusDelayMs: r2(w - delay), ratio: r2(w / rt), beforeSwap: requests(r.warm_req) },
      });
      const sign = (x) => (x >= 0 ? '+ ' + x : '− ' + -x);
      const n = (x) => (x.min === x.max ? String(x.min) : `${x.min}–${x.max}`);
      const req = (b) => `${n(b.answered)} / ${n(b.sent)} (page views sent ${n(b.pageViewsSent)})`;
      rows.push([`server +${delay} ms: the page's own round trip (baseline)`, `${f.roundTripMs} ms`, '']);
      rows.push([
        `  first visit: script start → swap / round trip`,
        `${f.cold.ratio}x (${f.cold.swapMs} ms = delay + ${f.cold.minusDelayMs}; round trip ${sign(f.cold.overRoundTripMs)} ms)`,
        '≈ 1x',
      ]);
      rows.push([
        `    start → page view sent, its round trip, answer → swap`,
        `${f.cold.startToSentMs} + ${f.cold.pageViewRoundTripMs} + ${f.cold.answerToSwapMs} ms`,
        '≤ 3 / – / ≤ 3 ms',
      ]);
      rows.push([
        `    the snippet's own: start → its fetch() call, the answer parsed in the page → swap`,
        `${f.cold.startToFetchCallMs} ms, ${f.cold.parsedToSwapMs} ms`,
        '',
      ]);
      rows.push([`  first visit: requests answered / sent before the swap`, req(f.cold.beforeSwap), '1 answered']);
      rows.push([`  warm visit: script start → swap / round trip`, `${f.warm.ratio}x (${f.warm.swapMs} ms)`, 'not the delay']);
      rows.push([`  warm visit: requests answered / sent before the swap`, req(f.warm.beforeSwap), '0']);
    }
    figures.preflights = preflights;
    figures.requestsThroughProxy = log.length;
    rows.push(['CORS preflights (OPTIONS) in the whole section', `${preflights} of ${log.length} requests`, '0']);
  } finally {
    await stack.close();
  }
  return { rows, figures };
}

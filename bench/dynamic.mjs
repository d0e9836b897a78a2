// Dynamic content, in Chromium on the built dist/svc.js against the real server: a page whose
// numbers the snippet has replaced gets 1,000 table rows holding 100 numbers (the mixed formats
// of the replacement section, 1 in 10 split by <b>) inserted with `setDynamicalReplacement` on,
// as a ratio to the same insertion on the same page with it off.
//  - Time: from the insertion's start until all 100 numbers are replaced. After the insertion the
//    page waits for the microtasks queued so far (the observer's callback is one of them), then
//    checks; if numbers are left it checks again once per task (MessageChannel, no clamping)
//    until all are replaced. The OFF baseline does the same insertion, wait and one check. A run
//    where the numbers are not all replaced (or, off, where any is) fails the section.
//  - Observer callbacks per insertion batch: an init script wraps MutationObserver before the
//    snippet loads and counts the invocations of observers the snippet made (svc.js on the stack
//    when constructed), from the insertion until two frames after the numbers were replaced.
//    Three shapes: one insertion of 1,000 rows; 10 appends of 100 rows in one task (one batch to
//    an observer); 10 appends of 100 rows in 10 tasks (10 batches; the browser may lay out and
//    paint between those tasks, on and off alike, so that shape's ratio is diluted toward 1x and
//    its callbacks' own time, printed beside it, says more).
//  - No full rescan: the time the snippet's callback takes for 100 rows inserted into a page of
//    100k text nodes, as a ratio to the same insertion into the small page.
import { FORMATS, ORIGINAL_RE, REPLACED_RE, config, r2 } from './site.mjs';
import { median, startStack } from './stack.mjs';

export const name = 'dynamic';
export const title = 'Dynamic content (Chromium, dist/svc.js, setDynamicalReplacement on vs off)';

const ROWS = 1000;
const NUMBERS = 100;

/** Row i of the inserted table: every 10th holds a number, 1 in 10 of those split by <b>. */
function rows() {
  const out = [];
  for (let i = 0, k = 0; i < ROWS; i++) {
    let t = 'In stock';
    if (i % (ROWS / NUMBERS) === 0) {
      t = k % 10 === 0 ? 'Sales +7 (495) <b>123-45-67</b>' : 'Call ' + FORMATS[k % FORMATS.length];
      k++;
    }
    out.push(`<tr><td>Item ${i}</td><td>${t}</td><td>1 990 rub, 12.05.2025</td></tr>`);
  }
  return out;
}

const INIT = `window.mo = { made: 0, calls: 0, ms: 0 };
(function () {
  var MO = window.MutationObserver;
  function Counted(cb) {
    if (!/svc\\.js/.test(new Error().stack || '')) return new MO(cb);
    window.mo.made++;
    return new MO(function (r, o) {
      var t = performance.now();
      window.mo.calls++;
      try { return cb.call(this, r, o); } finally { window.mo.ms += performance.now() - t; }
    });
  }
  Counted.prototype = MO.prototype;
  window.MutationObserver = Counted;
})();`;

const page = (dyn) => `<!doctype html><html><head><meta charset="utf-8"><title>bench</title>
<script>(window.__cs = window.__cs || []).push(["setCsAccount", "bench-site"]${dyn ? ', ["setDynamicalReplacement", true]' : ''});</script>
<script async src="{{SVC_URL}}svc.js"></script></head>
<body><p id="probe">8 495 123-45-67</p><table><tbody id="rows"></tbody></table><div id="big"></div>
<script>
var ROWS = ${JSON.stringify(rows())};
var CHUNKS = [];
for (var i = 0; i < 10; i++) CHUNKS.push(ROWS.slice(i * 100, i * 100 + 100).join(''));
var ALL = ROWS.join('');
var task = function () { return new Promise(function (r) { var c = new MessageChannel(); c.port1.onmessage = r; c.port2.postMessage(0); }); };
var frames = function (n) { return new Promise(function (r) { (function f() { n-- ? requestAnimationFrame(f) : r(); })(); }); };
var count = function (re) { return (document.getElementById('rows').textContent.match(re) || []).length; };
/** One timed insertion; shape: 'one', 'tenSync' or 'tenTasks'; on: the snippet watches. */
window.measure = async function (shape, on) {
  var tb = document.getElementById('rows');
  tb.textContent = '';
  await frames(2);
  var c0 = window.mo.calls, m0 = window.mo.ms, n = 0;
  var t0 = performance.now();
  if (shape === 'one') tb.insertAdjacentHTML('beforeend', ALL);
  else for (var i = 0; i < 10; i++) {
    if (shape === 'tenTasks' && i) await task();
    tb.insertAdjacentHTML('beforeend', CHUNKS[i]);
  }
  await null;
  while ((n = count(${REPLACED_RE})) < ${NUMBERS} && on && performance.now() - t0 < 5000) await task();
  var ms = performance.now() - t0;
  await frames(2);
  return { ms: ms, replaced: n, left: count(${ORIGINAL_RE}), calls: window.mo.calls - c0, callbackMs: window.mo.ms - m0 };
};
/** 100 rows (10 numbers) into the page; the time the snippet's callbacks took. */
window.small = async function () {
  var tb = document.getElementById('rows');
  tb.textContent = '';
  await frames(2);
  var m0 = window.mo.ms;
  tb.insertAdjacentHTML('beforeend', CHUNKS[0]);
  await frames(2);
  return { callbackMs: window.mo.ms - m0, replaced: count(${REPLACED_RE}) };
};
window.bigPage = function (n) {
  var h = [];
  for (var i = 0; i < n; i++) h.push((i % 10 ? '' : '<p>') + '<span>' + (i % 10 === 3 ? 'Price 1 990 rub' : 'Lorem ipsum dolor sit amet') + '</span>' + (i % 10 === 9 ? '</p>' : ''));
  document.getElementById('big').innerHTML = h.join('');
};
</script></body></html>`;

const SHAPES = [
  ['one', 'one insertion of 1,000 rows', 1],
  ['tenSync', '10 appends of 100 rows in one task', 1],
  ['tenTasks', '10 appends of 100 rows in 10 tasks', 10],
];

async function open(ctx, url) {
  const p = await ctx.newPage();
  await p.addInitScript(INIT);
  await p.goto(url);
  await p.waitForFunction(
    () => window.Svc && window.Svc.getPhones().length > 0 && /777/.test(document.getElementById('probe').textContent),
  );
  return p;
}

export async function run({ root, browser, reps = 15 }) {
  const stack = await startStack(root, { config, pages: { 'on.html': page(true), 'off.html': page(false) } });
  const rows = [];
  const figures = { rows: ROWS, numbers: NUMBERS, reps, shapes: {} };
  try {
    const ctx = await browser.newContext();
    const on = await open(ctx, stack.siteUrl + 'on.html');
    const off = await open(ctx, stack.siteUrl + 'off.html');
    if (!(await on.evaluate(() => window.mo.made)))
      throw new Error('dynamic: the snippet made no MutationObserver (is the counting wrapper stale?)');
    for (const [shape, label, batches] of SHAPES) {
      const t = { on: [], off: [], calls: [], callbackMs: [] };
      // One unmeasured warm-up each, then alternate so that drift falls on both alike.
      for (let i = -1; i < reps; i++) {
        for (const which of i % 2 ? ['on', 'off'] : ['off', 'on']) {
          const p = which === 'on' ? on : off;
          await p.bringToFront();
          const r = await p.evaluate(([s, o]) => window.measure(s, o), [shape, which === 'on']);
          if (which === 'on' && (r.replaced !== NUMBERS || r.left))
            throw new Error(
              `dynamic ${shape}: ${r.replaced} of ${NUMBERS} numbers replaced, ${r.left} originals left (dynamic replacement on)`,
            );
          if (which === 'off' && (r.replaced || r.calls))
            throw new Error(`dynamic ${shape}: with dynamic replacement off ${r.replaced} numbers were replaced by ${r.calls} callbacks`);
          if (i < 0) continue;
          t[which].push(r.ms);
          if (which === 'on') {
            t.calls.push(r.calls);
            t.callbackMs.push(r.callbackMs);
          }
        }
      }
      const mOn = median(t.on);
      const mOff = median(t.off);
      const perBatch = t.calls.map((c) => c / batches);
      const f = (figures.shapes[shape] = {
        batches,
        onMs: r2(mOn),
        offMs: r2(mOff),
        ratio: r2(mOn / mOff),
        callbackMs: r2(median(t.callbackMs)),
        callbacksPerInsertion: { median: median(t.calls), max: Math.max(...t.calls), min: Math.min(...t.calls) },
        callbacksPerBatch: { median: r2(median(perBatch)), max: r2(Math.max(...perBatch)) },
        allReplaced: true,
      });
      rows.push([
        `${label}: on / off, until 100 numbers replaced`,
        `${f.ratio}x (${f.onMs} / ${f.offMs} ms; callbacks ${f.callbackMs} ms)`,
        'reported',
      ]);
      rows.push([
        `  observer callbacks per batch (${batches} batch${batches > 1 ? 'es' : ''})`,
        `median ${f.callbacksPerBatch.median}, max ${f.callbacksPerBatch.max}`,
        '≤ 2',
      ]);
    }

    // No full rescan: the same 100 rows into the small page and into a page of 100k text nodes.
    await on.bringToFront();
    const smallMs = [];
    const bigMs = [];
    for (const [list, size] of [
      [smallMs, 0],
      [bigMs, 100000],
    ]) {
      await on.evaluate((n) => window.bigPage(n), size);
      for (let i = -1; i < reps; i++) {
        const r = await on.evaluate(() => window.small());
        if (r.replaced !== 10)
          throw new Error(`dynamic: ${r.replaced} of 10 numbers replaced in 100 rows added to a page of ${size} extra text nodes`);
        if (i >= 0) list.push(r.callbackMs);
      }
    }
    await on.evaluate(() => window.bigPage(0));
    const s = median(smallMs);
    const b = median(bigMs);
    figures.noRescan = { smallPageMs: r2(s), page100kMs: r2(b), ratio: r2(b / Math.max(s, 0.01)) };
    rows.push([
      'callback for 100 rows added: 100k-node page / small page',
      `${figures.noRescan.ratio}x (${r2(b)} / ${r2(s)} ms)`,
      '≈ 1x (no full rescan)',
    ]);
    await ctx.close();
  } finally {
    await stack.close();
  }
  return { rows, figures };
}

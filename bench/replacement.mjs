// Phone replacement, measured in Chromium on the built dist/svc.js against the real server:
//  - a full replacement pass (Svc.reinitTrackView) over pages of about 1k, 10k and 100k text
//    nodes holding 1,000 numbers, as a ratio to a bare TreeWalker pass over the same page;
//  - long tasks while replacing on the 10k page;
//  - MutationObserver callbacks per insertion batch with setDynamicalReplacement, and the time
//    one callback takes for a small insertion into the 100k page (only added nodes are searched);
//  - requests to the consultant server answered (and sent) before the swap on a warm cache.
import { median, startStack } from './stack.mjs';

export const name = 'replacement';
export const title = 'Phone replacement (Chromium, dist/svc.js, real server)';

const config = {
  customers: [
    {
      id: 1,
      name: 'Bench',
      sites: [
        {
          id: 1,
          domain: 'localhost',
          site_key: 'bench-site',
          widget_key: 'wk-bench',
          blocks: [
            { id: 1, name: 'Main', selector: 'number=74951234567', numb: '74957770011' },
            { id: 2, name: 'Free', selector: 'number=88005553535', numb: '78001112233' },
            { id: 3, name: 'Header', selector: '#header-phone', numb: '74957770011' },
          ],
        },
      ],
    },
  ],
};

const head = (extra) => `<!doctype html><html><head><meta charset="utf-8"><title>bench</title>
<script>${extra}(window.__cs = window.__cs || []).push(["setCsAccount", "bench-site"]);</script>
<script async src="{{SVC_URL}}svc.js"></script></head>`;

/**
 * Builds `n` text nodes, `numbers` of them holding a phone number (1 in 10 of those split by <b>);
 * of the others 1 in 10 holds other digits (a price, a date), the rest words.
 */
const BUILD = `window.build = function (n, numbers) {
  var formats = ['+7 (495) 123-45-67', '8 495 123-45-67', '84951234567', '+7\\u00a0495\\u00a0123\\u00a045\\u00a067', '8 (800) 555-35-35', '8.495.123.45.67', '(495) 123-45-67'];
  var words = ['Lorem ipsum dolor sit amet', 'consectetur adipiscing elit', 'sed do eiusmod tempor', 'incididunt ut labore', 'et dolore magna aliqua', 'Ut enim ad minim veniam'];
  var step = Math.max(1, Math.floor(n / numbers)), k = 0, html = [];
  for (var i = 0; i < n; i++) {
    var t;
    if (i % step === 0 && k < numbers) {
      t = k % 10 === 0 ? 'Sales +7 (495) <b>123-45-67</b>' : 'Call ' + formats[k % formats.length];
      k++;
    } else t = i % 10 === 3 ? 'Price 1 990 rub, in stock 12.05.2025' : words[i % words.length];
    html.push((i % 10 === 0 ? '<p>' : '') + '<span>' + t + '</span>' + (i % 10 === 9 ? '</p>' : ''));
  }
  document.getElementById('root').innerHTML = html.join('');
};
window.walk = function () {
  var w = document.createTreeWalker(document.body, 4), n, len = 0;
  while ((n = w.nextNode())) len += n.data.length;
  return len;
};
window.replaced = function () {
  var s = document.getElementById('root').textContent;
  return (s.match(/777[-.\\s]00[-.\\s]11|7770011|111-22-33/g) || []).length;
};`;

const pages = {
  'bench.html': `${head('')}<body><h1 id="header-phone">+7 (495) 123-45-67</h1><p id="probe">8 495 123-45-67</p><div id="root"></div>
<script>${BUILD}
// When the visitor's number replaces the site's: the page's own observer notes the moment.
new MutationObserver(function () {
  if (!window.swapAt && /777/.test(document.getElementById('probe').textContent)) window.swapAt = performance.now();
}).observe(document.getElementById('probe'), { subtree: true, characterData: true, childList: true });
</script></body></html>`,
  'bench-dyn.html': `${head(`window.mo = { calls: 0, ms: [] };
var MO = window.MutationObserver;
window.MutationObserver = function (cb) {
  return new MO(function (r, o) { var t = performance.now(); window.mo.calls++; cb(r, o); window.mo.ms.push(performance.now() - t); });
};
(window.__cs = window.__cs || []).push(["setDynamicalReplacement", true]);`)}<body><div id="root"></div><div id="later"></div>
<script>${BUILD}
window.insert = function (lines) {
  var d = document.createElement('div');
  for (var i = 0; i < lines; i++) d.appendChild(document.createElement('p')).innerHTML = i % 5 ? 'Line ' + i : 'Call 8 (495) <b>123-45-67</b>';
  document.getElementById('later').appendChild(d);
};
</script></body></html>`,
};

const r2 = (x) => Math.round(x * 100) / 100;

async function ready(page) {
  await page.waitForFunction(() => window.Svc && Svc.getCredentials() && Svc.getPhones().length > 0);
}

export async function run({ root, browser }) {
  const stack = await startStack(root, { config, pages });
  const rows = [];
  const figures = { sizes: {} };
  try {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(stack.siteUrl + 'bench.html');
    await ready(page);

    // 1. A full pass against a bare TreeWalker pass, on the same freshly built page.
    for (const [n, reps] of [[1000, 25], [10000, 15], [100000, 9]]) {
      const walk = [];
      const repl = [];
      const floor = [];
      let found = 0;
      for (let i = 0; i < reps; i++) {
        const r = await page.evaluate((n) => {
          window.build(n, 1000);
          window.walk(); // warm: both timed passes meet the page in the same state
          let t = performance.now();
          for (let k = 0; k < 5; k++) window.walk();
          const walk = (performance.now() - t) / 5;
          t = performance.now();
          Svc.reinitTrackView();
          const repl = performance.now() - t;
          const found = window.replaced();
          // The least any replacement does: the same walk, writing the same numbers with a fixed text.
          window.build(n, 1000);
          window.walk();
          t = performance.now();
          const w = document.createTreeWalker(document.body, 4);
          for (let x; (x = w.nextNode()); ) if (x.data.indexOf('123') >= 0) x.data = x.data.replace(/123/g, '777');
          const floor = performance.now() - t;
          return { walk, repl, found, floor };
        }, n);
        walk.push(r.walk);
        repl.push(r.repl);
        floor.push(r.floor);
        found = r.found;
      }
      const w = median(walk);
      const p = median(repl);
      const f = median(floor);
      figures.sizes[n] = { textNodes: n, numbersReplaced: found, bareWalkMs: r2(w), replaceMs: r2(p), ratio: r2(p / w), floorMs: r2(f), floorRatio: r2(f / w) };
      rows.push([`${n / 1000}k text nodes, ${found} numbers: pass / bare walk`, `${r2(p)} ms / ${r2(w)} ms = ${r2(p / w)}x`, '≤ 1.5x (aim 1.3x)']);
      rows.push([`  walk + writing those nodes with a fixed text (the floor)`, `${r2(f)} ms = ${r2(f / w)}x`, '']);
    }

    // 2. Long tasks while replacing on the 10k page (the pass itself and the answer's pass after it).
    await page.evaluate(() => {
      window.build(10000, 1000);
      window.longTasks = [];
      new PerformanceObserver((l) => window.longTasks.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    });
    await page.evaluate(() => new Promise((r) => setTimeout(() => {
      window.ltFrom = window.longTasks.length;
      const t = performance.now();
      Svc.reinitTrackView();
      window.ltPass = performance.now() - t;
      r();
    })));
    await page.waitForTimeout(800);
    const lt = await page.evaluate(() => ({ tasks: window.longTasks.slice(window.ltFrom), pass: window.ltPass }));
    figures.longTasks10k = { count: lt.tasks.length, durationsMs: lt.tasks.map(r2), passMs: r2(lt.pass) };
    rows.push(['long tasks replacing on the 10k page', `${lt.tasks.length} (pass ${r2(lt.pass)} ms)`, '0']);

    // 3. Observer callbacks per insertion batch, and one callback's time on the 100k page.
    const dyn = await ctx.newPage();
    await dyn.goto(stack.siteUrl + 'bench-dyn.html');
    await ready(dyn);
    const batches = [];
    for (let i = 0; i < 20; i++) {
      batches.push(await dyn.evaluate(async () => {
        const before = window.mo.calls;
        window.insert(50);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return window.mo.calls - before;
      }));
    }
    const dynOk = await dyn.evaluate(() => document.querySelectorAll('#later b').length === [...document.querySelectorAll('#later b')].filter((b) => b.textContent === '777-00-11').length);
    await dyn.evaluate(() => window.build(100000, 1000));
    await dyn.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const small = await dyn.evaluate(async () => {
      window.mo.ms = [];
      window.insert(50);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return window.mo.ms;
    });
    figures.observer = { callbacksPerBatch: { max: Math.max(...batches), mean: r2(batches.reduce((a, b) => a + b, 0) / batches.length) }, batches: batches.length, allReplaced: dynOk, smallInsertOn100kMs: small.map(r2) };
    rows.push([`observer callbacks per insertion batch (${batches.length} batches of 50 lines)`, `max ${Math.max(...batches)}, mean ${figures.observer.callbacksPerBatch.mean}${dynOk ? '' : ' (NOT ALL REPLACED)'}`, '≤ 2']);
    rows.push(['observer callback, 50 lines added to the 100k page', `${small.map(r2).join(', ')} ms`, 'no full rescan']);
    await dyn.close();

    // 4. Requests before the swap: a warm cache (the page was visited), then the next page load.
    //    Counted: page-view requests (w/) to the consultant server; svc.js itself is an HTTP-cached file.
    const reqs = [];
    page.on('request', (r) => r.url().startsWith(stack.svcUrl + 'w/') && reqs.push(r));
    await page.goto(stack.siteUrl + 'bench.html?next');
    await page.waitForFunction(() => window.swapAt && Svc.getCredentials());
    const swapAbs = await page.evaluate(() => performance.timeOrigin + window.swapAt);
    let sentBefore = 0;
    let answeredBefore = 0;
    for (const r of reqs) {
      const t = r.timing();
      if (t.startTime && t.startTime < swapAbs) sentBefore++;
      if (t.responseEnd >= 0 && t.startTime + t.responseEnd < swapAbs) answeredBefore++;
    }
    figures.warmCache = { requestsAnsweredBeforeSwap: answeredBefore, requestsSentBeforeSwap: sentBefore, requestsOnLoad: reqs.length };
    rows.push(['requests answered before the swap (warm cache)', `${answeredBefore} (sent before it: ${sentBefore}; on the load: ${reqs.length})`, '0']);
    await ctx.close();
  } finally {
    await stack.close();
  }
  return { rows, figures };
}

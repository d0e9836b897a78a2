// Start-up cost: the time to evaluate svc.js on a blank page (parse, compile, run the install and
// queue a page view), as a ratio to evaluating an "empty" script of the same size (one comment),
// median of repeated runs, each in a fresh page. The page view's network round trip is not part
// of it: it is asynchronous.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, median, root, startStack } from './lib.mjs';

async function evalTime(page, code) {
  return page.evaluate((src) => {
    const s = document.createElement('script');
    s.textContent = src;
    const t0 = performance.now();
    document.head.appendChild(s);
    return performance.now() - t0;
  }, code);
}

export async function run({ runs = 25 } = {}) {
  const svc = readFileSync(join(root, 'dist/svc.js'), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '');
  const empty = '/*' + 'x'.repeat(Math.max(0, svc.length - 4)) + '*/';
  const stack = await startStack();
  const browser = await launchChromium();
  try {
    const snippet = [];
    const baseline = [];
    for (let i = 0; i < runs; i++) {
      // Alternate which goes first so that warm-up effects fall on both alike.
      for (const which of i % 2 ? ['svc', 'empty'] : ['empty', 'svc']) {
        const page = await browser.newPage();
        await page.goto(stack.siteUrl + 'blank.html');
        await page.evaluate((host) => {
          window.__cs = [['setCsAccount', 'demo-site'], ['setCsHost', host]];
        }, stack.svcUrl);
        (which === 'svc' ? snippet : baseline).push(await evalTime(page, which === 'svc' ? svc : empty));
        await page.close();
      }
    }
    const s = median(snippet);
    const b = median(baseline);
    return { runs, bytes: svc.length, snippet_ms: s, empty_ms: b, ratio: s / Math.max(b, 0.001) };
  } finally {
    await browser.close();
    await stack.close();
  }
}

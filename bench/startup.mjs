// Start-up cost: the time to evaluate svc.js on a blank page (parse, compile, install, queue the
// page view), as a ratio to evaluating an "empty" script of the same size (one comment), median of
// repeated runs, each in a fresh page. The page view's round trip is asynchronous and not part of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, startStack } from './stack.mjs';

export const name = 'startup';
export const title = 'Start-up cost (Chromium, dist/svc.js)';

const BLANK = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body><p>Blank.</p></body></html>';

async function evalTime(page, code) {
  return page.evaluate((src) => {
    const s = document.createElement('script');
    s.textContent = src;
    const t0 = performance.now();
    document.head.appendChild(s);
    return performance.now() - t0;
  }, code);
}

export async function run({ root, browser, runs = 25 }) {
  const svc = readFileSync(join(root, 'dist/svc.js'), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, '');
  const empty = '/*' + 'x'.repeat(Math.max(0, svc.length - 4)) + '*/';
  const config = JSON.parse(readFileSync(join(root, 'demo-site/site-config.json'), 'utf8'));
  const stack = await startStack(root, { config, pages: { 'blank.html': BLANK } });
  try {
    const snippet = [];
    const baseline = [];
    for (let i = 0; i < runs; i++) {
      // Alternate which goes first, so that warm-up falls on both alike.
      for (const which of i % 2 ? ['svc', 'empty'] : ['empty', 'svc']) {
        const page = await browser.newPage();
        await page.goto(stack.siteUrl + 'blank.html');
        await page.evaluate((host) => {
          window.__cs = [
            ['setCsAccount', 'demo-site'],
            ['setCsHost', host],
          ];
        }, stack.svcUrl);
        (which === 'svc' ? snippet : baseline).push(await evalTime(page, which === 'svc' ? svc : empty));
        await page.close();
      }
    }
    const s = median(snippet);
    const b = median(baseline);
    const figures = { runs, bytes: svc.length, snippet_ms: s, empty_ms: b, ratio: s / Math.max(b, 0.001) };
    return {
      figures,
      rows: [
        [
          'evaluate svc.js / empty script of the same size',
          `${figures.ratio.toFixed(1)}× (${s.toFixed(2)} / ${b.toFixed(2)} ms)`,
          'reported',
        ],
      ],
    };
  } finally {
    await stack.close();
  }
}

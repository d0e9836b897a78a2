import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES module shared with the build, no types needed
import { sizes } from '../../../scripts/sizes.mjs';

/**
 * The site owner's app, whole (script with Preact, its router and every page; its stylesheet;
 * the chart library's stylesheet) within 80 KB brotli, read from what the build wrote. Exact: one
 * byte over fails the run.
 */
const dist = join(dirname(fileURLToPath(import.meta.url)), '../../../dist');
const BUDGET = 80 * 1024;
const FILES = ['app.js', 'app.css', 'op-uplot.css'];

describe('the app bundle budget (brotli)', () => {
  it('the build wrote the app', () => {
    for (const f of FILES) expect(existsSync(join(dist, f)), `dist/${f}: run the build first`).toBe(true);
  });
  it(`app.js + app.css + the chart styles ≤ ${BUDGET} B`, () => {
    const total = FILES.filter((f) => existsSync(join(dist, f))).reduce((n, f) => n + sizes(join(dist, f)).brotli, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET);
  });
});

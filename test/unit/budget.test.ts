import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Brotli sizes of the browser bundles, read from the sizes the build wrote (npm test builds first),
 * against their budgets: the core at most 4160 B (aim 3 KB), the widgets at most 12 KB.
 * Exact: one byte over fails the run. A change that needs more room in the core pays for it there;
 * the core's one raise, from 4096 B for the analytics ids the ad platforms need, is argued in
 * docs/performance.md ("Size").
 */
const file = join(dirname(fileURLToPath(import.meta.url)), '../../dist/sizes.json');
const BUDGETS: Record<string, number> = {
  /** The core every page loads, shared by every capability. */
  'dist/svc.js': 4160,
  /** The widget UI, loaded on the first open of a form or the first operator-status read. */
  'dist/svc-widgets.js': 12 * 1024,
};

describe('bundle budgets (brotli)', () => {
  it('the build wrote the sizes', () => expect(existsSync(file), `${file} exists: run the build first`).toBe(true));
  const sizes = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { brotli: number }>) : {};
  for (const [bundle, budget] of Object.entries(BUDGETS)) {
    it(`${bundle} ≤ ${budget} B`, () => {
      expect(sizes[bundle], `${bundle} was built`).toBeDefined();
      expect(sizes[bundle]!.brotli).toBeLessThanOrEqual(budget);
    });
  }
});

describe('the core bundle', () => {
  // V8 (Chrome 136+) compiles every function of a script opening with this comment while it
  // streams, off the main thread; without it each function compiles on its first call, on the
  // first visit's path from the page view's answer to the numbers (docs/performance.md, "Time to swap").
  it("opens with V8's compile hint", () => {
    const core = join(dirname(file), 'svc.js');
    expect(readFileSync(core, 'utf8').split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
  });
});

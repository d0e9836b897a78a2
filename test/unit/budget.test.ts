import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Brotli sizes of the browser bundles, read from the sizes the build wrote (npm test builds first).
 *
 * `target` is the budget of issue 7 (core 4 KB, widgets 12 KB). The core does not meet it yet: it
 * is about 4.35 KB. Until it does, `ceiling` is a ratchet at today's size, so the core can only
 * shrink; lower it whenever the core shrinks, and set it to the target once the target is met.
 * (4900 after issue 8; 4360 since the data methods left their checks to the server, the visitor
 * cookie went, and the widget bundle with the operator-status stream moved behind `import()`.)
 */
const file = join(dirname(fileURLToPath(import.meta.url)), '../../dist/sizes.json');
const BUDGETS: Record<string, { target: number; ceiling: number }> = {
  /** The core every page loads, shared by every capability. */
  'dist/svc.js': { target: 4096, ceiling: 4360 },
  /** The widget UI, loaded on the first open of a form. */
  'dist/svc-widgets.js': { target: 12 * 1024, ceiling: 12 * 1024 },
};

describe('bundle budgets (brotli)', () => {
  it('the build wrote the sizes', () => expect(existsSync(file), `${file} exists: run the build first`).toBe(true));
  const sizes = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { brotli: number }>) : {};
  for (const [bundle, { target, ceiling }] of Object.entries(BUDGETS)) {
    it(`${bundle} ≤ ${ceiling} B (target ${target} B)`, () => {
      expect(sizes[bundle], `${bundle} was built`).toBeDefined();
      expect(sizes[bundle]!.brotli).toBeLessThanOrEqual(ceiling);
    });
  }
});

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Brotli budgets of the browser bundles, read from the sizes the build wrote (npm test builds first). */
const file = join(dirname(fileURLToPath(import.meta.url)), '../../dist/sizes.json');
const BUDGETS: Record<string, number> = {
  /** The core every page loads, shared by every capability. */
  'dist/svc.js': 4096,
  /** The widget UI, loaded on the first open of a form. */
  'dist/svc-widgets.js': 12 * 1024,
};

describe.skipIf(!existsSync(file))('bundle budgets (brotli)', () => {
  const sizes = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, { brotli: number }>) : {};
  for (const [bundle, max] of Object.entries(BUDGETS)) {
    it(`${bundle} ≤ ${max} B`, () => {
      expect(sizes[bundle], `${bundle} was built`).toBeDefined();
      expect(sizes[bundle]!.brotli).toBeLessThanOrEqual(max);
    });
  }
});

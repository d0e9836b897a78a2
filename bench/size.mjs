// Size: minified, gzip and brotli bytes of the bundles a page can load, against their budgets.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sizes } from '../scripts/sizes.mjs';
import { root } from './lib.mjs';

/** Byte budgets (brotli). The core must stay within 4 KB (aim 3 KB); the widgets within 12 KB. */
export const BUDGETS = { 'dist/svc.js': { max: 4096, aim: 3072 }, 'dist/svc-widgets.js': { max: 12288 } };

export async function run() {
  const out = {};
  for (const [file, budget] of Object.entries(BUDGETS)) {
    if (!existsSync(join(root, file))) continue;
    out[file] = { ...sizes(join(root, file)), budget };
  }
  return out;
}

// Size: minified, gzip and brotli bytes of the bundles a page can load, against their budgets
// (core at most 4160 B brotli, aim 3 KB; widgets at most 12 KB).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sizes } from '../scripts/sizes.mjs';

export const name = 'size';
export const title = 'Bundle sizes (bytes)';

const BUDGETS = { 'dist/svc.js': '≤ 4160 brotli (aim 3072)', 'dist/svc-widgets.js': '≤ 12288 brotli' };

export async function run({ root }) {
  const rows = [];
  const figures = {};
  for (const [file, goal] of Object.entries(BUDGETS)) {
    if (!existsSync(join(root, file))) continue;
    const s = (figures[file] = sizes(join(root, file)));
    rows.push([`${file} min / gzip / brotli`, `${s.min} / ${s.gzip} / ${s.brotli}`, goal]);
  }
  return { rows, figures };
}

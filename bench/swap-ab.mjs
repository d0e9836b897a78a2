// A/B of the first swap: this tree's dist/svc.js against another build of it, first visits taken
// in turns (A, B, B, A, …) within one run, each in a fresh browser context, the server answering
// at once (or `--delay ms`). The swap section runs one build per run, and its figures drift by
// 2-3 ms between runs, more than a change to the snippet's start moves them; taken in turns, the
// drift falls on both alike. Usage, after `npm run build`:
//   node bench/swap-ab.mjs <other svc.js> [--runs 40] [--delay 0]
// Prints the medians of each build: start → swap, and the parts the swap section reports.
import { chromium } from '@playwright/test';
import { copyFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { config } from './site.mjs';
import { median } from './stack.mjs';
import { startStackProcess } from './stack-process.mjs';
import { page, visit } from './swap.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, d) => (args.includes(name) ? +args[args.indexOf(name) + 1] : d);
const other = args[0];
if (!other || other.startsWith('--')) throw new Error('usage: node bench/swap-ab.mjs <other svc.js> [--runs 40] [--delay 0]');
const runs = opt('--runs', 40);

// B: a copy of this tree's dist with the other svc.js, beside links to what the server needs.
const b = mkdtempSync(join(tmpdir(), 'svc-ab-'));
cpSync(join(root, 'dist'), join(b, 'dist'), { recursive: true });
copyFileSync(resolve(other), join(b, 'dist', 'svc.js'));
for (const name of ['demo-site', 'node_modules', 'package.json']) symlinkSync(join(root, name), join(b, name));

const builds = { A: root, B: b };
const stacks = {};
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? (await findChromium({ install: true })),
  args: CHROMIUM_ARGS,
});
try {
  for (const [k, r] of Object.entries(builds)) {
    stacks[k] = await startStackProcess(r, { config, pages: { 'shop.html': page('{{PROXY_URL}}') } });
    await stacks[k].setDelay(opt('--delay', 0));
  }
  const res = { A: [], B: [] };
  // One unmeasured visit each first (the browser's and the server's own warm-up).
  for (let i = -1; i < runs; i++) {
    for (const k of i % 2 ? ['A', 'B'] : ['B', 'A']) {
      const ctx = await browser.newContext();
      const v = await visit(await ctx.newPage(), stacks[k].siteUrl + 'shop.html');
      await ctx.close();
      if (!v.hit) throw new Error('swap-ab: no page view in a first visit');
      if (i >= 0)
        res[k].push([
          v.swapAt - v.start,
          v.hit[0] - v.start,
          v.hit[1] - v.hit[0],
          v.swapAt - v.hit[1],
          v.hitCall - v.start,
          v.swapAt - v.parsedAt,
        ]);
    }
  }
  const names = ['start → swap', 'start → sent', 'round trip', 'answer → swap', "snippet's start → fetch()", "snippet's parsed → swap"];
  for (const [k, label] of [
    ['A', 'dist/svc.js'],
    ['B', other],
  ]) {
    console.log(`${k} ${label} (${runs} first visits, medians, ms)`);
    names.forEach((n, j) => console.log(`  ${n.padEnd(28)} ${median(res[k].map((x) => x[j])).toFixed(2)}`));
  }
} finally {
  await browser.close();
  for (const s of Object.values(stacks)) await s.close();
  rmSync(b, { recursive: true, force: true });
}

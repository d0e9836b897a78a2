#!/usr/bin/env node
// `npm run bench`: measures what the project promises about speed, in one Chromium run, and
// prints a table per section. `--json FILE` also writes every figure as JSON; `--only NAME[,NAME]`
// runs some sections; `--no-build` uses the dist/ already built. Not part of `npm test`: figures vary with the machine, goals are reported,
// not asserted.
//
// Each section is a module in bench/ exporting `name`, `title` and `run(ctx)`, which resolves with
// `{ rows: [[label, value, goal?], ...], figures: {...} }`. ctx: `{ root, browser, svc }` where
// `svc` is the built snippet and server started for the section (see bench/stack.mjs).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECTIONS = [
  'size',
  'startup',
  'typical',
  'replacement',
  'dynamic',
  'swap',
  'server',
  'server-postgres',
  'abuse',
  'reports',
  'webhooks',
  'webhook-backlog',
  'carrier-routing',
];

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const jsonFile = opt('--json');
const only = opt('--only')?.split(',') ?? SECTIONS;

if (!args.includes('--no-build'))
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? (await findChromium({ install: true })),
  args: CHROMIUM_ARGS,
});
// Figures depend on the machine and on what else runs on it: said with them.
const machine = {
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  chromium: browser.version(),
  loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
};
console.log(
  `${machine.cpus}, ${machine.memoryGiB} GiB, Node ${machine.node}, Chromium ${machine.chromium}, load average at start ${machine.loadAverage.join(' ')}`,
);
const out = { machine };
try {
  for (const name of only) {
    const section = await import(pathToFileURL(join(root, 'bench', name + '.mjs')).href);
    process.stdout.write(`\n${section.title}\n`);
    const { rows, figures } = await section.run({ root, browser });
    out[name] = figures;
    const w = [0, 0, 0];
    for (const r of rows) r.forEach((c, i) => (w[i] = Math.max(w[i], String(c ?? '').length)));
    const line = (r) =>
      '  ' +
      r
        .map((c, i) => String(c ?? '').padEnd(w[i]))
        .join('   ')
        .trimEnd();
    console.log(line(['measure', 'value', 'goal']));
    for (const r of rows) console.log(line(r));
  }
} finally {
  await browser.close();
}
machine.loadAverageAtEnd = loadavg().map((x) => Math.round(x * 100) / 100);
console.log(
  `\nload average at the end ${machine.loadAverageAtEnd.join(' ')} (on ${cpus().length} cores: above that, timings are inflated)`,
);
if (jsonFile) {
  writeFileSync(jsonFile, JSON.stringify({ date: new Date().toISOString(), ...out }, null, 2) + '\n');
  console.log(`\nfigures written to ${jsonFile}`);
}

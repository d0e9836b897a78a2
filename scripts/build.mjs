#!/usr/bin/env node
// Builds everything users get and prints the sizes of the browser bundles (the site's and the
// operator console's):
//   dist/svc.js (+ .map, svc.debug.js), dist/esm/index.js, dist/node/** (the server), and the
//   snippet's package, packages/snippet/dist/**.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sizes } from './sizes.mjs';
import { nativeTsc } from './typescript-native.mjs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(bin(cmd), args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
/** Runs a Node script of the repository or of a package with this Node. */
const runScript = (script, args = []) =>
  execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

rmSync(join(root, 'dist'), { recursive: true, force: true });
run('rollup', ['-c', '--silent']);
// uPlot's stylesheet for the reports page (served at /op/uplot.css under the console's CSP).
copyFileSync(join(root, 'node_modules/uplot/dist/uPlot.min.css'), join(root, 'dist/op-uplot.css'));
copyFileSync(join(root, 'src/app/app.css'), join(root, 'dist/app.css'));
// The snippet's npm package (packages/snippet/dist: svc.js, the ES module and its declarations),
// from the bundles just built.
runScript(join(root, 'packages/snippet/scripts/build.mjs'), ['--from-root-build']);
// Emitted without a second type check: `npm test` type-checks every source once (tsc -p
// tsconfig.json), and ESLint keeps browser-only globals out of the code that runs in Node.
// TypeScript 7's compiler (scripts/typescript-native.mjs): the same JavaScript in a tenth of the time.
runScript(nativeTsc, ['-p', 'tsconfig.server.json', '--noCheck', '--singleThreaded']);

// Brotli and gzip copies beside each browser file, at the strongest settings (made once, served
// many times by http/bundles.ts, which picks one by the client's Accept-Encoding).
for (const sub of ['dist', 'dist/esm']) {
  for (const name of readdirSync(join(root, sub))) {
    if (!/\.(js|map|css)$/.test(name)) continue;
    const file = join(root, sub, name);
    const body = readFileSync(file);
    writeFileSync(file + '.br', brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(file + '.gz', gzipSync(body, { level: 9 }));
  }
}

const report = {};
for (const f of ['dist/svc.js', 'dist/svc-widgets.js', 'dist/esm/index.js', 'dist/op-console.js', 'dist/op-reports.js', 'dist/app.js']) {
  if (existsSync(join(root, f))) report[f] = sizes(join(root, f));
}
writeFileSync(join(root, 'dist/sizes.json'), JSON.stringify(report, null, 2) + '\n');
console.log('bundle                 min      gzip    brotli');
for (const [f, s] of Object.entries(report)) {
  console.log(`${f.padEnd(20)} ${String(s.min).padStart(6)} B ${String(s.gzip).padStart(6)} B ${String(s.brotli).padStart(6)} B`);
}

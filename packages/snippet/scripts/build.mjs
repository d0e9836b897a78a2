#!/usr/bin/env node
// Builds the package from the repository's sources into packages/snippet/dist/, with the
// repository's own rollup configuration and TypeScript (run `npm install` at the root first):
//   dist/svc.js     the IIFE for a script tag, the same build as the server's dist/svc.js
//   dist/index.js   the ES module for bundlers
//   dist/types/     the public declarations: snippet/esm.d.ts and the types.d.ts it re-exports
// `prepare` runs it, so `npm pack` and `npm publish` ship a fresh build.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { argv, chdir, execPath } from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(pkg, '../..');
const dist = join(pkg, 'dist');
const fromRoot = createRequire(join(root, 'package.json'));

// The configuration names its inputs and tsconfig files from the repository's root.
chdir(root);
const { default: configs } = await import(pathToFileURL(join(root, 'rollup.config.mjs')).href);
const { nativeTsc } = await import(pathToFileURL(join(root, 'scripts/typescript-native.mjs')).href);
/** The repository's builds this package ships, by their output file, and their name here. */
const SHIPPED = { 'dist/svc.js': 'svc.js', 'dist/esm/index.js': 'index.js' };

// `--from-root-build`: the repository's build (scripts/build.mjs) has just written these bundles from
// the same configuration; they are copied without their source-map comment instead of built again.
const fromRootBuild = argv.includes('--from-root-build');

const { rollup } = fromRootBuild ? {} : await import(pathToFileURL(fromRoot.resolve('rollup')).href);

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
const built = [];
for (const config of configs) {
  const name = SHIPPED[config.output.file];
  if (!name) continue;
  if (fromRootBuild) {
    const code = readFileSync(join(root, config.output.file), 'utf8');
    writeFileSync(join(dist, name), code.replace(/\n\/\/# sourceMappingURL=\S+\n?$/, '\n'));
    built.push(name);
    continue;
  }
  // No source maps: theirs would point at sources the package does not ship (and the TypeScript
  // plugin, set up for maps, says so once per build).
  const quiet = (warning, warn) => (warning.plugin === 'typescript' && /sourcemap/i.test(warning.message) ? undefined : warn(warning));
  const bundle = await rollup({ ...config, onwarn: quiet });
  await bundle.write({ ...config.output, file: join(dist, name), sourcemap: false });
  await bundle.close();
  built.push(name);
}
const missing = Object.values(SHIPPED).filter((n) => !built.includes(n));
if (missing.length) throw new Error(`rollup.config.mjs has no build for ${missing.join(', ')}`);

// tsc writes a declaration for every module the entry imports; only the public two are shipped.
// TypeScript 7's compiler (the repository's scripts/typescript-native.mjs says why).
const types = mkdtempSync(join(tmpdir(), 'svc-snippet-types-'));
try {
  execFileSync(execPath, [nativeTsc, '-p', 'tsconfig.types.json', '--declarationDir', types, '--singleThreaded'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const file of ['snippet/esm.d.ts', 'types.d.ts']) {
    mkdirSync(dirname(join(dist, 'types', file)), { recursive: true });
    copyFileSync(join(types, file), join(dist, 'types', file));
  }
} finally {
  rmSync(types, { recursive: true, force: true });
}

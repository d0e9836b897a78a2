#!/usr/bin/env node
// `npm run test:quick`: the loop while working, on what changed since the last commit (or since
// BASE: `npm run test:quick -- origin/main`): ESLint and Prettier's check on the changed files,
// the type check of the whole tree (TypeScript 7 takes seconds), and the unit tests of the changed
// folders on SQLite: a file under src/server/<folder>/ brings test/unit/server/<folder>/, one under
// src/<part>/ test/unit/<part>/, a changed test file itself. (Following imports instead would run
// nearly every server test for any server change: they all start the whole server.) Nothing
// changed: nothing to run. `npm test` runs everything; CI runs that.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativeTsc } from './typescript-native.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const base = process.argv[2] ?? 'HEAD';
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')])].filter((f) =>
  existsSync(join(root, f)),
);
if (changed.length === 0) {
  console.log(`test:quick: nothing changed since ${base}`);
  process.exit(0);
}
const bin = (name) => join(root, 'node_modules/.bin', name);
const step = (title, cmd, args) => {
  const t = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  console.log(`▶ ${title}: ${r.status === 0 ? 'ok' : 'failed'} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const linted = changed.filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f));
if (linted.length) step(`ESLint, ${linted.length} files`, bin('eslint'), ['--max-warnings', '0', ...linted]);
step(`Prettier, ${changed.length} files`, bin('prettier'), ['--check', '--log-level', 'warn', '--ignore-unknown', ...changed]);
step('types', process.execPath, [nativeTsc, '-p', 'tsconfig.json']);
/** The unit tests of a changed file's folder, or the file itself when it is a unit test. */
const testsOf = (f) => {
  if (/^test\/unit\/.*\.test\.ts$/.test(f)) return f;
  const server = /^src\/server\/([^/]+)\//.exec(f);
  const part = /^src\/(app|console|snippet|widgets)\//.exec(f);
  const dir = server ? `test/unit/server/${server[1]}` : part ? `test/unit/${part[1]}` : null;
  return dir && existsSync(join(root, dir)) ? dir : null;
};
const tests = [...new Set(changed.map(testsOf).filter(Boolean))];
if (tests.length) step(`unit tests of ${tests.join(', ')}`, bin('vitest'), ['run', ...tests]);
else console.log('▶ no unit tests belong to the changed files');

#!/usr/bin/env node
// `npm test`: every check a change must pass, in the order a failure is cheapest to find:
// build (prints sizes) → lint and format check → type checks → unit tests (vitest) → browser tests (Playwright, real
// Chromium against the built bundle and the real server). Finds or installs Chromium first.
// Ends with one line "N passed, N failed" and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (n) => join(root, 'node_modules', '.bin', n);
const run = (label, cmd, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
};
const readJson = (p) => (existsSync(p) ? JSON.parse(readFileSync(p, 'utf8')) : null);

// Reports live apart from test-results/, which Playwright empties when it starts.
rmSync(join(root, 'reports'), { recursive: true, force: true });
if (!run('build', process.execPath, [join(root, 'scripts/build.mjs')])) process.exit(1);
if (!run('lint (ESLint)', bin('eslint'), ['--max-warnings', '0', '.'])) process.exit(1);
if (!run('format check (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.'])) process.exit(1);
if (!run('type check', bin('tsc'), ['-p', 'tsconfig.json'])) process.exit(1);
if (!run('type test of the published module', bin('tsc'), ['-p', 'test/types/tsconfig.json'])) process.exit(1);

const unitOk = run('unit tests', bin('vitest'), ['run']);

let chrome;
try {
  chrome = await findChromium({ install: true });
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const e2eOk = run(`browser tests (${chrome})`, bin('playwright'), ['test'], { CHROME_PATH: chrome });

const unit = readJson(join(root, 'reports/unit.json'));
const e2e = readJson(join(root, 'reports/e2e.json'));
const u = { passed: unit?.numPassedTests ?? 0, failed: unit ? unit.numFailedTests : 1 };
const b = { passed: e2e?.stats?.expected ?? 0, failed: e2e ? e2e.stats.unexpected + (e2e.stats.flaky ?? 0) : 1 };
console.log(`\nunit: ${u.passed} passed, ${u.failed} failed`);
console.log(`browser: ${b.passed} passed, ${b.failed} failed`);
let failed = u.failed + b.failed;
// A runner that exited non-zero without a failed test (a crash, an unhandled error) fails the run too.
if (failed === 0 && !(unitOk && e2eOk)) failed = 1;
console.log(`${u.passed + b.passed} passed, ${failed} failed`);
process.exit(unitOk && e2eOk && failed === 0 ? 0 : 1);

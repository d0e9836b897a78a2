#!/usr/bin/env node
// `npm test`: every check a change must pass, in the order a failure is cheapest to find:
// build (prints sizes) beside lint, format check and type checks → unit tests (vitest) → production
// start (scripts/production-check.mjs) → browser tests (Playwright, real Chromium against the built
// bundle and the real server). Finds or installs Chromium first.
// The server's unit tests and its server-facing browser specs run twice: on SQLite, then on a real
// PostgreSQL server (SVC_TEST_PG, else a throw-away cluster, scripts/postgres.mjs), each test on
// a schema or database of its own. Without PostgreSQL the run says so plainly, and fails in CI.
// Steps that do not depend on each other run side by side: PostgreSQL and Chromium are found or
// installed while the build and the checks run; then the production start beside two lanes,
// SQLite's (unit tests, then browser tests) and PostgreSQL's (the server's unit tests, then its
// browser specs), so that neither waits at a barrier for the other. Every migration runs once per
// unit run, each test's database a copy (test/support/migrated-databases.ts).
// Ends with one line "N passed, N failed" and exits non-zero when anything failed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';
import { databaseTestFiles } from './database-tests.mjs';
import { dropRunDatabases, providePostgres } from './postgres.mjs';
import { nativeTsc } from './typescript-native.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (n) => join(root, 'node_modules', '.bin', n);
/**
 * Runs one step ([label, command, arguments, environment]) without blocking, its output held and
 * printed whole when it ends, so that the log of steps run side by side reads as if they had run
 * in turn. Resolves with whether it passed.
 */
const runStep = ([label, cmd, args, env = {}]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env, FORCE_COLOR: '1' } });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      console.log(`\n▶ ${label} (${Math.round((Date.now() - started) / 1000)} s)`);
      process.stdout.write(Buffer.concat(out));
      resolve(code === 0);
    });
  });
/** Runs steps side by side; resolves with whether each passed. */
const runTogether = (steps) => Promise.all(steps.map(runStep));
const readJson = (p) => (existsSync(p) ? JSON.parse(readFileSync(p, 'utf8')) : null);

// Reports live apart from test-results/, which Playwright empties when it starts.
rmSync(join(root, 'reports'), { recursive: true, force: true });
// A clone installed with `npm install --ignore-scripts` (.ci/run) has better-sqlite3 without its
// native module: it compiles from source (on one core; with .ci/run's flags, in seconds) while the
// build and the checks, which do not load it, run on the other; the tests wait for it.
const sqliteNative = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
const nativeReady = existsSync(sqliteNative)
  ? Promise.resolve(true)
  : runStep(['better-sqlite3 compiled from source', 'npm', ['rebuild', 'better-sqlite3', '--no-audit', '--no-fund']]);
// The build beside the checks: the checks read the sources, the build writes dist/ (which they
// ignore), and alone it left a core idle while rollup waited on its minifier.
const built = runStep(['build', process.execPath, [join(root, 'scripts/build.mjs')]]);

// PostgreSQL and Chromium are found (or installed: a minute each on a fresh machine) while the
// build and the checks run; one after the other, since two apt-get installs cannot run at once.
const pgReady = (async () => {
  try {
    return { postgres: await providePostgres({ install: true, fsync: false }), problem: null };
  } catch (e) {
    return { postgres: null, problem: e.message };
  }
})();
const chromeReady = pgReady.then(() => findChromium({ install: true }));
chromeReady.catch(() => {});
const checks = await runTogether([
  ['lint (ESLint)', bin('eslint'), ['--max-warnings', '0', '.']],
  ['format check (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  // TypeScript 7's native compiler (scripts/typescript-native.mjs), on one thread: its checker
  // threads would compete for the cores the other checks keep busy.
  ['type check', process.execPath, [nativeTsc, '-p', 'tsconfig.json', '--singleThreaded']],
]);
const { postgres, problem: pgProblem } = await pgReady;
if (!(await built) || checks.includes(false) || !(await nativeReady)) {
  await postgres?.stop();
  process.exit(1);
}
console.log('\n▶ PostgreSQL for the tests');
if (postgres) console.log(`PostgreSQL: ${postgres.source}`);
else console.error(`\n*** PostgreSQL could not be had: the PostgreSQL runs are NOT done. ${pgProblem}`);
let chrome;
try {
  chrome = await chromeReady;
} catch (e) {
  console.error(e.message);
  await postgres?.stop();
  process.exit(1);
}

// The browser specs that run again on PostgreSQL: the stories where server processes and the
// database meet in ways the unit run's in-process servers cannot show: a production start on an
// empty database, several processes on one database, a process killed mid-write, a restart with
// sends in flight. The queries and writes behind every other spec run on PostgreSQL in the
// server's unit run; what those specs add on top (pages, widgets, layout) is the same on both.
const PG_SPECS = ['first-day', 'multi-process', 'durability', 'conversions-story'].map((n) => `test/e2e/${n}.spec.ts`);
// Each test process makes a database of its own on the server (test/support/test-database.ts),
// named with this run's id; they are dropped at the end (a throw-away cluster goes whole anyway).
const testRun = Date.now().toString(36);
const pgEnv = postgres ? { SVC_TEST_DB_URL: postgres.url, SVC_TEST_RUN: testRun } : {};

// PostgreSQL's unit run takes only the server files that use a database (scripts/database-tests.mjs).
// Two lanes side by side, each a sequence: SQLite's, and PostgreSQL's, which waits on the
// database server much of its time. A lane goes on to its browser tests as soon as its unit tests
// end, not when the other lane's do. A PostgreSQL round trip is slower: longer time-outs there.
// Each lane starts its Playwright run (two workers) as soon as its own unit run ends: one browser
// run beside the other lane's unit run, or, once both unit runs are over, the two browser runs
// side by side. Never four browsers beside a unit run, which starves the specs that time
// themselves. Each has an output folder of its own: Playwright empties it when it starts.
const sqliteLane = (async () => {
  const unitOk = await runStep(['unit tests', bin('vitest'), ['run']]);
  const e2eOk = await runStep([`browser tests (${chrome})`, bin('playwright'), ['test'], { CHROME_PATH: chrome }]);
  return { unitOk, e2eOk };
})();
const postgresLane = (async () => {
  const unitPgOk =
    !postgres ||
    (await runStep([
      'server unit tests on PostgreSQL',
      bin('vitest'),
      [
        'run',
        ...databaseTestFiles(root, 'test/unit/server'),
        '--testTimeout=30000',
        '--hookTimeout=60000',
        '--outputFile.json=reports/unit-pg.json',
      ],
      pgEnv,
    ]));
  const e2ePgOk =
    !postgres ||
    (await runStep([
      'server-facing browser tests on PostgreSQL',
      bin('playwright'),
      ['test', '--output=test-results/e2e-pg', ...PG_SPECS],
      { CHROME_PATH: chrome, SVC_E2E_REPORT: 'reports/e2e-pg.json', ...pgEnv },
    ]));
  return { unitPgOk, e2ePgOk };
})();
// ── Production start: the built server with runtime dependencies only, as the container runs it
// (scripts/production-check.mjs), on this run's PostgreSQL; beside the lanes, since it mostly
// waits on npm install.
const production = runStep([
  'production start (runtime dependencies only)',
  process.execPath,
  [join(root, 'scripts/production-check.mjs')],
  postgres ? { SVC_CHECK_DB_URL: postgres.url } : {},
]);
const [{ unitOk, e2eOk }, { unitPgOk, e2ePgOk }, productionOk] = await Promise.all([sqliteLane, postgresLane, production]);
// A throw-away cluster goes whole; on a server of SVC_TEST_PG the run's databases are dropped.
if (postgres && process.env.SVC_TEST_PG) {
  await dropRunDatabases(postgres.url, testRun).catch((e) => console.error(`could not drop the run's databases: ${e.message}`));
}
await postgres?.stop();

const unitCounts = (r) => ({ passed: r?.numPassedTests ?? 0, failed: r ? r.numFailedTests : 1 });
const e2eCounts = (r) => ({ passed: r?.stats?.expected ?? 0, failed: r ? r.stats.unexpected + (r.stats.flaky ?? 0) : 1 });
const reports = {
  unit: readJson(join(root, 'reports/unit.json')),
  e2e: readJson(join(root, 'reports/e2e.json')),
  unitPg: postgres && readJson(join(root, 'reports/unit-pg.json')),
  e2ePg: postgres && readJson(join(root, 'reports/e2e-pg.json')),
};
const u = unitCounts(reports.unit);
const b = e2eCounts(reports.e2e);
const none = { passed: 0, failed: 0 };
const up = postgres ? unitCounts(reports.unitPg) : none;
const bp = postgres ? e2eCounts(reports.e2ePg) : none;
console.log(`\nunit: ${u.passed} passed, ${u.failed} failed`);
console.log(`browser: ${b.passed} passed, ${b.failed} failed`);
if (postgres) {
  console.log(`server unit on PostgreSQL: ${up.passed} passed, ${up.failed} failed`);
  console.log(`browser on PostgreSQL: ${bp.passed} passed, ${bp.failed} failed`);
} else {
  console.log(`PostgreSQL runs NOT done (${pgProblem})${process.env.CI ? ': a failure in CI' : ''}`);
}
// The names of what failed, last, where a CI log that keeps only its tail still shows them.
const firstLine = (s) => String(s ?? '').split('\n')[0];
const failedUnit = (r) =>
  (r?.testResults ?? []).flatMap((file) => {
    const name = file.name.replace(`${root}/`, '');
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    // A file that failed outside its tests (a hook, an import) has no failed test to name.
    if (failed.length === 0) return file.status === 'failed' ? [`${name}\n      ${firstLine(file.message)}`] : [];
    return failed.map((t) => `${name} › ${t.fullName}\n      ${firstLine(t.failureMessages[0])}`);
  });
const failedE2e = (r) => {
  const specs = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)];
  return (r?.suites ?? [])
    .flatMap(specs)
    .filter((spec) => spec.tests.some((t) => t.status === 'unexpected' || t.status === 'flaky'))
    .map((spec) => {
      const error = spec.tests.flatMap((t) => t.results).find((res) => res.error)?.error?.message;
      return `${spec.file} › ${spec.title}\n      ${firstLine(error)}`;
    });
};
const failures = [
  ...failedUnit(reports.unit).map((f) => `unit: ${f}`),
  ...failedE2e(reports.e2e).map((f) => `browser: ${f}`),
  ...failedUnit(reports.unitPg).map((f) => `server unit on PostgreSQL: ${f}`),
  ...failedE2e(reports.e2ePg).map((f) => `browser on PostgreSQL: ${f}`),
  ...(productionOk ? [] : ['production start: scripts/production-check.mjs (its output above)']),
];
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);

let failed = u.failed + b.failed + up.failed + bp.failed;
// In CI a run without PostgreSQL fails rather than passes with half the checks.
if (!postgres && process.env.CI) failed += 1;
if (!productionOk) failed += 1;
const ran = unitOk && e2eOk && unitPgOk && e2ePgOk;
// A runner that exited non-zero without a failed test (a crash, an unhandled error) fails the run too.
if (failed === 0 && !ran) failed = 1;
console.log(`${u.passed + b.passed + up.passed + bp.passed} passed, ${failed} failed`);
process.exit(ran && failed === 0 ? 0 : 1);

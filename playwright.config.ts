import { defineConfig } from '@playwright/test';
// @ts-expect-error: plain ES module shared with the test runner script, no types needed
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.mjs';

/**
 * Browser tests: real Chromium (Debian's, via executablePath: browsers cannot be downloaded here)
 * against the built dist/svc.js and the real server and database, started per worker by
 * test/e2e/fixtures.ts. `npm test` builds first and finds or installs the browser.
 */
const executablePath: string = process.env.CHROME_PATH ?? (await findChromium());

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  // Playwright empties its output folder on start: its own, so the unit report beside it survives.
  outputDir: 'test-results/e2e',
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  forbidOnly: !!process.env.CI,
  // On PostgreSQL the migrations run once, into a template each server's database copies.
  globalSetup: './test/support/e2e-postgres-template.ts',
  // npm test runs the server-facing specs a second time on PostgreSQL, into a report of their own.
  reporter: [['list'], ['json', { outputFile: process.env.SVC_E2E_REPORT ?? 'reports/e2e.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'off',
  },
});

import { defineConfig } from 'vitest/config';

/** Unit tests: server modules in Node, snippet modules in happy-dom (per-file environment comment). */
export default defineConfig({
  define: { __DEBUG__: 'false' },
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    // npm test runs the SQLite and the PostgreSQL unit runs at once on a machine that may be shared:
    // a server test that takes 2 s alone can take 6 s then. A time-out is no assertion.
    testTimeout: 15_000,
    hookTimeout: 30_000,
    // Migrations run once per run; each test's database starts as a copy (test/support/migrated-databases.ts).
    globalSetup: ['test/support/migrated-databases.ts'],
    setupFiles: ['test/support/start-migrated.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/unit.json' },
  },
});

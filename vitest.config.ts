import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit tests: server modules in Node, snippet modules in happy-dom (per-file environment comment). */
export default defineConfig({
  define: { __DEBUG__: 'false' },
  test: {
    environment: 'node',
    // npm test runs the SQLite and the PostgreSQL unit runs at once on a machine that may be shared:
    // a server test that takes 2 s alone can take 6 s then. A time-out is no assertion.
    testTimeout: 15_000,
    // Vitest runs one file at a time on 2 cores by default (cores − 1), yet most server test files
    // spend their time waiting: on PostgreSQL's round trips, on time windows, on child processes.
    // Two files side by side fill those waits; more, with npm test's PostgreSQL run beside this
    // one, starve the tests that time themselves (a refusal held 300 ms, a pattern's 200 ms budget).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/unit.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/unit/server/**/*.test.ts'],
          // The server's files share their worker's loaded modules: importing the server (Fastify,
          // zod, Kysely, every feature) afresh for each file cost more than the tests themselves.
          // Each test still builds its own server on its own database, so no state is shared
          // beyond the modules, which hold none of a server's.
          isolate: false,
          // Migrations run once per run; each test's database starts as a copy (test/support/migrated-databases.ts).
          globalSetup: ['test/support/migrated-databases.ts'],
          setupFiles: ['test/support/start-migrated.ts'],
        },
      },
      {
        extends: true,
        // The snippet, widgets, app and console run in happy-dom with page globals: each file alone.
        test: { name: 'page', include: ['test/unit/**/*.test.ts'], exclude: ['test/unit/server/**'] },
      },
    ],
  },
});

import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { startMemoryDatabasesFrom } from '../../src/server/store/open.js';

// Vitest's setup file, in each test process: tests' databases start migrated
// (test/support/migrated-databases.ts).
startMemoryDatabasesFrom(readFileSync(inject('sqliteImage')));
process.env.SVC_TEST_RUN = inject('testRun');
process.env.SVC_TEST_PG_TEMPLATE = inject('postgresTemplate');

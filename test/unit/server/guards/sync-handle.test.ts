import { expect, it } from 'vitest';
import { syncPostgres } from '../../../support/sync-postgres.js';
import { testPostgresUrl } from '../../../support/test-database.js';

/**
 * The tests' synchronous PostgreSQL handle (test/support/sync-postgres.ts) outlives a connection
 * ended under it, as a database dropped WITH (FORCE) or a test's cut proxy ends one: the statements
 * after it fail at once, and the run sees no uncaught exception from the handle's worker thread.
 */
it.skipIf(!testPostgresUrl)('a handle whose connection is ended fails its next statement, and nothing else', () => {
  const handle = syncPostgres(testPostgresUrl!);
  const other = syncPostgres(testPostgresUrl!);
  try {
    const { pid } = handle.prepare('SELECT pg_backend_pid() AS pid').get() as { pid: number };
    expect(other.prepare('SELECT pg_terminate_backend(?, 10000) AS ended').get(pid)).toEqual({ ended: true });
    expect(() => handle.prepare('SELECT 1 AS one').get()).toThrow(/terminat|not queryable/i);
    expect(() => handle.prepare('SELECT 1 AS one').get()).toThrow(/terminat|not queryable/i);
    expect(other.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
  } finally {
    handle.close();
    other.close();
  }
});

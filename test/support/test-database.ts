import { randomBytes } from 'node:crypto';
import { syncPostgres } from './sync-postgres.js';
import type { RowHandle } from '../../src/server/store/rows.js';

/**
 * Which database the server tests run on. `npm test` runs the server's suites twice: on SQLite,
 * and with SVC_TEST_DB_URL set to a PostgreSQL server it provides (scripts/postgres.mjs). Each
 * database a test asks for on PostgreSQL is a schema of its own (the URL's search_path), so
 * parallel workers and tests never see each other's rows.
 */
export const testPostgresUrl: string | undefined = process.env.SVC_TEST_DB_URL || undefined;

let admin: (RowHandle & { close(): void }) | null = null;
let n = 0;

/** A fresh, empty database: `sqlitePath` on SQLite (`:memory:` or a file), a new schema's URL on PostgreSQL. */
export function freshDbPath(sqlitePath = ':memory:'): string {
  if (!testPostgresUrl) return sqlitePath;
  // Random too: vitest's workers may be threads of one process, each counting from 0.
  const schema = `t_${process.pid}_${Date.now().toString(36)}_${(n++).toString(36)}_${randomBytes(4).toString('hex')}`;
  admin ??= syncPostgres(testPostgresUrl);
  admin.exec(`CREATE SCHEMA ${schema}`);
  const url = new URL(testPostgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * Drops the schema of a database freshDbPath made (nothing on SQLite). Kysely's migrator lists the
 * tables of every schema on each start, so schemas left behind would slow every later start.
 */
export function dropDatabase(dbPath: string): void {
  if (!testPostgresUrl || !dbPath.startsWith('postgres')) return;
  const schema = /search_path(?:%3D|=)(t_\w+)/.exec(dbPath)?.[1];
  if (schema && admin) admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}

/** A synchronous handle on the database at `dbPath` when it is PostgreSQL's (SQLite's servers have their own). */
export function rowsOf(dbPath: string): (RowHandle & { close(): void }) | null {
  return testPostgresUrl && dbPath.startsWith('postgres') ? syncPostgres(dbPath) : null;
}

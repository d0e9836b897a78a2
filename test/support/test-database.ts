import { randomBytes } from 'node:crypto';
import { syncPostgres } from './sync-postgres.js';
import type { RowHandle } from '../../src/server/store/rows.js';

/**
 * Which database the server tests run on. `npm test` runs the server's suites twice: on SQLite,
 * and with SVC_TEST_DB_URL set to a PostgreSQL server it provides (scripts/postgres.mjs). Each
 * database a test asks for on PostgreSQL is a database of its own copied from a migrated template
 * (under vitest, SVC_TEST_PG_TEMPLATE), else a schema of its own (the URL's search_path), so
 * parallel workers and tests never see each other's rows.
 */
export const testPostgresUrl: string | undefined = process.env.SVC_TEST_DB_URL || undefined;

/**
 * The database of this test process on the PostgreSQL server (made on first use), and a handle on
 * it that makes and drops the tests' schemas. One database per process, not one for all: Kysely's
 * migrator lists the tables of every schema in its database when it starts, and fails when a
 * schema goes while it reads; each process starts and drops its own tests' schemas one at a time,
 * but the processes (and other test runs on the same server) run at once.
 */
let workerDb: { url: string; admin: RowHandle & { close(): void } } | null = null;
let n = 0;

function workerDatabase(base: string) {
  if (!workerDb) {
    const name = `${RUN_DATABASE_PREFIX}${process.env.SVC_TEST_RUN ?? 'run'}_${process.pid}_${randomBytes(3).toString('hex')}`;
    const root = syncPostgres(base);
    try {
      root.exec(`CREATE DATABASE ${name}`);
    } finally {
      root.close();
    }
    const url = new URL(base);
    url.pathname = '/' + name;
    workerDb = { url: url.toString(), admin: syncPostgres(url.toString()) };
  }
  return workerDb;
}

/** The test processes' databases are named so; test/support/postgres-run.ts drops a run's at its end. */
export const RUN_DATABASE_PREFIX = 'svc_t_';

/** A handle on the server's maintenance database, for making and dropping the tests' databases. */
let rootHandle: (RowHandle & { close(): void }) | null = null;

/**
 * A fresh, empty database: `sqlitePath` on SQLite (`:memory:` or a file), on PostgreSQL a new
 * database copied from the run's migrated template (vitest: test/support/migrated-databases.ts),
 * else a new schema's URL.
 */
export function freshDbPath(sqlitePath = ':memory:'): string {
  if (!testPostgresUrl) return sqlitePath;
  const template = process.env.SVC_TEST_PG_TEMPLATE;
  if (template) {
    const name = `${RUN_DATABASE_PREFIX}${process.env.SVC_TEST_RUN ?? 'run'}_${process.pid}_${(n++).toString(36)}_${randomBytes(2).toString('hex')}`;
    rootHandle ??= syncPostgres(testPostgresUrl);
    rootHandle.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = new URL(testPostgresUrl);
    url.pathname = '/' + name;
    return url.toString();
  }
  const { url: dbUrl, admin } = workerDatabase(testPostgresUrl);
  const schema = `t_${Date.now().toString(36)}_${(n++).toString(36)}`;
  admin.exec(`CREATE SCHEMA ${schema}`);
  const url = new URL(dbUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * Drops the database or schema freshDbPath made (nothing on SQLite). Kysely's migrator lists the
 * tables of every schema on each start, so schemas left behind would slow every later start.
 */
export function dropDatabase(dbPath: string): void {
  if (!testPostgresUrl || !dbPath.startsWith('postgres')) return;
  const database = new URL(dbPath).pathname.slice(1);
  if (rootHandle && database.startsWith(RUN_DATABASE_PREFIX) && !dbPath.includes('search_path')) {
    rootHandle.exec(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    return;
  }
  const schema = /search_path(?:%3D|=)(t_\w+)/.exec(dbPath)?.[1];
  if (schema && workerDb && dbPath.startsWith(workerDb.url.split('?')[0]!)) workerDb.admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}

/** A synchronous handle on the database at `dbPath` when it is PostgreSQL's (SQLite's servers have their own). */
export function rowsOf(dbPath: string): (RowHandle & { close(): void }) | null {
  return testPostgresUrl && dbPath.startsWith('postgres') ? syncPostgres(dbPath) : null;
}

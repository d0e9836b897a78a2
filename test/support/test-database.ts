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
 * The databases this process copied from the template, by URL, each with one connection that
 * empties it again (`dropDatabase`) and serves as the test's own handle (`rowsOf`); and those of
 * them no test holds now. A database copy costs PostgreSQL a fifth of a second of work, its
 * emptying a few milliseconds, and a test's database is then as a fresh copy would be.
 */
const copies = new Map<string, { rows: RowHandle & { close(): void }; migrations: unknown }>();
const unused: string[] = [];

/**
 * What empties a copy of the template again: every row of every table but the migrator's, the
 * sequences back at their start (foreign keys are not checked meanwhile: every row goes), and any
 * session setting a test made on the handle. Connections a test left open would hold locks: gone first.
 */
const EMPTY = `
  SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid();
  SET session_replication_role = replica;
  DO $$ DECLARE t text; BEGIN
    FOR t IN SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely\\_%' LOOP
      EXECUTE 'DELETE FROM ' || t;
    END LOOP;
  END $$;
  SELECT setval(seqrelid, seqstart, false) FROM pg_sequence;
  RESET ALL;`;
const MIGRATIONS = 'SELECT count(*) AS n, max(name) AS last FROM kysely_migration';

/**
 * A fresh, empty database: `sqlitePath` on SQLite (`:memory:` or a file), on PostgreSQL a copy of
 * the run's migrated template (vitest: test/support/migrated-databases.ts), one of this process's
 * emptied ones when there is one, else a new schema's URL.
 */
export function freshDbPath(sqlitePath = ':memory:'): string {
  if (!testPostgresUrl) return sqlitePath;
  const template = process.env.SVC_TEST_PG_TEMPLATE;
  if (template) {
    const reused = unused.pop();
    if (reused) return reused;
    const name = `${RUN_DATABASE_PREFIX}${process.env.SVC_TEST_RUN ?? 'run'}_${process.pid}_${(n++).toString(36)}_${randomBytes(2).toString('hex')}`;
    rootHandle ??= syncPostgres(testPostgresUrl);
    rootHandle.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = new URL(testPostgresUrl);
    url.pathname = '/' + name;
    const rows = syncPostgres(url.toString());
    copies.set(url.toString(), { rows, migrations: rows.prepare(MIGRATIONS).get() });
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
 * Drops the database or schema freshDbPath made (nothing on SQLite); a copy of the template is
 * emptied for the process's next test instead, unless a test changed what the migrations made.
 * Kysely's migrator lists the tables of every schema on each start, so schemas left behind would
 * slow every later start.
 */
export function dropDatabase(dbPath: string): void {
  if (!testPostgresUrl || !dbPath.startsWith('postgres')) return;
  const copy = copies.get(dbPath);
  if (copy) {
    if (unused.includes(dbPath)) return;
    try {
      copy.rows.exec(EMPTY);
      if (JSON.stringify(copy.rows.prepare(MIGRATIONS).get()) === JSON.stringify(copy.migrations)) {
        unused.push(dbPath);
        return;
      }
    } catch {
      // Not emptied (a server without the rights to): dropped below like any other database.
    }
    copies.delete(dbPath);
    copy.rows.close();
  }
  const database = new URL(dbPath).pathname.slice(1);
  if (rootHandle && database.startsWith(RUN_DATABASE_PREFIX) && !dbPath.includes('search_path')) {
    rootHandle.exec(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    return;
  }
  const schema = /search_path(?:%3D|=)(t_\w+)/.exec(dbPath)?.[1];
  if (schema && workerDb && dbPath.startsWith(workerDb.url.split('?')[0]!)) workerDb.admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}

/**
 * A synchronous handle on the database at `dbPath` when it is PostgreSQL's (SQLite's servers have
 * their own): a copy of the template's own connection, which its `close` leaves open.
 */
export function rowsOf(dbPath: string): (RowHandle & { close(): void }) | null {
  if (!testPostgresUrl || !dbPath.startsWith('postgres')) return null;
  const copy = copies.get(dbPath);
  return copy ? { ...copy.rows, close() {} } : syncPostgres(dbPath);
}

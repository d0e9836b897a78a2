import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openStore } from '../../src/server/store/open.js';
import { RUN_DATABASE_PREFIX, testPostgresUrl } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the image of a migrated, empty SQLite database. */
    sqliteImage: string;
    /** The migrated PostgreSQL database each test's database is copied from ('' on SQLite). */
    postgresTemplate: string;
    /** This run's id: the name of every PostgreSQL database the run makes starts with it. */
    testRun: string;
  }
}

/**
 * Vitest's global setup: runs every migration once per run, not once per test. On SQLite it
 * keeps the image of a migrated database, which each `:memory:` database then starts as
 * (test/support/start-migrated.ts); on PostgreSQL it migrates a template database that each
 * test's database is a copy of (`CREATE DATABASE … TEMPLATE`, test-database.ts). At the end it
 * drops every PostgreSQL database the run made, unless npm test named the run: it drops them itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-unit-'));
  const memory = await openStore({ path: ':memory:' });
  const sqliteImage = join(dir, 'migrated.db');
  writeFileSync(sqliteImage, memory.sqlite!.serialize());
  await memory.close();
  project.provide('sqliteImage', sqliteImage);

  const run = process.env.SVC_TEST_RUN ?? `u${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  project.provide('testRun', run);
  const base = testPostgresUrl;
  const template = base ? `${RUN_DATABASE_PREFIX}${run}_template` : '';
  if (base) {
    await onPostgres(base, (c) => c.query(`CREATE DATABASE ${template}`));
    const url = new URL(base);
    url.pathname = '/' + template;
    const store = await openStore({ path: url.toString() });
    await store.close();
    // No autovacuum in the copies (a table's setting is copied with it): its ANALYZE, run in the
    // middle of a test on a server that has it on (SVC_TEST_PG), changed the plans the query-plan
    // guards read from a few rows. The throw-away cluster of npm test runs without it anyway.
    await onPostgres(url.toString(), async (c) => {
      const { rows } = await c.query<{ name: string }>(
        "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
      );
      for (const { name } of rows) await c.query(`ALTER TABLE ${name} SET (autovacuum_enabled = false)`);
    });
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    // Under npm test (which names the run) the run's databases go at its end, with the rest.
    if (!base || process.env.SVC_TEST_RUN) return;
    await onPostgres(base, async (c) => {
      const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
        `${RUN_DATABASE_PREFIX}${run}_`,
      ]);
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  };
}

async function onPostgres(url: string, work: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { RUN_DATABASE_PREFIX, testPostgresUrl } from './test-database.js';

/**
 * Playwright's global setup on PostgreSQL: migrates one template database for the run, so that
 * each server a spec starts opens a copy of it (test/support/test-database.ts) instead of running
 * every migration itself. Does nothing on SQLite. The built server migrates it, as the specs run it.
 * At the end it drops the run's databases, unless npm test named the run: it drops them itself.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (!testPostgresUrl) return;
  // Under npm test (which names the run) the run's databases go at its end, with the rest.
  const named = !!process.env.SVC_TEST_RUN;
  const run = (process.env.SVC_TEST_RUN ??= `e${Date.now().toString(36)}${randomBytes(2).toString('hex')}`);
  const template = `${RUN_DATABASE_PREFIX}${run}_e2e_template`;
  await onPostgres(testPostgresUrl, (c) => c.query(`CREATE DATABASE ${template}`));
  const url = new URL(testPostgresUrl);
  url.pathname = '/' + template;
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const { openStore } = await import(pathToFileURL(join(root, 'dist/node/server/store/open.js')).href);
  await (await openStore({ path: url.toString() })).close();
  // The workers start after this and inherit it.
  process.env.SVC_TEST_PG_TEMPLATE = template;
  if (named) return;
  return async () => {
    await onPostgres(testPostgresUrl!, async (c) => {
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

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { STEPS } from '../../../../src/server/store/migrations/index.js';
import { openStore, type Store } from '../../../../src/server/store/open.js';
import { dropDatabase, freshDbPath } from '../../../support/test-database.js';

// How the tables' columns are read: SQLite's table_info, PostgreSQL's catalog (Kysely's introspection).
const READS_COLUMNS = /table_info|pg_attribute|information_schema/i;

const stores: Store[] = [];
const paths: string[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const p of paths.splice(0)) dropDatabase(p);
});

async function open(path: string, seen: string[] = []): Promise<Store> {
  const store = await openStore({ path, onQuery: (statement) => void seen.push(statement) });
  stores.push(store);
  return store;
}

describe('the migrations on start', () => {
  it('an up-to-date database opens with one read of its history: the migrator is not asked', async () => {
    const path = freshDbPath();
    paths.push(path);
    const seen: string[] = [];
    const store = await open(path, seen);
    expect(seen.filter((s) => READS_COLUMNS.test(s))).toEqual([]);
    expect(seen.filter((s) => /kysely_migration/.test(s))).toHaveLength(2);
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(store.db);
    expect(rows.map((r) => r.name).sort()).toEqual(STEPS.map(([name]) => name).sort());
  });

  it('a step the code does not know is refused at start, as the migrator refuses it', async () => {
    // A file on SQLite: each `:memory:` database is a new one.
    const path = freshDbPath(join(mkdtempSync(join(tmpdir(), 'svc-migrations-')), 'svc.db'));
    paths.push(path);
    const first = await open(path);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('999_from_a_newer_version', '2026-11-27T00:00:00.000Z')`.execute(
      first.db,
    );
    const seen: string[] = [];
    await expect(openStore({ path, onQuery: (statement) => void seen.push(statement) })).rejects.toThrow(
      /database migration .*failed.*999_from_a_newer_version/,
    );
    expect(seen.some((s) => READS_COLUMNS.test(s))).toBe(true);
  });
});

import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/** Every query of `config_imports`: which configuration files were imported, when and how. */

export type ConfigImportRow = Row<'config_imports'>;
export type ImportMode = ConfigImportRow['mode'];

/** The latest import, or null when no configuration was ever recorded (a database from before migration 008). */
export async function latestImport(db: Queryable): Promise<ConfigImportRow | null> {
  return (await db.selectFrom('config_imports').selectAll().orderBy('id', 'desc').limit(sql.lit(1)).executeTakeFirst()) ?? null;
}

export async function recordImport(db: Queryable, v: Omit<ConfigImportRow, 'id'>): Promise<void> {
  await db.insertInto('config_imports').values(v).execute();
}

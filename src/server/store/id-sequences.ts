import { sql } from 'kysely';
import type { Queryable } from './queryable.js';

/** Tables whose rows the site configuration and the REST API's seed insert with ids of their own. */
export const SEEDED_ID_TABLES = [
  'customers',
  'sites',
  'ad_campaigns',
  'ac_condition_groups',
  'ac_conditions',
  'site_blocks',
  'employees',
  'agents',
  'tariff_plans',
] as const;

/**
 * PostgreSQL only. A row inserted with an explicit id leaves the table's identity sequence where
 * it was, so the next row made without one (a site or campaign created through the REST API) would
 * be given an id already taken. After a seed or an import, move each sequence past the largest id.
 * SQLite picks max(rowid) + 1 by itself and needs nothing.
 */
export async function alignIdSequences(
  db: Queryable,
  tables: readonly (typeof SEEDED_ID_TABLES)[number][] = SEEDED_ID_TABLES,
): Promise<void> {
  for (const table of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/**
 * Row ids taken ahead from a table's identity sequence for the statements of one batch (PostgreSQL:
 * ingest/read-ahead.ts takes a goal id for each event of the batch with its first reads). An
 * insert that takes one needs no RETURNING and so no wait for its answer: it goes out with the
 * COMMIT. Kept per transaction handle; each batch's read-ahead replaces the list.
 */
const idsAhead = new WeakMap<Queryable, Map<string, number[]>>();

export function takeIdsAhead(db: Queryable, table: string, ids: number[]): void {
  let tables = idsAhead.get(db);
  if (!tables) idsAhead.set(db, (tables = new Map()));
  tables.set(table, ids);
}

/** One of the ids taken ahead for `table` in `db`, or undefined: the insert then makes its own. */
export function idAhead(db: Queryable, table: string): number | undefined {
  return idsAhead.get(db)?.get(table)?.shift();
}

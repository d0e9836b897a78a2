import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Column shapes the migrations share, written once for both dialects. SQLite makes `INTEGER
 * PRIMARY KEY` the row id (generated on insert); PostgreSQL needs an identity column for the same.
 */

export type Dialect = 'sqlite' | 'postgres';

/** One numbered migration step: `up` gets the dialect it runs against. Never edit a shipped step. */
export interface Step {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** A generated integer primary key named `id`. */
export function withId<T extends string>(dialect: Dialect, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey());
}

/** `CHECK (column IN (...))`. */
export const oneOf =
  (column: string, values: readonly string[]) =>
  (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    c.check(sql`${sql.ref(column)} IN (${sql.join(values.map((v) => sql.lit(v)))})`);

/** A table keyed by its primary key alone: SQLite stores it without a separate row id. */
export function keyOnly<T extends string, C extends string>(dialect: Dialect, table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C> {
  return dialect === 'sqlite' ? table.modifyEnd(sql`WITHOUT ROWID`) : table;
}

/**
 * The campaign columns of a URL (utm_*, OpenStat os_*, click ids), nullable text. A copy of
 * tracking/campaign.ts's CAMPAIGN_FIELDS on purpose: a shipped migration must not change when the
 * application's list does.
 */
export const CAMPAIGN_COLUMNS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'os_ad_id',
  'os_campaign_id',
  'os_service_name',
  'os_source_id',
  'gclid',
  'yclid',
  'ef_id',
] as const;

/** Adds nullable text columns. */
export function texts<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  names: readonly string[],
): CreateTableBuilder<T, C> {
  let t = table;
  for (const n of names) t = t.addColumn(n, 'text') as CreateTableBuilder<T, C>;
  return t;
}

import type { Kysely } from 'kysely';

/**
 * The write endpoints' rate limits on PostgreSQL count in `window_counters` now, as the abuse
 * guards do (http/rate-limit-store.ts): `rate_counters` held the same upsert over a table of its
 * own. Its rows are counts of windows of a minute, nothing to carry over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_counters').ifExists().execute();
}

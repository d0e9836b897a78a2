import type { Kysely } from 'kysely';

/**
 * The Metrica ClientId of a session (`_ym_uid`), beside `ua_client_id` (the `_ga` client id) that
 * every session has carried since the first step: Yandex Metrica's offline conversions name the
 * visitor by it (docs/conversions.md). Null when the page had no Metrica counter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('ym_client_id', 'text').execute();
}

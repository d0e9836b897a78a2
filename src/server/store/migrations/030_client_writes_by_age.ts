import type { Kysely } from 'kysely';

/**
 * The retention job of write ids (ingest/retention.ts) deletes those older than any retry can be:
 * by age, which without this index would scan the whole table every time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('client_writes_created').on('client_writes').column('created_at').execute();
}

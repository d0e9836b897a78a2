import type { Kysely } from 'kysely';

/** Whose write it was: a write id replayed by another visitor of the site gets no stored result. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('client_writes').addColumn('visitor_id', 'integer').execute();
}

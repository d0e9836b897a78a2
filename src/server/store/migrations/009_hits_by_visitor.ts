import type { Kysely } from 'kysely';

/**
 * A visitor's latest page view: a chat message or an offline request whose own page view is
 * unknown takes the visitor's latest (tracking/queries.ts latestHitOfVisitor). Without this index
 * that lookup scanned every page view of every site.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('hits_visitor').on('hits').columns(['visitor_id', 'id']).execute();
}

import type { Kysely } from 'kysely';
import { withId, type Dialect } from './columns.js';

/**
 * The database becomes the source of truth: campaigns are removed softly (`removed_at`; records
 * keep their `ac_id`, and the REST visitor record reports `is_removed`), and every configuration
 * file imported is recorded, so a start with a different file can say so instead of applying it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await s.alterTable('ad_campaigns').addColumn('removed_at', 'text').execute();
  await withId(dialect, s.createTable('config_imports'))
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
}

import { sql, type Kysely } from 'kysely';
import { keyOnly, type Dialect } from './columns.js';

/**
 * What a site owner needs to fix an installation alone:
 * - `site_refused_origins`: the last page origin refused for each site (what, when, why), so the
 *   app's "Check installation" can say which page was turned away and how to let it in. One row per
 *   site, rewritten at most once a minute by each process (sites/refused-origins.ts): a flood of
 *   refused requests costs no writes.
 * - `sites.removed_at`: a site its owner deleted. Its traffic keeps pointing at it, so the row stays;
 *   its keys serve nothing and the lists leave it out.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await keyOnly(
    dialect,
    s
      .createTable('site_refused_origins')
      .addColumn('site_id', 'integer', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('at_ms', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull()),
  ).execute();
  await s.alterTable('sites').addColumn('removed_at', 'text').execute();
  // A live site's domain once per customer; removed sites keep theirs without blocking a new one.
  // Not unique in the database: older databases may hold such twins, which the API now refuses.
  await s
    .createIndex('sites_customer_domain')
    .on('sites')
    .columns(['customer_id', 'domain'])
    .where(sql<boolean>`removed_at IS NULL`)
    .execute();
}

import type { Kysely } from 'kysely';
import { keyOnly, oneOf, withId, type Dialect } from './columns.js';

/**
 * What advertising cost (docs/conversions.md, "Ad costs and return on spend"):
 * - `ad_costs`: a campaign's cost on one day from one source, in hundredths of the site's cost
 *   currency; one row per (site, campaign, day, source), so importing a day again replaces it;
 * - `ad_cost_mappings`: which of the site's campaigns an ad platform's campaign is, as the owner
 *   confirmed it once (by the platform's campaign id, or its name when the export has no id);
 * - `ad_cost_currencies`: the site's cost currency, fixed by its first import or entry.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  const sources = ['yandex_direct', 'google_ads', 'manual'] as const;
  await withId(dialect, s.createTable('ad_costs'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('ac_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => oneOf('source', sources)(c.notNull()))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('ad_costs_campaign_day_source', ['site_id', 'ac_id', 'day', 'source'])
    .execute();
  await keyOnly(
    dialect,
    s
      .createTable('ad_cost_mappings')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('platform_campaign', 'text', (c) => c.notNull())
      .addColumn('ac_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('ad_cost_mappings_pk', ['site_id', 'source', 'platform_campaign']),
  ).execute();
  await s
    .createTable('ad_cost_currencies')
    .addColumn('site_id', 'integer', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .execute();
}

import type { Kysely } from 'kysely';
import { oneOf } from './columns.js';

/**
 * Why a visit kept the site's own number, and the owner's preview of a campaign:
 * - `sessions.number_reason`: null while the session shows a tracking number; else why it kept
 *   the site's (`no_campaign`, `dry`, `share`, `bot`, `preview_invalid`, `preview_expired`), or
 *   `preview` for the owner's own preview (a number past the lease policy, never counted as a visit);
 * - `dt_overflows.reason`: whether a pool was dry or the client past its share (null before this step);
 * - `preview_keys`: each site's secret that signs its preview links (tracking/preview-token.ts).
 *
 * The reports count visits without the previews, from the sessions' (site, time) and (site,
 * campaign, time) indexes alone, as before (085_report_indexes.ts): both are made again with the
 * note as their last column, under the same names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('sessions').addColumn('number_reason', 'text').execute();
  await s
    .alterTable('dt_overflows')
    .addColumn('reason', 'text', oneOf('reason', ['dry', 'share']))
    .execute();
  await s
    .createTable('preview_keys')
    .addColumn('site_id', 'integer', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  for (const [name, columns] of [
    ['sessions_site_time', ['site_id', 'start_time', 'number_reason']],
    ['sessions_site_campaign_time', ['site_id', 'ac_id', 'start_time', 'number_reason']],
  ] as const) {
    await s.dropIndex(name).execute();
    await s
      .createIndex(name)
      .on('sessions')
      .columns([...columns])
      .execute();
  }
  // The pool page counts a pool's dry sessions of a week.
  await s.createIndex('dt_overflows_block_time').on('dt_overflows').columns(['block_id', 'created_at']).execute();
}

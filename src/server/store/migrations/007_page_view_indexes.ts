import type { Kysely } from 'kysely';

/**
 * Indexes for the page-view path: every hit reads its site's blocks, a DT block its pool, a new
 * session its site's campaign conditions. Without them each scans the table of all sites (and
 * SQLite may build a throwaway index per statement run).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.createIndex('site_blocks_site').on('site_blocks').columns(['site_id', 'ac_id']).execute();
  await s.createIndex('dt_pool_numbers_block').on('dt_pool_numbers').columns(['block_id', 'number']).execute();
  await s.createIndex('ac_condition_groups_campaign').on('ac_condition_groups').column('ac_id').execute();
  await s.createIndex('ac_conditions_group').on('ac_conditions').column('ac_condition_group_id').execute();
}

import type { Queryable } from '../store/queryable.js';
import { allCustomers, type CustomerRow } from '../identity/customers.js';
import type { BlockFullRow } from './blocks.js';
import type { CampaignRow } from './campaigns.js';
import type { ConditionFullRow, ConditionGroupRow } from './conditions.js';
import type { PoolNumberRow } from './pool-numbers.js';
import type { SiteRow } from './sites.js';

/**
 * The configuration import (config/import.ts) compares a file with every row of the site tables:
 * they hold configuration, not traffic, so they stay small and are read whole.
 */

/** Every row of the site tables, as the import compares a configuration file with them. */
export interface SiteData {
  customers: CustomerRow[];
  sites: SiteRow[];
  campaigns: CampaignRow[];
  groups: ConditionGroupRow[];
  conditions: ConditionFullRow[];
  blocks: BlockFullRow[];
  pool: PoolNumberRow[];
}

export async function siteData(db: Queryable): Promise<SiteData> {
  return {
    customers: await allCustomers(db),
    sites: await db.selectFrom('sites').selectAll().orderBy('id').execute(),
    campaigns: await db.selectFrom('ad_campaigns').selectAll().orderBy('id').execute(),
    groups: await db.selectFrom('ac_condition_groups').selectAll().orderBy('id').execute(),
    conditions: await db.selectFrom('ac_conditions').selectAll().orderBy('id').execute(),
    blocks: await db.selectFrom('site_blocks').selectAll().orderBy('id').execute(),
    pool: await db.selectFrom('dt_pool_numbers').selectAll().orderBy('id').execute(),
  };
}

import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * Queries of the site configuration: customers and sites. The configuration import writes them,
 * the lookups read them.
 */

export type SiteRow = Row<'sites'>;

export async function siteByKey(db: Queryable, column: 'site_key' | 'widget_key', key: string): Promise<SiteRow | null> {
  return (await db.selectFrom('sites').selectAll().where(column, '=', key).executeTakeFirst()) ?? null;
}

export async function siteById(db: Queryable, id: number): Promise<SiteRow | null> {
  return (await db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** One condition of a live campaign of a site, in matching order (campaign, group, condition). */
export interface ConditionRow {
  ac_id: number;
  group_id: number;
  ac_parameter: string;
  ac_operator: '=' | '~' | 'sub';
  value: string;
  is_negative: number;
}

/**
 * The conditions of a site's campaigns that are not removed, by priority (highest first), then
 * campaign id, group id and condition id: the order campaigns are tried in.
 */
export async function campaignConditions(db: Queryable, siteId: number): Promise<ConditionRow[]> {
  return db
    .selectFrom('ad_campaigns as a')
    .innerJoin('ac_condition_groups as g', 'g.ac_id', 'a.id')
    .innerJoin('ac_conditions as c', 'c.ac_condition_group_id', 'g.id')
    .select(['a.id as ac_id', 'g.id as group_id', 'c.ac_parameter', 'c.ac_operator', 'c.value', 'c.is_negative'])
    .where('a.site_id', '=', siteId)
    .where('a.removed_at', 'is', null)
    .orderBy('a.priority', 'desc')
    .orderBy('a.id')
    .orderBy('g.id')
    .orderBy('c.id')
    .execute();
}

export interface BlockRow {
  id: number;
  ac_id: number | null;
  selector: string;
  numb: string | null;
  text: string | null;
  image: string | null;
  is_dt_enabled: number;
}

/** The number blocks a session of campaign `acId` gets: the campaign's first, then the site's defaults. */
export async function sessionBlocks(db: Queryable, siteId: number, acId: number): Promise<BlockRow[]> {
  return db
    .selectFrom('site_blocks')
    .select(['id', 'ac_id', 'selector', 'numb', 'text', 'image', 'is_dt_enabled'])
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('ac_id', 'is', null), eb('ac_id', '=', acId)]))
    .orderBy((eb) => eb('ac_id', 'is', null))
    .orderBy('id')
    .execute();
}

export interface DtSettings {
  /** Minutes a number stays leased after its session ends. */
  lease_minutes: number;
  /** What a dry pool gives: the block's static number (`static`) or the site's reserved one. */
  overflow: 'static' | 'reserved';
  reserved_number: string | null;
}

export async function dtSettings(db: Queryable, siteId: number): Promise<DtSettings> {
  const r = await db
    .selectFrom('sites')
    .select(['dt_lease_minutes', 'dt_overflow', 'dt_reserved_number'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  return {
    lease_minutes: r?.dt_lease_minutes ?? 15,
    overflow: r?.dt_overflow ?? 'static',
    reserved_number: r?.dt_reserved_number ?? null,
  };
}

/** A site's call-back settings (site configuration `callback`), as stored (JSON text). */
export async function siteCallbackJson(db: Queryable, siteId: number): Promise<string | null> {
  const row = await db.selectFrom('sites').select('callback').where('id', '=', siteId).executeTakeFirst();
  return row?.callback ?? null;
}

/** The numbers of a DT block's pool (international digits). */
export async function poolNumbers(db: Queryable, blockId: number): Promise<string[]> {
  const rows = await db.selectFrom('dt_pool_numbers').select('number').where('block_id', '=', blockId).orderBy('id').execute();
  return rows.map((r) => r.number);
}

// ---------------------------------------------------------------------------------------------
// The configuration import (config/import.ts): what it compares a file with, and its writes.
// The import reads the site tables whole: they hold configuration, not traffic, so they stay small.

export type CustomerRow = Row<'customers'>;
export type CampaignRow = Row<'ad_campaigns'>;
export type ConditionGroupRow = Row<'ac_condition_groups'>;
export type ConditionFullRow = Row<'ac_conditions'>;
export type BlockFullRow = Row<'site_blocks'>;
export type PoolNumberRow = Row<'dt_pool_numbers'>;

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
    customers: await db.selectFrom('customers').selectAll().orderBy('id').execute(),
    sites: await db.selectFrom('sites').selectAll().orderBy('id').execute(),
    campaigns: await db.selectFrom('ad_campaigns').selectAll().orderBy('id').execute(),
    groups: await db.selectFrom('ac_condition_groups').selectAll().orderBy('id').execute(),
    conditions: await db.selectFrom('ac_conditions').selectAll().orderBy('id').execute(),
    blocks: await db.selectFrom('site_blocks').selectAll().orderBy('id').execute(),
    pool: await db.selectFrom('dt_pool_numbers').selectAll().orderBy('id').execute(),
  };
}

/** Whether the database holds no customer yet: the only state a configuration file seeds. */
export async function hasNoCustomers(db: Queryable): Promise<boolean> {
  return !(await db.selectFrom('customers').select('id').limit(sql.lit(1)).executeTakeFirst());
}

export type CustomerValues = Pick<CustomerRow, 'id' | 'name'>;
/** A campaign as the import writes it: writing one also restores it (removed_at back to NULL). */
export type CampaignValues = Omit<CampaignRow, 'removed_at'>;

export async function upsertCustomer(db: Queryable, v: CustomerValues): Promise<void> {
  await db
    .insertInto('customers')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: v.name }))
    .execute();
}

export async function upsertSite(db: Queryable, v: SiteRow): Promise<void> {
  const { id: _id, ...rest } = v;
  await db
    .insertInto('sites')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

export async function upsertCampaign(db: Queryable, v: CampaignValues): Promise<void> {
  const row = { site_id: v.site_id, name: v.name, priority: v.priority, removed_at: null };
  await db
    .insertInto('ad_campaigns')
    .values({ id: v.id, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/**
 * Removes a campaign softly: it matches no new session, its id stays valid in the sessions and
 * records that carry it, and the REST visitor record reports it with `is_removed`.
 */
export async function removeCampaign(db: Queryable, id: number, at: string): Promise<void> {
  await db.updateTable('ad_campaigns').set({ removed_at: at }).where('id', '=', id).where('removed_at', 'is', null).execute();
}

export async function upsertConditionGroup(db: Queryable, v: ConditionGroupRow): Promise<void> {
  await db
    .insertInto('ac_condition_groups')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet({ ac_id: v.ac_id, name: v.name }))
    .execute();
}

/** Deletes a condition group and, by cascade, its conditions. */
export async function deleteConditionGroup(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('ac_condition_groups').where('id', '=', id).execute();
}

export async function upsertCondition(db: Queryable, v: ConditionFullRow): Promise<void> {
  const { id: _id, ...rest } = v;
  await db
    .insertInto('ac_conditions')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

export async function deleteCondition(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('ac_conditions').where('id', '=', id).execute();
}

export async function upsertBlock(db: Queryable, v: BlockFullRow): Promise<void> {
  const { id: _id, ...rest } = v;
  await db
    .insertInto('site_blocks')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

/** Deletes a number block and, by cascade, its pool; the leases keep their history. */
export async function deleteBlock(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('site_blocks').where('id', '=', id).execute();
}

export async function addPoolNumber(db: Queryable, blockId: number, number: string): Promise<void> {
  await db.insertInto('dt_pool_numbers').values({ block_id: blockId, number }).execute();
}

export async function deletePoolNumber(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('dt_pool_numbers').where('id', '=', id).execute();
}

import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * Queries of the site configuration: customers and sites. The configuration import writes them,
 * the lookups read them.
 */

export type SiteRow = Row<'sites'>;

/** A site by its key, while its customer is active (a customer an agent created serves no page before activation). */
export async function siteByKey(db: Queryable, column: 'site_key' | 'widget_key', key: string): Promise<SiteRow | null> {
  return (
    (await db
      .selectFrom('sites')
      .innerJoin('customers', 'customers.id', 'sites.customer_id')
      .selectAll('sites')
      .where(`sites.${column}`, '=', key)
      .where('customers.state', '=', 'active')
      .executeTakeFirst()) ?? null
  );
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

/** Every `~` condition of a campaign not removed, for the start-up check of its pattern. */
export async function patternConditions(db: Queryable): Promise<{ id: number; ac_id: number; site_id: number; value: string }[]> {
  return db
    .selectFrom('ad_campaigns as a')
    .innerJoin('ac_condition_groups as g', 'g.ac_id', 'a.id')
    .innerJoin('ac_conditions as c', 'c.ac_condition_group_id', 'g.id')
    .select(['c.id', 'a.id as ac_id', 'a.site_id', 'c.value'])
    .where('c.ac_operator', '=', '~')
    .where('a.removed_at', 'is', null)
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

/** How many numbers a DT block's pool has (the lease policy's shares are of this). */
export async function poolSize(db: Queryable, blockId: number): Promise<number> {
  const row = await db
    .selectFrom('dt_pool_numbers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('block_id', '=', blockId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
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

// ---------------------------------------------------------------------------------------------
// The REST API (api/): customers of agents, sites, campaigns, condition groups and conditions,
// number blocks. Lists are paged (`limit`, `offset`) in id order, so pages are stable.

/** `limit`/`offset` of a REST list. */
export interface Page {
  limit: number;
  offset: number;
}

export async function customerById(db: Queryable, id: number): Promise<CustomerRow | null> {
  return (await db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function customersOfAgent(
  db: Queryable,
  agentId: number,
  page: Page,
): Promise<Array<Pick<CustomerRow, 'id' | 'name' | 'state'>>> {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'state'])
    .where('agent_id', '=', agentId)
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many customers an agent has (the REST list's X-Total-Count). */
export async function customerCountOfAgent(db: Queryable, agentId: number): Promise<number> {
  const r = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function createCustomer(
  db: Queryable,
  v: Pick<CustomerRow, 'name' | 'state' | 'agent_id' | 'tp_id' | 'email' | 'limits' | 'time_zone'>,
): Promise<number> {
  return (await db.insertInto('customers').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

/** Moves a customer from `from` to `to`; false when it was not in `from` (so two calls cannot both succeed). */
export async function changeCustomerState(db: Queryable, id: number, from: string, to: string): Promise<boolean> {
  const r = await db.updateTable('customers').set({ state: to }).where('id', '=', id).where('state', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Creates a customer of the REST demo seed unless one with its id exists. */
export async function ensureCustomer(db: Queryable, id: number, name: string): Promise<void> {
  await db
    .insertInto('customers')
    .values({ id, name })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Sets a seeded customer's agent (the demo seed). */
export async function setCustomerAgent(db: Queryable, id: number, agentId: number | null, tpId: number | null): Promise<void> {
  await db.updateTable('customers').set({ agent_id: agentId, tp_id: tpId }).where('id', '=', id).execute();
}

export async function sitesOfCustomer(
  db: Queryable,
  customerId: number,
  page: Page,
): Promise<Array<{ id: number; domain: string; site_key: string; widget_key: string }>> {
  return db
    .selectFrom('sites')
    .select(['id', 'domain', 'site_key', 'widget_key'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function siteCountOfCustomer(db: Queryable, customerId: number): Promise<number> {
  const r = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function createSite(
  db: Queryable,
  v: Pick<SiteRow, 'customer_id' | 'domain' | 'site_key' | 'widget_key' | 'user_phone' | 'settings' | 'target_call_min_duration'>,
): Promise<number> {
  return (await db.insertInto('sites').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

/** The campaigns (not removed) of a customer's sites, or of one of them. */
export async function campaignsOfCustomer(
  db: Queryable,
  customerId: number,
  siteId: number | null,
  page: Page,
): Promise<Array<{ id: number; name: string; site_id: number }>> {
  let q = db
    .selectFrom('ad_campaigns as a')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select(['a.id', 'a.name', 'a.site_id'])
    .where('s.customer_id', '=', customerId)
    .where('a.removed_at', 'is', null);
  if (siteId != null) q = q.where('a.site_id', '=', siteId);
  return q.orderBy('a.id').limit(page.limit).offset(page.offset).execute();
}

/** How many campaigns campaignsOfCustomer lists over all its pages. */
export async function campaignCountOfCustomer(db: Queryable, customerId: number, siteId: number | null): Promise<number> {
  let q = db
    .selectFrom('ad_campaigns as a')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('s.customer_id', '=', customerId)
    .where('a.removed_at', 'is', null);
  if (siteId != null) q = q.where('a.site_id', '=', siteId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** A live campaign with its site and customer, or null. */
export async function campaignOwner(db: Queryable, acId: number): Promise<{ site_id: number; customer_id: number } | null> {
  return (
    (await db
      .selectFrom('ad_campaigns as a')
      .innerJoin('sites as s', 's.id', 'a.site_id')
      .select(['a.site_id', 's.customer_id'])
      .where('a.id', '=', acId)
      .where('a.removed_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

/** Whether a site already has a campaign of that name (a removed one too: the name stays taken). */
export async function campaignNameTaken(db: Queryable, siteId: number, name: string): Promise<boolean> {
  return !!(await db.selectFrom('ad_campaigns').select('id').where('site_id', '=', siteId).where('name', '=', name).executeTakeFirst());
}

export async function createCampaign(db: Queryable, siteId: number, name: string): Promise<number> {
  return (await db.insertInto('ad_campaigns').values({ site_id: siteId, name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function createConditionGroup(db: Queryable, acId: number, name: string): Promise<number> {
  return (await db.insertInto('ac_condition_groups').values({ ac_id: acId, name }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A condition group of a live campaign, with its campaign and customer. */
export async function conditionGroupOwner(db: Queryable, groupId: number): Promise<{ ac_id: number; customer_id: number } | null> {
  return (
    (await db
      .selectFrom('ac_condition_groups as g')
      .innerJoin('ad_campaigns as a', 'a.id', 'g.ac_id')
      .innerJoin('sites as s', 's.id', 'a.site_id')
      .select(['g.ac_id', 's.customer_id'])
      .where('g.id', '=', groupId)
      .where('a.removed_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

export async function createCondition(db: Queryable, v: Omit<ConditionFullRow, 'id'>): Promise<number> {
  return (await db.insertInto('ac_conditions').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

/** A condition with its campaign and customer. */
export async function conditionOwner(db: Queryable, conditionId: number): Promise<{ ac_id: number; customer_id: number } | null> {
  return (
    (await db
      .selectFrom('ac_conditions as c')
      .innerJoin('ac_condition_groups as g', 'g.id', 'c.ac_condition_group_id')
      .innerJoin('ad_campaigns as a', 'a.id', 'g.ac_id')
      .innerJoin('sites as s', 's.id', 'a.site_id')
      .select(['g.ac_id', 's.customer_id'])
      .where('c.id', '=', conditionId)
      .executeTakeFirst()) ?? null
  );
}

/** A campaign's condition groups with their conditions (groups without conditions too), in id order. */
export async function campaignConditionRows(
  db: Queryable,
  acId: number,
): Promise<
  Array<{
    group_id: number;
    group_name: string;
    id: number | null;
    ac_parameter: string | null;
    ac_operator: string | null;
    value: string | null;
    is_negative: number | null;
  }>
> {
  return db
    .selectFrom('ac_condition_groups as g')
    .leftJoin('ac_conditions as c', 'c.ac_condition_group_id', 'g.id')
    .select(['g.id as group_id', 'g.name as group_name', 'c.id', 'c.ac_parameter', 'c.ac_operator', 'c.value', 'c.is_negative'])
    .where('g.ac_id', '=', acId)
    .orderBy('g.id')
    .orderBy('c.id')
    .execute();
}

/** The number blocks of a campaign (`acId`) or the site's defaults (`acId` null), in id order. */
export async function blocksOf(db: Queryable, siteId: number, acId: number | null): Promise<BlockFullRow[]> {
  return db
    .selectFrom('site_blocks')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('ac_id', acId == null ? 'is' : '=', acId)
    .orderBy('id')
    .execute();
}

/** A block with its site's customer. */
export async function blockOwner(db: Queryable, blockId: number): Promise<(BlockFullRow & { customer_id: number }) | null> {
  return (
    (await db
      .selectFrom('site_blocks as b')
      .innerJoin('sites as s', 's.id', 'b.site_id')
      .selectAll('b')
      .select('s.customer_id')
      .where('b.id', '=', blockId)
      .executeTakeFirst()) ?? null
  );
}

export async function createBlock(db: Queryable, v: Omit<BlockFullRow, 'id'>): Promise<number> {
  return (await db.insertInto('site_blocks').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateBlock(db: Queryable, id: number, v: Partial<Omit<BlockFullRow, 'id' | 'site_id' | 'ac_id'>>): Promise<void> {
  if (Object.keys(v).length) await db.updateTable('site_blocks').set(v).where('id', '=', id).execute();
}

/** Replaces a block's pool numbers. */
export async function setPoolNumbers(db: Queryable, blockId: number, numbers: readonly string[]): Promise<void> {
  await db.deleteFrom('dt_pool_numbers').where('block_id', '=', blockId).execute();
  for (const number of numbers) await addPoolNumber(db, blockId, number);
}

/** Tables whose rows the site configuration and the REST API's seed insert with ids of their own. */
export const SEEDED_ID_TABLES = [
  'customers',
  'sites',
  'ad_campaigns',
  'ac_condition_groups',
  'ac_conditions',
  'site_blocks',
  'employees',
  'agents',
  'tariff_plans',
] as const;

/**
 * PostgreSQL only. A row inserted with an explicit id leaves the table's identity sequence where
 * it was, so the next row made without one (a site or campaign created through the REST API) would
 * be given an id already taken. After a seed or an import, move each sequence past the largest id.
 * SQLite picks max(rowid) + 1 by itself and needs nothing.
 */
export async function alignIdSequences(
  db: Queryable,
  tables: readonly (typeof SEEDED_ID_TABLES)[number][] = SEEDED_ID_TABLES,
): Promise<void> {
  for (const table of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/**
 * A service number as the telephony boundary finds it: a DT pool's, a block's static number, or
 * a site's reserved number (what a dry pool, a second visitor behind one address and bots get).
 */
export interface NumberOwner {
  kind: 'pool' | 'static' | 'reserved';
  /** Null for a reserved number (a site setting, no block). */
  block_id: number | null;
  site_id: number;
  customer_id: number;
  /** The block's campaign; null for one of the site's default blocks and for a reserved number. */
  ac_id: number | null;
  /** The block has a DT pool: its static number is the pool's fallback, shown to anyone. */
  dt: boolean;
  /** The number as stored (one of the variants asked for). */
  number: string;
  forward_numb: string | null;
}

/**
 * Every use of a number stored in any of `variants` (the forms one number is written in:
 * numbers/keys.ts; always four, so the statement text stays the same): pool numbers, static
 * block numbers and reserved numbers, each kind in block (or site) order. A number a removed
 * campaign's block still holds is found too: its calls keep the campaign.
 */
export async function numberOwners(db: Queryable, variants: readonly [string, string, string, string]): Promise<NumberOwner[]> {
  const pool = await db
    .selectFrom('dt_pool_numbers as p')
    .innerJoin('site_blocks as b', 'b.id', 'p.block_id')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .select(['p.block_id', 'b.site_id', 's.customer_id', 'b.ac_id', 'p.number', 'b.forward_numb'])
    .where('p.number', 'in', variants)
    .orderBy('p.block_id')
    .orderBy('p.id')
    .execute();
  const blocks = await db
    .selectFrom('site_blocks as b')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .select(['b.id as block_id', 'b.site_id', 's.customer_id', 'b.ac_id', 'b.numb as number', 'b.forward_numb', 'b.is_dt_enabled'])
    .where('b.numb', 'in', variants)
    .orderBy('b.id')
    .execute();
  const reserved = await db
    .selectFrom('sites')
    .select(['id as site_id', 'customer_id', 'dt_reserved_number as number'])
    .where('dt_reserved_number', 'in', variants)
    .orderBy('id')
    .execute();
  return [
    ...pool.map((r) => ({ kind: 'pool' as const, ...r, dt: true })),
    ...blocks.map(({ is_dt_enabled, ...r }) => ({ kind: 'static' as const, ...r, number: r.number ?? '', dt: !!is_dt_enabled })),
    ...reserved.map((r) => ({
      kind: 'reserved' as const,
      block_id: null,
      ac_id: null,
      dt: false,
      forward_numb: null,
      ...r,
      number: r.number ?? '',
    })),
  ];
}

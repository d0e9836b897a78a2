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

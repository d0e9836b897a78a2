import type { Queryable } from '../store/queryable.js';
import type { AdCostSource } from '../store/tables.js';

/** Every query of `ad_costs`, `ad_cost_mappings` and `ad_cost_currencies`. */

/** One campaign's cost on one day from one source, in hundredths. */
export interface DayCost {
  ac_id: number;
  day: string;
  cents: number;
}

/** The site's cost currency, or null before its first import or entry. */
export async function siteCurrency(db: Queryable, siteId: number): Promise<string | null> {
  const r = await db.selectFrom('ad_cost_currencies').select('currency').where('site_id', '=', siteId).executeTakeFirst();
  return r?.currency ?? null;
}

export async function setSiteCurrency(db: Queryable, siteId: number, currency: string): Promise<void> {
  await db
    .insertInto('ad_cost_currencies')
    .values({ site_id: siteId, currency })
    .onConflict((oc) => oc.column('site_id').doNothing())
    .execute();
}

/**
 * Stores the costs of one source, each replacing the row of its campaign, day and source; answers
 * how many of them replaced a row stored before. The caller holds the transaction.
 */
export async function replaceCosts(
  db: Queryable,
  siteId: number,
  source: AdCostSource,
  currency: string,
  costs: readonly DayCost[],
  at: string,
): Promise<number> {
  let replaced = 0;
  for (const c of costs) {
    const gone = await db
      .deleteFrom('ad_costs')
      .where('site_id', '=', siteId)
      .where('ac_id', '=', c.ac_id)
      .where('day', '=', c.day)
      .where('source', '=', source)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0) replaced++;
    await db
      .insertInto('ad_costs')
      .values({ site_id: siteId, ac_id: c.ac_id, day: c.day, amount_cents: c.cents, currency, source, updated_at: at })
      .execute();
  }
  return replaced;
}

/** The costs of a site's campaigns per campaign over the days `[from, till)` (YYYY-MM-DD; `from` null: from the start). */
export async function costsPerCampaign(db: Queryable, siteId: number, from: string | null, till: string): Promise<Map<number, number>> {
  let q = db
    .selectFrom('ad_costs')
    .select(['ac_id', (eb) => eb.fn.sum<number | string>('amount_cents').as('cents')])
    .where('site_id', '=', siteId)
    .where('day', '<', till);
  if (from !== null) q = q.where('day', '>=', from);
  const rows = await q.groupBy('ac_id').execute();
  return new Map(rows.map((r) => [r.ac_id, Number(r.cents)]));
}

/** The stored mappings of a site and source: platform campaign (id, else name) → campaign. */
export async function mappingsOf(db: Queryable, siteId: number, source: AdCostSource): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('ad_cost_mappings')
    .select(['platform_campaign', 'ac_id'])
    .where('site_id', '=', siteId)
    .where('source', '=', source)
    .execute();
  return new Map(rows.map((r) => [r.platform_campaign, r.ac_id]));
}

/** All the mappings of a site, for the app's list. */
export async function allMappings(db: Queryable, siteId: number) {
  return db
    .selectFrom('ad_cost_mappings')
    .select(['source', 'platform_campaign', 'ac_id'])
    .where('site_id', '=', siteId)
    .orderBy('source')
    .orderBy('platform_campaign')
    .execute();
}

export async function saveMapping(
  db: Queryable,
  siteId: number,
  source: AdCostSource,
  platformCampaign: string,
  acId: number,
): Promise<void> {
  await db
    .insertInto('ad_cost_mappings')
    .values({ site_id: siteId, source, platform_campaign: platformCampaign, ac_id: acId })
    .onConflict((oc) => oc.columns(['site_id', 'source', 'platform_campaign']).doUpdateSet({ ac_id: acId }))
    .execute();
}

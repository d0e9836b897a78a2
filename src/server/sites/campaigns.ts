import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * Every query of `ad_campaigns`: the import's writes, the soft removal, and the REST API's lists,
 * owners and creation. Lists are paged in id order, so pages are stable.
 */

export type CampaignRow = Row<'ad_campaigns'>;

/** A campaign as the import writes it: writing one also restores it (removed_at back to NULL). */
export type CampaignValues = Omit<CampaignRow, 'removed_at'>;

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

/** Whether a site already has a campaign of that name (a removed one too: the name stays taken), other than `except`. */
export async function campaignNameTaken(db: Queryable, siteId: number, name: string, except: number | null = null): Promise<boolean> {
  let q = db.selectFrom('ad_campaigns').select('id').where('site_id', '=', siteId).where('name', '=', name);
  if (except != null) q = q.where('id', '<>', except);
  return !!(await q.executeTakeFirst());
}

export async function renameCampaign(db: Queryable, id: number, name: string): Promise<void> {
  await db.updateTable('ad_campaigns').set({ name }).where('id', '=', id).execute();
}

/** Removes every live campaign of a site softly (the site is being deleted); how many. */
export async function removeCampaignsOfSite(db: Queryable, siteId: number, at: string): Promise<number> {
  const r = await db
    .updateTable('ad_campaigns')
    .set({ removed_at: at })
    .where('site_id', '=', siteId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function createCampaign(db: Queryable, siteId: number, name: string): Promise<number> {
  return (await db.insertInto('ad_campaigns').values({ site_id: siteId, name }).returning('id').executeTakeFirstOrThrow()).id;
}

/** The site's campaigns, removed ones too (old records keep their ids). */
export async function campaignsOfSite(db: Queryable, siteId: number): Promise<Array<{ id: number; name: string; removed: boolean }>> {
  const rows = await db
    .selectFrom('ad_campaigns')
    .select(['id', 'name', 'removed_at'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, removed: r.removed_at != null }));
}

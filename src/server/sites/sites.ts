import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/** Every query of `sites`: the lookups by key and id, a site's settings, the import's and the REST API's writes. */

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
      .where('sites.removed_at', 'is', null)
      .where('customers.state', '=', 'active')
      .executeTakeFirst()) ?? null
  );
}

export async function siteById(db: Queryable, id: number): Promise<SiteRow | null> {
  return (await db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
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

export async function upsertSite(db: Queryable, v: SiteRow): Promise<void> {
  const { id: _id, ...rest } = v;
  await db
    .insertInto('sites')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
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
    .where('removed_at', 'is', null)
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
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function createSite(
  db: Queryable,
  v: Pick<
    SiteRow,
    'customer_id' | 'domain' | 'site_key' | 'widget_key' | 'user_phone' | 'origins' | 'settings' | 'target_call_min_duration'
  >,
): Promise<number> {
  return (await db.insertInto('sites').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

/** A live site of the customer, or null (another customer's, a deleted one and none read the same). */
export async function ownLiveSite(db: Queryable, customerId: number, id: number): Promise<SiteRow | null> {
  return (
    (await db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('removed_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

/** Another live site of the customer with this domain (stored in lower case), or null. */
export async function siteWithDomain(db: Queryable, customerId: number, domain: string, except: number | null): Promise<number | null> {
  let q = db
    .selectFrom('sites')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('domain', '=', domain)
    .where('removed_at', 'is', null);
  if (except != null) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst())?.id ?? null;
}

export async function updateSite(
  db: Queryable,
  id: number,
  v: Partial<Pick<SiteRow, 'domain' | 'origins' | 'user_phone' | 'site_key' | 'removed_at'>>,
): Promise<void> {
  if (Object.keys(v).length) await db.updateTable('sites').set(v).where('id', '=', id).execute();
}

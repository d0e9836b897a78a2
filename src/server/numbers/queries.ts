import { sql } from 'kysely';
import type { Page } from '../store/page.js';
import { onPostgres, type Queryable } from '../store/queryable.js';
import type { NewRow, Row } from '../store/tables.js';

/** The key of the telephony seed's lock (pg_advisory_xact_lock(int, int)): "TS" in ASCII. */
const SEED_LOCK = 0x5453;

/**
 * Holds the telephony seed for the rest of the transaction: two server processes started together
 * on one new PostgreSQL database would otherwise both find no tariffs and both seed (a duplicate
 * media file ended one of them). The second waits, then finds the first's tariffs. SQLite's write
 * transaction holds its one write lock already.
 */
export async function lockTelephonySeed(db: Queryable): Promise<void> {
  if (onPostgres(db)) await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK}, 0)`.execute(db);
}

/**
 * Every query of the numbers tables (migration 075): the number capacity and number tariffs, the
 * customers' numbers, scenarios and their caller-list routes, media files and SIP lines. The site
 * blocks and DT pools are read here only for which numbers they use (their owner is sites/).
 */

// Number tariffs and capacity ------------------------------------------------------------------

export async function numberTariff(db: Queryable, category: string): Promise<Row<'number_tariffs'> | null> {
  return (await db.selectFrom('number_tariffs').selectAll().where('category', '=', category).executeTakeFirst()) ?? null;
}

export async function numberTariffs(db: Queryable): Promise<Array<Row<'number_tariffs'>>> {
  return db.selectFrom('number_tariffs').selectAll().orderBy('category').execute();
}

export async function upsertNumberTariff(db: Queryable, t: NewRow<'number_tariffs'>): Promise<void> {
  await db
    .insertInto('number_tariffs')
    .values(t)
    .onConflict((oc) =>
      oc
        .column('category')
        .doUpdateSet({ monthly_charge_kopecks: t.monthly_charge_kopecks, activation_charge_kopecks: t.activation_charge_kopecks ?? 0 }),
    )
    .execute();
}

export async function addCapacityNumber(db: Queryable, n: { region: string; phone_number: string; category: string }): Promise<void> {
  await db
    .insertInto('number_capacity')
    .values(n)
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .execute();
}

export async function regionExists(db: Queryable, region: string): Promise<boolean> {
  return !!(await db.selectFrom('number_capacity').select('id').where('region', '=', region).limit(sql.lit(1)).executeTakeFirst());
}

/**
 * Takes the region's first free number for `customerId`; null when none is left. Run it in a
 * transaction with what records the number: on PostgreSQL the row is locked and concurrent buyers
 * skip it (SKIP LOCKED), so each gets another; SQLite's one writer keeps transactions apart. The
 * guarded UPDATE (still free?) is the last word either way.
 */
export async function takeFreeNumber(
  db: Queryable,
  region: string,
  customerId: number,
  now: string,
): Promise<Pick<Row<'number_capacity'>, 'phone_number' | 'category'> | null> {
  for (let attempt = 0; attempt < 8; attempt++) {
    let q = db
      .selectFrom('number_capacity')
      .select(['id', 'phone_number', 'category'])
      .where('region', '=', region)
      .where('customer_id', 'is', null)
      .orderBy('id')
      .limit(sql.lit(1));
    if (onPostgres(db)) q = q.forUpdate().skipLocked();
    const free = await q.executeTakeFirst();
    if (!free) return null;
    const r = await db
      .updateTable('number_capacity')
      .set({ customer_id: customerId, taken_at: now })
      .where('id', '=', free.id)
      .where('customer_id', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) return { phone_number: free.phone_number, category: free.category };
  }
  return null;
}

/** Names the customer a capacity number was found held by (buy.ts). */
export async function capacityHolderIs(db: Queryable, phoneNumber: string, customerId: number): Promise<void> {
  await db.updateTable('number_capacity').set({ customer_id: customerId }).where('phone_number', '=', phoneNumber).execute();
}

// Customers' numbers ---------------------------------------------------------------------------

/** Records a number the customer holds; false when some customer already holds it. */
export async function addCustomerNumber(db: Queryable, n: NewRow<'customer_numbers'>): Promise<boolean> {
  const r = await db
    .insertInto('customer_numbers')
    .values(n)
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!r;
}

export async function customerNumbers(db: Queryable, customerId: number): Promise<Array<Row<'customer_numbers'>>> {
  return db.selectFrom('customer_numbers').selectAll().where('customer_id', '=', customerId).orderBy('phone_number').execute();
}

/** A number held by anyone, with its holder. */
export async function heldNumber(db: Queryable, phoneNumber: string): Promise<Row<'customer_numbers'> | null> {
  return (await db.selectFrom('customer_numbers').selectAll().where('phone_number', '=', phoneNumber).executeTakeFirst()) ?? null;
}

/** Every held number with its holder (the start-up step reads them once). */
export async function heldNumbers(db: Queryable): Promise<Array<Pick<Row<'customer_numbers'>, 'phone_number' | 'customer_id'>>> {
  return db.selectFrom('customer_numbers').select(['phone_number', 'customer_id']).execute();
}

/** The customer holding the number in any of its four stored forms (numbers/keys.ts); null when nobody does. */
export async function holderOf(db: Queryable, variants: readonly [string, string, string, string]): Promise<number | null> {
  const r = await db
    .selectFrom('customer_numbers')
    .select('customer_id')
    .where('phone_number', 'in', variants)
    .orderBy('id')
    .limit(sql.lit(1))
    .executeTakeFirst();
  return r?.customer_id ?? null;
}

/**
 * A capacity number that became a customer's another way (the operator's site configuration, an
 * older database) is no longer for sale: its capacity row names the holder. A no-op when the
 * number is not in the capacity or is taken already.
 */
export async function markCapacityTaken(
  db: Queryable,
  variants: readonly [string, string, string, string],
  customerId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('number_capacity')
    .set({ customer_id: customerId, taken_at: now })
    .where('phone_number', 'in', variants)
    .where('customer_id', 'is', null)
    .execute();
}

export async function setForwardTarget(db: Queryable, id: number, forwardTo: string): Promise<void> {
  await db.updateTable('customer_numbers').set({ forward_to: forwardTo }).where('id', '=', id).execute();
}

/** A number a site block or DT pool of the customer uses, with the site and the campaign (NULL: the site's default). */
export interface NumberUse {
  number: string;
  block_id: number;
  forward_numb: string | null;
  site_id: number;
  domain: string;
  ac_id: number | null;
  campaign_name: string | null;
}

/** One number a site shows: a block's (numb), a DT pool's, or a site's reserved number (block_id null). */
export interface SiteNumberUse {
  number: string;
  customer_id: number;
  site_id: number;
  block_id: number | null;
}

/**
 * Every number every site shows, the block numbers and pool numbers in block order (the block
 * made first comes first), then the sites' reserved numbers in site order; of one customer, or of all.
 */
export async function allNumberUses(db: Queryable, customerId?: number): Promise<SiteNumberUse[]> {
  const blocks = await db
    .selectFrom('site_blocks as b')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .select(['b.numb as number', 's.customer_id', 'b.site_id', 'b.id as block_id'])
    .where('b.numb', 'is not', null)
    .$if(customerId !== undefined, (q) => q.where('s.customer_id', '=', customerId!))
    .execute();
  const pools = await db
    .selectFrom('dt_pool_numbers as p')
    .innerJoin('site_blocks as b', 'b.id', 'p.block_id')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .select(['p.number', 's.customer_id', 'b.site_id', 'b.id as block_id', 'p.id as pool_id'])
    .$if(customerId !== undefined, (q) => q.where('s.customer_id', '=', customerId!))
    .execute();
  const reserved = await db
    .selectFrom('sites')
    .select(['dt_reserved_number as number', 'customer_id', 'id as site_id'])
    .where('dt_reserved_number', 'is not', null)
    .$if(customerId !== undefined, (q) => q.where('customer_id', '=', customerId!))
    .orderBy('id')
    .execute();
  const inBlocks = [...blocks.map((b) => ({ ...b, pool_id: 0 })), ...pools].sort(
    (a, b) => a.block_id - b.block_id || a.pool_id - b.pool_id,
  );
  return [
    ...inBlocks.map((u) => ({ number: u.number!, customer_id: u.customer_id, site_id: u.site_id, block_id: u.block_id })),
    ...reserved.map((u) => ({ number: u.number!, customer_id: u.customer_id, site_id: u.site_id, block_id: null })),
  ];
}

/** The customer's first site (the one a call to a number no site shows is recorded on); null without any. */
export async function firstSiteOf(db: Queryable, customerId: number): Promise<number | null> {
  const r = await db
    .selectFrom('sites')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .limit(sql.lit(1))
    .executeTakeFirst();
  return r?.id ?? null;
}

/** The customers that have a site. */
export async function customersWithSites(db: Queryable): Promise<number[]> {
  const rows = await db.selectFrom('sites').select('customer_id').distinct().orderBy('customer_id').execute();
  return rows.map((r) => r.customer_id);
}

/** Every number the customer's site blocks (numb) and DT pools use, in block order. */
export async function numbersInUse(db: Queryable, customerId: number): Promise<NumberUse[]> {
  const blocks = await db
    .selectFrom('site_blocks as b')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .leftJoin('ad_campaigns as a', 'a.id', 'b.ac_id')
    .select(['b.numb as number', 'b.id as block_id', 'b.forward_numb', 'b.site_id', 's.domain', 'b.ac_id', 'a.name as campaign_name'])
    .where('s.customer_id', '=', customerId)
    .where('b.numb', 'is not', null)
    .orderBy('b.id')
    .execute();
  const pools = await db
    .selectFrom('dt_pool_numbers as p')
    .innerJoin('site_blocks as b', 'b.id', 'p.block_id')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .leftJoin('ad_campaigns as a', 'a.id', 'b.ac_id')
    .select(['p.number', 'b.id as block_id', 'b.forward_numb', 'b.site_id', 's.domain', 'b.ac_id', 'a.name as campaign_name'])
    .where('s.customer_id', '=', customerId)
    .orderBy('b.id')
    .orderBy('p.id')
    .execute();
  return [...blocks, ...pools].map((u) => ({ ...u, number: u.number! }));
}

/** The forwarding number of the block (or the block of the DT pool) that uses `number` on one of the customer's sites. */
export async function blockForwardOf(db: Queryable, customerId: number, number: string): Promise<string | null> {
  const b = await db
    .selectFrom('site_blocks as b')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .select('b.forward_numb')
    .where('s.customer_id', '=', customerId)
    .where('b.numb', '=', number)
    .where('b.forward_numb', 'is not', null)
    .orderBy('b.id')
    .limit(sql.lit(1))
    .executeTakeFirst();
  if (b) return b.forward_numb;
  const p = await db
    .selectFrom('dt_pool_numbers as p')
    .innerJoin('site_blocks as b', 'b.id', 'p.block_id')
    .innerJoin('sites as s', 's.id', 'b.site_id')
    .select('b.forward_numb')
    .where('s.customer_id', '=', customerId)
    .where('p.number', '=', number)
    .where('b.forward_numb', 'is not', null)
    .orderBy('b.id')
    .limit(sql.lit(1))
    .executeTakeFirst();
  return p?.forward_numb ?? null;
}

// Scenarios ------------------------------------------------------------------------------------

export async function createScenario(db: Queryable, s: NewRow<'scenarios'>, numbers: readonly string[]): Promise<number> {
  const { id } = await db.insertInto('scenarios').values(s).returning('id').executeTakeFirstOrThrow();
  for (const n of numbers) await db.insertInto('scenario_numbers').values({ scenario_id: id, phone_number: n }).execute();
  return id;
}

export async function addScenarioRoute(db: Queryable, r: NewRow<'scenario_numa_routes'>): Promise<void> {
  await db.insertInto('scenario_numa_routes').values(r).execute();
}

export async function customerScenarios(db: Queryable, customerId: number): Promise<Array<Row<'scenarios'>>> {
  return db.selectFrom('scenarios').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

/** The numbers of the customer's scenarios. */
export async function scenarioNumbers(db: Queryable, customerId: number): Promise<Array<Row<'scenario_numbers'>>> {
  return db
    .selectFrom('scenario_numbers as n')
    .innerJoin('scenarios as s', 's.id', 'n.scenario_id')
    .select(['n.scenario_id', 'n.phone_number'])
    .where('s.customer_id', '=', customerId)
    .orderBy('n.phone_number')
    .execute();
}

/** The caller-list routes of the customer's scenarios, in the order a call tries them. */
export async function scenarioRoutesOf(db: Queryable, customerId: number) {
  return db
    .selectFrom('scenario_numa_routes as r')
    .innerJoin('scenarios as s', 's.id', 'r.scenario_id')
    .innerJoin('numa_lists as l', 'l.id', 'r.numa_list_id')
    .select(['r.id', 'r.scenario_id', 'r.numa_list_id', 'l.name as list_name', 'r.forward_to'])
    .where('s.customer_id', '=', customerId)
    .orderBy('r.position')
    .orderBy('r.id')
    .execute();
}

/** A scenario's name, forwarding and numbers, all at once (its routes stay). */
export async function updateScenario(
  db: Queryable,
  id: number,
  s: { name: string; forward_to: string | null },
  numbers: readonly string[],
): Promise<void> {
  await db.updateTable('scenarios').set(s).where('id', '=', id).execute();
  await db.deleteFrom('scenario_numbers').where('scenario_id', '=', id).execute();
  for (const n of numbers) await db.insertInto('scenario_numbers').values({ scenario_id: id, phone_number: n }).execute();
}

/** Removes one route of a scenario; true when it was there. */
export async function removeScenarioRoute(db: Queryable, scenarioId: number, routeId: number): Promise<boolean> {
  const r = await db.deleteFrom('scenario_numa_routes').where('id', '=', routeId).where('scenario_id', '=', scenarioId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The scenario of the customer that answers `number`. */
export async function scenarioOfNumber(db: Queryable, customerId: number, number: string): Promise<Row<'scenarios'> | null> {
  return (
    (await db
      .selectFrom('scenario_numbers as n')
      .innerJoin('scenarios as s', 's.id', 'n.scenario_id')
      .selectAll('s')
      .where('n.phone_number', '=', number)
      .where('s.customer_id', '=', customerId)
      .executeTakeFirst()) ?? null
  );
}

/** Where the scenario sends a caller on one of its lists: the first route (by position) whose list holds `numa`. */
export async function numaRoute(db: Queryable, scenarioId: number, numa: string): Promise<string | null> {
  const r = await db
    .selectFrom('scenario_numa_routes as r')
    .innerJoin('numa_list_numbers as n', 'n.list_id', 'r.numa_list_id')
    .select('r.forward_to')
    .where('r.scenario_id', '=', scenarioId)
    .where('n.number', '=', numa)
    .orderBy('r.position')
    .orderBy('r.id')
    .limit(sql.lit(1))
    .executeTakeFirst();
  return r?.forward_to ?? null;
}

// Media files ----------------------------------------------------------------------------------

export async function addMediaFile(db: Queryable, f: NewRow<'media_files'>): Promise<void> {
  await db.insertInto('media_files').values(f).execute();
}

/** A file of that name (the customer's, or the system's for customer_id null) gets the new content; else it is added. True when added. */
export async function putMediaFile(db: Queryable, f: NewRow<'media_files'>): Promise<boolean> {
  const owner = f.customer_id ?? null;
  const r = await db
    .updateTable('media_files')
    .set({ duration_s: f.duration_s, size: f.size, modify_time: f.modify_time, is_normalize: f.is_normalize ?? 0 })
    .where('name', '=', f.name)
    .where((eb) => (owner === null ? eb('customer_id', 'is', null) : eb('customer_id', '=', owner)))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return false;
  await addMediaFile(db, f);
  return true;
}

/**
 * The customer's media files (or the system's, customerId null) whose name starts with `prefix`:
 * compared with substr, so `%` and `_` in a name are plain characters on both dialects.
 */
export async function mediaFiles(
  db: Queryable,
  /** The customers whose files are listed; null: the system's files. */
  customerIds: readonly number[] | null,
  prefix: string | undefined,
  page: Page,
): Promise<{ rows: Array<Row<'media_files'>>; total: number }> {
  if (customerIds?.length === 0) return { rows: [], total: 0 };
  const base = () => {
    let q = db.selectFrom('media_files');
    q = customerIds === null ? q.where('customer_id', 'is', null) : q.where('customer_id', 'in', customerIds);
    if (prefix !== undefined) q = q.where(sql<string>`substr(name, 1, ${prefix.length})`, '=', prefix);
    return q;
  };
  const rows = await base().selectAll().orderBy('name').orderBy('id').limit(page.limit).offset(page.offset).execute();
  const { n } = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * The customers' numbers held through a carrier connection (migration 100): bought or imported
 * there (carriers/number-stock-functions.ts), their calls routed to this server, or the carrier's
 * words when that routing failed, kept until a retry succeeds. A number leaving the customer
 * (release_number) leaves `customer_numbers`, and a capacity number becomes free again.
 */

export type CustomerNumber = Row<'customer_numbers'>;

/** Numbers held through the connection, any customer's. */
export async function carrierNumberCount(db: Queryable, connectionId: number): Promise<number> {
  const { n } = await db
    .selectFrom('customer_numbers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('carrier_connection_id', '=', connectionId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Records a number the customer now holds at the carrier; false when some customer holds it already. */
export async function addCarrierNumber(
  db: Queryable,
  n: {
    customer_id: number;
    phone_number: string;
    region: string | null;
    connection_id: number;
    carrier_number_id: string;
    route_error: string | null;
    now: string;
  },
): Promise<boolean> {
  const r = await db
    .insertInto('customer_numbers')
    .values({
      customer_id: n.customer_id,
      phone_number: n.phone_number,
      category: 'local',
      region: n.region,
      source: 'carrier',
      // The carrier bills its account directly: this server charges nothing for it.
      monthly_charge_kopecks: 0,
      activation_date: n.now,
      carrier_connection_id: n.connection_id,
      carrier_number_id: n.carrier_number_id,
      carrier_route_error: n.route_error,
    })
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!r;
}

/** Null once its calls come here; else the carrier's words. */
export async function setRouteError(db: Queryable, id: number, error: string | null): Promise<void> {
  await db.updateTable('customer_numbers').set({ carrier_route_error: error }).where('id', '=', id).execute();
}

/** Every number held through the connection. */
export async function numbersOfConnection(db: Queryable, connectionId: number): Promise<CustomerNumber[]> {
  return db.selectFrom('customer_numbers').selectAll().where('carrier_connection_id', '=', connectionId).orderBy('id').execute();
}

/** The connection's numbers whose routing failed. */
export async function unroutedNumbers(db: Queryable, connectionId: number): Promise<CustomerNumber[]> {
  return db
    .selectFrom('customer_numbers')
    .selectAll()
    .where('carrier_connection_id', '=', connectionId)
    .where('carrier_route_error', 'is not', null)
    .orderBy('id')
    .execute();
}

/** The customer's numbers held through carriers. */
export async function carrierNumbersOf(db: Queryable, customerId: number): Promise<CustomerNumber[]> {
  return db
    .selectFrom('customer_numbers')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('carrier_connection_id', 'is not', null)
    .orderBy('phone_number')
    .execute();
}

/** Which of these numbers some customer holds, and who. */
export async function holdersOf(db: Queryable, numbers: readonly string[]): Promise<Map<string, number>> {
  if (!numbers.length) return new Map();
  const rows = await db
    .selectFrom('customer_numbers')
    .select(['phone_number', 'customer_id'])
    .where('phone_number', 'in', numbers)
    .execute();
  return new Map(rows.map((r) => [r.phone_number, r.customer_id]));
}

/** The number leaves the customer; a capacity number is for sale again. */
export async function releaseCustomerNumber(db: Queryable, n: CustomerNumber): Promise<void> {
  await db.deleteFrom('customer_numbers').where('id', '=', n.id).execute();
  if (n.source === 'bought')
    await db.updateTable('number_capacity').set({ customer_id: null, taken_at: null }).where('phone_number', '=', n.phone_number).execute();
}

/** The site's numbers held through a carrier: its blocks', its pools' and its reserved number, in that order. */
export async function siteCarrierNumbers(db: Queryable, siteId: number): Promise<CustomerNumber[]> {
  const blocks = db
    .selectFrom('site_blocks')
    .select(sql<string>`numb`.as('n'))
    .where('site_id', '=', siteId)
    .where('numb', 'is not', null);
  const pools = db
    .selectFrom('dt_pool_numbers as p')
    .innerJoin('site_blocks as b', 'b.id', 'p.block_id')
    .select('p.number as n')
    .where('b.site_id', '=', siteId);
  const reserved = db
    .selectFrom('sites')
    .select(sql<string>`dt_reserved_number`.as('n'))
    .where('id', '=', siteId)
    .where('dt_reserved_number', 'is not', null);
  const shown = [...(await blocks.execute()), ...(await pools.execute()), ...(await reserved.execute())].map((r) => r.n.replace(/\D/g, ''));
  if (!shown.length) return [];
  const held = await db
    .selectFrom('customer_numbers as c')
    .innerJoin('sites as s', 's.customer_id', 'c.customer_id')
    .selectAll('c')
    .where('s.id', '=', siteId)
    .where('c.carrier_connection_id', 'is not', null)
    .where('c.phone_number', 'in', shown)
    .execute();
  return shown.flatMap((n) => held.filter((h) => h.phone_number === n).slice(0, 1)).filter((h, i, all) => all.indexOf(h) === i);
}

/** The site's blocks with a DT pool: where a visitor's session may hold a number. */
export async function siteDtBlocks(db: Queryable, siteId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('site_blocks')
    .select('id')
    .where('site_id', '=', siteId)
    .where('is_dt_enabled', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

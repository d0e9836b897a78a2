import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { NewRow, Row } from '../store/tables.js';
import type { PrefixType } from '../store/tables/telephony.js';

/**
 * Every query of the charges tables (migration 075): call tariffs and rated leg costs. Legs
 * (`call_legs`, migration 070) are written by the telephony boundary of the calls work and read
 * here for rating and for the cost reports.
 */

export async function callTariffs(db: Queryable): Promise<Array<Row<'call_tariffs'>>> {
  return db.selectFrom('call_tariffs').selectAll().orderBy('id').execute();
}

export async function addCallTariff(db: Queryable, t: NewRow<'call_tariffs'>): Promise<number> {
  const { id } = await db.insertInto('call_tariffs').values(t).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The customer's ended legs set up in [from, till) (UTC) not rated yet. */
export async function unratedLegs(
  db: Queryable,
  customerId: number,
  from: string,
  till: string,
): Promise<Array<Pick<Row<'call_legs'>, 'id' | 'direction' | 'numa' | 'numb' | 'duration' | 'setup_time'>>> {
  return db
    .selectFrom('call_legs as l')
    .leftJoin('call_leg_costs as c', 'c.leg_id', 'l.id')
    .select(['l.id', 'l.direction', 'l.numa', 'l.numb', 'l.duration', 'l.setup_time'])
    .where('l.customer_id', '=', customerId)
    .where('l.setup_time', '>=', from)
    .where('l.setup_time', '<', till)
    .where('l.end_time', 'is not', null)
    .where('c.leg_id', 'is', null)
    .orderBy('l.id')
    .execute();
}

/** Stores a leg's cost; a leg rated meanwhile by another request keeps its first cost. */
export async function addLegCost(db: Queryable, c: NewRow<'call_leg_costs'>): Promise<void> {
  await db
    .insertInto('call_leg_costs')
    .values(c)
    .onConflict((oc) => oc.column('leg_id').doNothing())
    .execute();
}

export interface LegCostFilter {
  customerId: number;
  direction: 'in' | 'out';
  /** UTC, half-open. */
  from: string;
  till: string;
  callId?: number | undefined;
  /** Digits found anywhere in the number. */
  numa?: string | undefined;
  numb?: string | undefined;
  prefixType?: PrefixType | undefined;
}

export interface LegCostRow {
  id: number;
  setup_time: string;
  numa: string;
  numb: string;
  duration: number;
  prefix_type: PrefixType;
  prefix_type_name: string;
  customer_id: number;
  cost_kopecks: number;
  virtual_cost_kopecks: number;
}

/** The rated legs of one direction (cdr_in_cost, cdr_out_cost), by setup time. */
export async function legCosts(db: Queryable, f: LegCostFilter, page: Page): Promise<{ rows: LegCostRow[]; total: number }> {
  const base = () => {
    let q = db
      .selectFrom('call_leg_costs as c')
      .innerJoin('call_legs as l', 'l.id', 'c.leg_id')
      .where('c.customer_id', '=', f.customerId)
      .where('c.direction', '=', f.direction)
      .where('c.setup_time', '>=', f.from)
      .where('c.setup_time', '<', f.till);
    if (f.callId !== undefined) q = q.where('l.call_id', '=', f.callId);
    // Digits only (checked by the function), so no LIKE wildcard can come from the caller.
    if (f.numa !== undefined) q = q.where('l.numa', 'like', `%${f.numa}%`);
    if (f.numb !== undefined) q = q.where('l.numb', 'like', `%${f.numb}%`);
    if (f.prefixType !== undefined) q = q.where('c.prefix_type', '=', f.prefixType);
    return q;
  };
  const rows = await base()
    .select([
      'l.id',
      'l.setup_time',
      'l.numa',
      'l.numb',
      'l.duration',
      'c.prefix_type',
      'c.prefix_type_name',
      'c.customer_id',
      'c.cost_kopecks',
      'c.virtual_cost_kopecks',
    ])
    .orderBy('c.setup_time')
    .orderBy('l.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { n } = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** Setup time and cost of every rated leg of the customer in [from, till) (UTC), both directions. */
export async function costsBetween(
  db: Queryable,
  customerId: number,
  from: string,
  till: string,
): Promise<Array<{ setup_time: string; cost_kopecks: number }>> {
  const rows = await db
    .selectFrom('call_leg_costs')
    .select(['setup_time', 'cost_kopecks'])
    .where('customer_id', '=', customerId)
    .where('direction', 'in', ['in', 'out'])
    .where('setup_time', '>=', from)
    .where('setup_time', '<', till)
    .execute();
  return rows;
}

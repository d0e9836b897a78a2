import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { NewRow, Row } from '../store/tables.js';

/** Every query of `sip_lines` and `sip_line_employees`: the employees' SIP lines, the telephony seed's writes and the REST list. */

export async function addSipLine(db: Queryable, l: NewRow<'sip_lines'>, employeeIds: readonly number[]): Promise<number> {
  const { id } = await db.insertInto('sip_lines').values(l).returning('id').executeTakeFirstOrThrow();
  for (const e of employeeIds) await db.insertInto('sip_line_employees').values({ sip_line_id: id, employee_id: e }).execute();
  return id;
}

export async function sipLines(
  db: Queryable,
  customerId: number,
  phone: string | undefined,
  page: Page,
): Promise<{ rows: Array<Row<'sip_lines'>>; total: number }> {
  const base = () => {
    let q = db.selectFrom('sip_lines').where('customer_id', '=', customerId);
    if (phone !== undefined) q = q.where('phone', '=', phone);
    return q;
  };
  const rows = await base().selectAll().orderBy('id').limit(page.limit).offset(page.offset).execute();
  const { n } = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/** The employees of each of the customer's SIP lines. */
export async function sipLineEmployees(db: Queryable, customerId: number): Promise<Array<Row<'sip_line_employees'>>> {
  return db
    .selectFrom('sip_line_employees as e')
    .innerJoin('sip_lines as l', 'l.id', 'e.sip_line_id')
    .select(['e.sip_line_id', 'e.employee_id'])
    .where('l.customer_id', '=', customerId)
    .orderBy('e.sip_line_id')
    .orderBy('e.employee_id')
    .execute();
}

/**
 * Calls and talk seconds of one SIP line of the customer, from the legs the telephony boundary
 * records (call_legs, owned by the calls work; read here for these two sums only, by the index of
 * legs by line).
 */
export async function sipLineCallTotals(db: Queryable, customerId: number, phone: string): Promise<{ calls: number; seconds: number }> {
  const r = await db
    .selectFrom('call_legs')
    .select((eb) => [
      eb.fn.count<number>('call_id').distinct().as('calls'),
      eb.fn.coalesce(eb.fn.sum<number>('duration'), eb.lit(0)).as('seconds'),
    ])
    .where('sip_line', '=', phone)
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { calls: Number(r.calls), seconds: Number(r.seconds) };
}

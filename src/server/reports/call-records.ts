import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';
import { filtered, type ReportFilter } from './report-filter.js';
import { COMMUNICATION_COLUMNS } from '../visitors/communication-union.js';

/** The `call` report's records: calls and call-back requests. */

/** The call report's own filters. */
export interface CallFilter {
  direction?: 'in' | 'out' | undefined;
  id?: number | undefined;
  numa?: string | undefined;
  numb?: string | undefined;
}

export function callQuery(db: Queryable, f: ReportFilter, cf: CallFilter) {
  let q = db.selectFrom('calls as c').where(filtered(f, COMMUNICATION_COLUMNS.calls));
  if (cf.direction !== undefined) q = q.where('c.direction', '=', cf.direction);
  if (cf.id !== undefined) q = q.where('c.id', '=', cf.id);
  if (cf.numa !== undefined) q = q.where('c.numa', '=', cf.numa);
  if (cf.numb !== undefined) q = q.where('c.numb', '=', cf.numb);
  return q;
}

/** Call records in the filter, by id, one page; its ids first, as goalRows. */
export async function callRows(db: Queryable, f: ReportFilter, cf: CallFilter, page: Page): Promise<Array<Row<'calls'>>> {
  const ids = callQuery(db, f, cf).select('c.id').orderBy('c.id').limit(page.limit).offset(page.offset);
  return db.selectFrom('calls as c').selectAll('c').where('c.id', 'in', ids).orderBy('c.id').execute();
}

export async function callCount(db: Queryable, f: ReportFilter, cf: CallFilter): Promise<number> {
  const r = await callQuery(db, f, cf)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

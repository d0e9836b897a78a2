import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';
import { filtered, type ReportFilter } from './report-filter.js';
import { COMMUNICATION_COLUMNS } from '../visitors/communication-union.js';

/** The `offline_message` report's records. */

export function offlineQuery(db: Queryable, f: ReportFilter) {
  return db.selectFrom('offline_messages as o').where(filtered(f, COMMUNICATION_COLUMNS.offline_messages));
}

/**
 * Offline requests in the filter, by id, one page (their visitor context was copied when stored);
 * its ids first, as goalRows.
 */
export async function offlineRows(db: Queryable, f: ReportFilter, page: Page): Promise<Array<Row<'offline_messages'>>> {
  const ids = offlineQuery(db, f).select('o.id').orderBy('o.id').limit(page.limit).offset(page.offset);
  return db.selectFrom('offline_messages as o').selectAll('o').where('o.id', 'in', ids).orderBy('o.id').execute();
}

export async function offlineCount(db: Queryable, f: ReportFilter): Promise<number> {
  const r = await offlineQuery(db, f)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

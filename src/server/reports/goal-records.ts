import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import { CONTEXT } from './record-context.js';
import { COMMUNICATION_COLUMNS } from '../visitors/communication-union.js';
import { filtered, type ReportFilter } from './report-filter.js';

/** The `goal` report's records. */

/** The goals of the filter. */
export function goalQuery(db: Queryable, f: ReportFilter, goalId: number | undefined) {
  const q = db.selectFrom('goals as g').where(filtered(f, COMMUNICATION_COLUMNS.goals));
  return goalId === undefined ? q : q.where('g.id', '=', goalId);
}

/**
 * Goals (custom events) in the filter, by id, one page. The page's ids are found first, from the
 * index alone, and only its rows are read and joined with their sessions: ordering a year's rows
 * by id with their context attached read every one of them.
 */
export async function goalRows(db: Queryable, f: ReportFilter, goalId: number | undefined, page: Page) {
  const ids = goalQuery(db, f, goalId).select('g.id').orderBy('g.id').limit(page.limit).offset(page.offset);
  return db
    .selectFrom('goals as g')
    .innerJoin('sessions as s', 's.id', 'g.session_id')
    .select(['g.id', 'g.name', 'g.start_time', 'g.site_id', 'g.visitor_id', 'g.session_id', 's.ac_id', 's.entrance_page', ...CONTEXT])
    .where('g.id', 'in', ids)
    .orderBy('g.id')
    .execute();
}

export async function goalCount(db: Queryable, f: ReportFilter, goalId: number | undefined): Promise<number> {
  const r = await goalQuery(db, f, goalId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

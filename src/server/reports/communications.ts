import { sql } from 'kysely';
import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import { filtered, type ReportFilter } from './report-filter.js';
import { communicationUnion } from '../visitors/communication-union.js';
import { firstOfPerson } from '../visitors/first-of-person.js';

/**
 * Communications of every kind (goals, chats, offline requests, call records) as one list: its
 * pages, counts and counts per campaign, the sold ones, and the site of one communication.
 */

/** A communication, whatever its kind. */
export interface CommunicationRow {
  object_type: CommunicationObjectType;
  id: number;
  site_id: number;
  visitor_id: number | null;
  session_id: number | null;
  /** UTC. */
  at: string;
  ac_id: number;
}

/** The communications of the filter, as one table `u`; `onlyFirst`: each person's first only. */
function communicationList(db: Queryable, f: ReportFilter, onlyFirst: boolean) {
  const q = db.selectFrom(communicationUnion(db, (c) => filtered(f, c)).as('u'));
  return onlyFirst ? q.where(firstOfPerson(db)) : q;
}

/** One page of the communications in the filter, oldest first (the order of `communications`). */
export async function communicationPage(db: Queryable, f: ReportFilter, onlyFirst: boolean, page: Page): Promise<CommunicationRow[]> {
  const rows = await communicationList(db, f, onlyFirst)
    .selectAll()
    .orderBy('at')
    .orderBy('object_type')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows as CommunicationRow[];
}

/**
 * One page of the communications in the filter, newest first (the reverse of `communications`),
 * with how many the filter holds, counted in the same read; `total` is null when the page is past
 * the end and so holds no row to carry it.
 */
export async function newestCommunicationPage(
  db: Queryable,
  f: ReportFilter,
  page: Page,
): Promise<{ rows: CommunicationRow[]; total: number | null }> {
  const rows = await communicationList(db, f, false)
    .selectAll()
    .select(sql<number | string>`count(*) over ()`.as('total'))
    .orderBy('at', 'desc')
    .orderBy('object_type', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    rows: rows.map(({ total: _total, ...c }) => c as CommunicationRow),
    total: rows.length ? Number(rows[0]!.total) : null,
  };
}

export async function communicationCount(db: Queryable, f: ReportFilter, onlyFirst: boolean): Promise<number> {
  const r = await communicationList(db, f, onlyFirst)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** How many communications of the filter came through each campaign (`advertising_sales`). */
export async function communicationsPerCampaign(db: Queryable, f: ReportFilter, onlyFirst: boolean): Promise<Map<number, number>> {
  const rows = await communicationList(db, f, onlyFirst)
    .select(['u.ac_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('u.ac_id')
    .execute();
  return new Map(rows.map((r) => [r.ac_id, Number(r.n)]));
}

/** The communications of the filter that have a sale, with it (few: a sale is set by hand or by a request's page). */
export async function soldCommunications(
  db: Queryable,
  f: ReportFilter,
  onlyFirst: boolean,
): Promise<Array<CommunicationRow & { sale_date: string; cost_kopecks: number }>> {
  const rows = await communicationList(db, { ...f, sold: true }, onlyFirst)
    .innerJoin('sales as sa', (j) => j.onRef('sa.object_type', '=', 'u.object_type').onRef('sa.object_id', '=', 'u.id'))
    .selectAll('u')
    .select(['sa.sale_date', 'sa.cost_kopecks'])
    .execute();
  // A request the page marked as a sale (addOfflineRequest's is_sale) is one until a sale is tagged
  // on it, as its offline_message record says.
  const ownSales = await communicationList(db, f, onlyFirst)
    .innerJoin('offline_messages as om', (j) => j.on('u.object_type', '=', 'offline_message').onRef('om.id', '=', 'u.id'))
    .where('om.is_sale', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sales as sa')
            .select('sa.object_id')
            .where('sa.object_type', '=', 'offline_message')
            .whereRef('sa.object_id', '=', 'om.id'),
        ),
      ),
    )
    .selectAll('u')
    .select(['om.sale_date', 'om.date_time', 'om.sale_cost'])
    .execute();
  return [
    ...rows.map((r) => ({ ...(r as CommunicationRow), sale_date: r.sale_date, cost_kopecks: Number(r.cost_kopecks) })),
    ...ownSales.map((r) => {
      const { sale_date, date_time, sale_cost, ...c } = r;
      return { ...(c as CommunicationRow), sale_date: sale_date ?? date_time, cost_kopecks: Math.round(Number(sale_cost ?? 0) * 100) };
    }),
  ];
}

/** The site of a communication, for its owner's check; null when there is no such communication. */
export async function siteOfCommunication(db: Queryable, type: CommunicationObjectType, id: number): Promise<number | null> {
  const q =
    type === 'goal'
      ? db.selectFrom('goals').select('site_id').where('id', '=', id)
      : type === 'chat'
        ? db.selectFrom('chats').select('site_id').where('id', '=', id)
        : type === 'offline_message'
          ? db.selectFrom('offline_messages').select('site_id').where('id', '=', id)
          : db
              .selectFrom('calls')
              .select('site_id')
              .where('id', '=', id)
              .where('communication_type', '=', type === 'sitephone' ? 'sitephone' : 'call');
  return (await q.executeTakeFirst())?.site_id ?? null;
}

import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';

/** The app's own reads: what the REST API has no function for. */

/** When the server last saw a page view of the site (epoch ms), or null: "is the snippet installed?". */
export async function lastPageViewMs(db: Queryable, siteId: number): Promise<number | null> {
  const r = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('last_hit_ms').as('ms'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return r?.ms == null ? null : Number(r.ms);
}

/** The regions numbers can be bought in, with their category and how many are still free. */
export async function regionsWithFreeNumbers(db: Queryable): Promise<Array<{ region: string; category: string; free: number }>> {
  const rows = await db
    .selectFrom('number_capacity')
    .select(['region', 'category', sql<number>`SUM(CASE WHEN customer_id IS NULL THEN 1 ELSE 0 END)`.as('free')])
    .groupBy(['region', 'category'])
    .orderBy('region')
    .execute();
  return rows.map((r) => ({ region: r.region, category: r.category, free: Number(r.free) }));
}

/** The call details the journal shows beside the common context. */
export async function callDetails(db: Queryable, ids: readonly number[]) {
  if (!ids.length) return new Map<number, CallDetail>();
  const rows = await db
    .selectFrom('calls')
    .select(['id', 'numa', 'numb', 'status', 'duration', 'file_link', 'page_url'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r as CallDetail]));
}

export interface CallDetail {
  id: number;
  numa: string;
  numb: string | null;
  status: 'normal' | 'lost' | null;
  duration: number | null;
  file_link: string;
  page_url: string | null;
}

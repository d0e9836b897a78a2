import type { Queryable } from '../store/queryable.js';

/** The app's own reads: the snippet's last page view and the journal's call details. */

/** When the server last saw a page view of the site (epoch ms), or null: "is the snippet installed?". */
export async function lastPageViewMs(db: Queryable, siteId: number): Promise<number | null> {
  const r = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('last_hit_ms').as('ms'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return r?.ms == null ? null : Number(r.ms);
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

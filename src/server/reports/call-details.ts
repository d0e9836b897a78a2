import type { Queryable } from '../store/queryable.js';

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

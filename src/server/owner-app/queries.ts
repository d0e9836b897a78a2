import type { Queryable } from '../store/queryable.js';

/** The app's own read: the snippet's last page view. */

/** When the server last saw a page view of the site (epoch ms), or null: "is the snippet installed?". */
export async function lastPageViewMs(db: Queryable, siteId: number): Promise<number | null> {
  const r = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max('last_hit_ms').as('ms'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return r?.ms == null ? null : Number(r.ms);
}

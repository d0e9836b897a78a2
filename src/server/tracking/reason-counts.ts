import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';

/** Visits of a site (of one campaign, or -1 for none) since `fromMs`, counted by what their `number_reason` says. */
export async function reasonCounts(
  db: Queryable,
  siteId: number,
  acId: number | undefined,
  fromMs: number,
): Promise<Array<{ reason: string | null; visits: number }>> {
  let q = db
    .selectFrom('sessions')
    .select((eb) => ['number_reason as reason', eb.fn.countAll<number | string>().as('visits')])
    .where('site_id', '=', siteId)
    .where('start_time', '>=', timestamp(fromMs))
    .groupBy('number_reason');
  if (acId !== undefined) q = q.where('ac_id', '=', acId);
  return (await q.execute()).map((r) => ({ reason: r.reason, visits: Number(r.visits) }));
}

import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';

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

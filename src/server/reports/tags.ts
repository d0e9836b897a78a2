import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';

/** A customer's tags: the names its communications are tagged with (reports/queries.ts links them). */

export async function tags(db: Queryable, customerId: number, page: Page): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function tagCount(db: Queryable, customerId: number): Promise<number> {
  const r = await db
    .selectFrom('tags')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Seeds a tag by name (the demo seed); an existing one stays. */
export async function ensureTag(db: Queryable, customerId: number, name: string): Promise<void> {
  await db
    .insertInto('tags')
    .values({ customer_id: customerId, name })
    .onConflict((oc) => oc.columns(['customer_id', 'name']).doNothing())
    .execute();
}

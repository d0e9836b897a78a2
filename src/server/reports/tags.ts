import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';

/** Every query of `tags`: a customer's tags, the names its communications are tagged with (tag-links.ts links them). */

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

/** The customer's tags of these names (the sale and not-target tags are found by name). */
export async function tagsNamed(db: Queryable, customerId: number, names: readonly string[]): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('name', 'in', names as string[])
    .orderBy('id')
    .execute();
}

/** The customer's tag, or null. */
export async function tagOfCustomer(db: Queryable, customerId: number, tagId: number): Promise<{ id: number; name: string } | null> {
  return (
    (await db.selectFrom('tags').select(['id', 'name']).where('id', '=', tagId).where('customer_id', '=', customerId).executeTakeFirst()) ??
    null
  );
}

/** Adds a tag to the customer's (the REST functions, the demo seed); its id. An existing name answers that tag's id. */
export async function ensureTag(db: Queryable, customerId: number, name: string): Promise<number> {
  await db
    .insertInto('tags')
    .values({ customer_id: customerId, name })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom('tags')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

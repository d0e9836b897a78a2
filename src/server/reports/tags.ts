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

/** The tags the customer made beside the standard ones, oldest first. */
export async function customTags(db: Queryable, customerId: number): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('is_custom', '=', 1)
    .orderBy('id')
    .execute();
}

/** Makes a custom tag; null when the customer has a tag of that name already. */
export async function createCustomTag(db: Queryable, customerId: number, name: string): Promise<number | null> {
  const r = await db
    .insertInto('tags')
    .values({ customer_id: customerId, name, is_custom: 1 })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

/** Deletes a custom tag of the customer and takes it off every communication; false when there is none such. */
export async function deleteCustomTag(db: Queryable, customerId: number, tagId: number): Promise<boolean> {
  const t = await db
    .selectFrom('tags')
    .select('id')
    .where('id', '=', tagId)
    .where('customer_id', '=', customerId)
    .where('is_custom', '=', 1)
    .executeTakeFirst();
  if (!t) return false;
  await db.deleteFrom('tag_links').where('tag_id', '=', tagId).execute();
  await db.deleteFrom('tags').where('id', '=', tagId).execute();
  return true;
}

import type { Queryable } from '../store/queryable.js';

/** Caller-number (numa) lists: the numbers a scenario routes by who calls. */

export async function createNumaList(db: Queryable, customerId: number, name: string): Promise<number> {
  const r = await db.insertInto('numa_lists').values({ customer_id: customerId, name }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function numaListOwner(db: Queryable, listId: number): Promise<number | null> {
  const r = await db.selectFrom('numa_lists').select('customer_id').where('id', '=', listId).executeTakeFirst();
  return r?.customer_id ?? null;
}

/** Adds a number; one already on the list stays once. */
export async function addNumaNumber(db: Queryable, listId: number, number: string): Promise<void> {
  await db
    .insertInto('numa_list_numbers')
    .values({ list_id: listId, number })
    .onConflict((oc) => oc.columns(['list_id', 'number']).doNothing())
    .execute();
}

/** Removes a number; true when it was on the list. */
export async function removeNumaNumber(db: Queryable, listId: number, number: string): Promise<boolean> {
  const r = await db.deleteFrom('numa_list_numbers').where('list_id', '=', listId).where('number', '=', number).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function numaNumbers(db: Queryable, listId: number): Promise<string[]> {
  const rows = await db.selectFrom('numa_list_numbers').select('number').where('list_id', '=', listId).orderBy('number').execute();
  return rows.map((r) => r.number);
}

/** The customer's lists with their numbers, oldest list first. */
export async function numaListsOf(db: Queryable, customerId: number): Promise<Array<{ id: number; name: string; numbers: string[] }>> {
  const lists = await db.selectFrom('numa_lists').select(['id', 'name']).where('customer_id', '=', customerId).orderBy('id').execute();
  if (!lists.length) return [];
  const rows = await db
    .selectFrom('numa_list_numbers')
    .select(['list_id', 'number'])
    .where(
      'list_id',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('number')
    .execute();
  return lists.map((l) => ({ ...l, numbers: rows.filter((r) => r.list_id === l.id).map((r) => r.number) }));
}

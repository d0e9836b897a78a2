import type { Queryable } from '../store/queryable.js';

/**
 * Every query of persons (migration 050): the person column of `visitors` and the contacts that
 * join visitors into one person (`person_contacts`). persons.ts decides when two persons become one.
 */

/** The person the visitor is now, or null for no such visitor. */
export async function personOfVisitor(db: Queryable, visitorId: number): Promise<number | null> {
  const row = await db.selectFrom('visitors').select(['id', 'person_id']).where('id', '=', visitorId).executeTakeFirst();
  return row ? (row.person_id ?? row.id) : null;
}

/** The visitor's person and site, when the visitor is one of `customerId`'s sites'. */
export async function visitorPersonOfCustomer(
  db: Queryable,
  visitorId: number,
  customerId: number,
): Promise<{ person_id: number; site_id: number } | null> {
  const row = await db
    .selectFrom('visitors as v')
    .innerJoin('sites as s', 's.id', 'v.site_id')
    .select(['v.id', 'v.person_id', 'v.site_id'])
    .where('v.id', '=', visitorId)
    .where('s.customer_id', '=', customerId)
    .executeTakeFirst();
  return row ? { person_id: row.person_id ?? row.id, site_id: row.site_id } : null;
}

/** The person's visitors, oldest first. */
export async function visitorsOfPerson(db: Queryable, personId: number): Promise<number[]> {
  const rows = await db.selectFrom('visitors').select('id').where('person_id', '=', personId).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Records that the contact belongs to `personId`, unless it belongs to a person already. */
export async function addPersonContact(
  db: Queryable,
  siteId: number,
  kind: 'phone' | 'email',
  value: string,
  personId: number,
): Promise<void> {
  await db
    .insertInto('person_contacts')
    .values({ site_id: siteId, kind, value, person_id: personId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The person a contact belongs to, or null. */
export async function personOfContact(db: Queryable, siteId: number, kind: 'phone' | 'email', value: string): Promise<number | null> {
  const row = await db
    .selectFrom('person_contacts')
    .select('person_id')
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('value', '=', value)
    .executeTakeFirst();
  return row?.person_id ?? null;
}

/** Moves every visitor and contact of person `from` to person `to`. */
export async function movePerson(db: Queryable, from: number, to: number): Promise<void> {
  await db.updateTable('visitors').set({ person_id: to }).where('person_id', '=', from).execute();
  await db.updateTable('person_contacts').set({ person_id: to }).where('person_id', '=', from).execute();
}

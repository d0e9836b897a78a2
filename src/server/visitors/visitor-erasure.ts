import type { Queryable } from '../store/queryable.js';
import { emailKey, phoneKey } from './persons.js';

/**
 * What erasing visitors (visitors/erasure.ts) asks of their owner: which visitors a request names, the
 * person links their contacts made, and their own rows. Runs inside the erasure's transaction.
 */

/** Those of `ids` that are visitors of the site. */
export async function visitorsOnSite(db: Queryable, siteId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('visitors').select('id').where('site_id', '=', siteId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** The visitors of a site whose person is `personId` (a person's id is one of its visitors' ids). */
export async function visitorsOfPersonOnSite(db: Queryable, siteId: number, personId: number): Promise<number[]> {
  const rows = await db.selectFrom('visitors').select('id').where('site_id', '=', siteId).where('person_id', '=', personId).execute();
  return rows.map((r) => r.id);
}

/**
 * Undoes what the visitors `vids` of the site brought to persons: the person links their contacts
 * made (unless a visitor that stays left the same contact), and their ids as the persons' names.
 */
export async function unlinkVisitors(db: Queryable, siteId: number, vids: readonly number[]): Promise<void> {
  await forgetContacts(db, siteId, vids);
  await repointPersons(db, vids);
}

/** Deletes the visitors and what they left about themselves: properties, phones and e-mails. */
export async function deleteVisitors(db: Queryable, vids: readonly number[]): Promise<number> {
  await db.deleteFrom('visitor_properties').where('visitor_id', 'in', vids).execute();
  await db.deleteFrom('visitor_phones').where('visitor_id', 'in', vids).execute();
  await db.deleteFrom('visitor_emails').where('visitor_id', 'in', vids).execute();
  const r = await db.deleteFrom('visitors').where('id', 'in', vids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

async function forgetContacts(db: Queryable, siteId: number, vids: readonly number[]): Promise<void> {
  const phones = await db.selectFrom('visitor_phones').select('phone').where('visitor_id', 'in', vids).execute();
  const emails = await db.selectFrom('visitor_emails').select('email').where('visitor_id', 'in', vids).execute();
  const keys = [
    ...phones.map((p) => ({ kind: 'phone' as const, value: phoneKey(p.phone) })),
    ...emails.map((e) => ({ kind: 'email' as const, value: emailKey(e.email) })),
  ];
  for (const { kind, value } of keys) {
    if (value == null) continue;
    const others =
      kind === 'phone'
        ? await db
            .selectFrom('visitor_phones as p')
            .innerJoin('visitors as v', 'v.id', 'p.visitor_id')
            .select(['p.visitor_id', 'p.phone'])
            .where('v.site_id', '=', siteId)
            .where('p.visitor_id', 'not in', vids)
            .execute()
            .then((rows) => rows.some((r) => phoneKey(r.phone) === value))
        : await db
            .selectFrom('visitor_emails as e')
            .innerJoin('visitors as v', 'v.id', 'e.visitor_id')
            .select(['e.visitor_id', 'e.email'])
            .where('v.site_id', '=', siteId)
            .where('e.visitor_id', 'not in', vids)
            .execute()
            .then((rows) => rows.some((r) => emailKey(r.email) === value));
    if (!others)
      await db.deleteFrom('person_contacts').where('site_id', '=', siteId).where('kind', '=', kind).where('value', '=', value).execute();
  }
}

/**
 * A person's id is one of its visitors' ids: where an erased visitor's id names the person of
 * visitors that stay, the person takes the smallest id among those.
 */
async function repointPersons(db: Queryable, vids: readonly number[]): Promise<void> {
  for (const gone of vids) {
    const staying = await db
      .selectFrom('visitors')
      .select('id')
      .where('person_id', '=', gone)
      .where('id', 'not in', vids)
      .orderBy('id')
      .execute();
    if (staying.length === 0) {
      await db.deleteFrom('person_contacts').where('person_id', '=', gone).execute();
      continue;
    }
    const next = staying[0]!.id;
    await db.updateTable('visitors').set({ person_id: next }).where('person_id', '=', gone).where('id', 'not in', vids).execute();
    await db.updateTable('person_contacts').set({ person_id: next }).where('person_id', '=', gone).execute();
  }
}

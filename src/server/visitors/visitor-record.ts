import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/** A visitor as the `visitor` REST record shows it: its row and its contacts. */

/** A visitor of the customer's sites, or null. */
export async function visitorOfCustomer(db: Queryable, visitorId: number, customerId: number): Promise<Row<'visitors'> | null> {
  const row = await db
    .selectFrom('visitors as v')
    .innerJoin('sites as st', 'st.id', 'v.site_id')
    .selectAll('v')
    .where('v.id', '=', visitorId)
    .where('st.customer_id', '=', customerId)
    .executeTakeFirst();
  return row ?? null;
}

/** The visitor's phones, e-mails and properties, in the order they were left. */
export async function visitorContacts(db: Queryable, visitorId: number) {
  const phones = await db.selectFrom('visitor_phones').select('phone').where('visitor_id', '=', visitorId).orderBy('created_at').execute();
  const emails = await db.selectFrom('visitor_emails').select('email').where('visitor_id', '=', visitorId).orderBy('created_at').execute();
  const properties = await db
    .selectFrom('visitor_properties')
    .select(['name', 'value'])
    .where('visitor_id', '=', visitorId)
    .orderBy('name')
    .execute();
  return { phones: phones.map((p) => p.phone), emails: emails.map((e) => e.email), properties };
}

import { sql, type Kysely } from 'kysely';
import { keyOnly, oneOf, type Dialect } from './columns.js';

/**
 * What the REST reports need besides the traffic (docs/spec/rest-api.md, "Reports", "Tagging
 * of communications"):
 *
 * - Persons. Visitors who left the same phone number or e-mail are one person. A person's id is the
 *   id of one of its visitors (the oldest one when two persons become one), kept in
 *   `visitors.person_id`; every visitor starts as its own person. `person_contacts` holds the
 *   contacts that join visitors (phone digits, lower-case e-mails) per site, each pointing at its
 *   person. When a contact joins two persons, the younger one's visitors and contacts are moved to
 *   the older one; its id still answers, being the id of a visitor of the merged person
 *   (persons/merge.ts).
 * - Tags set on communications (`tag_links`, per object type and id), and the deal of a sale tag
 *   (`sales`: date and sum in kopecks, as money is kept since step 020).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await s.alterTable('visitors').addColumn('person_id', 'integer').execute();
  await sql`UPDATE visitors SET person_id = id`.execute(db);
  await s.createIndex('visitors_person').on('visitors').columns(['person_id', 'id']).execute();
  await keyOnly(
    dialect,
    s
      .createTable('person_contacts')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('kind', 'text', (c) => oneOf('kind', ['phone', 'email'])(c.notNull()))
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('person_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('person_contacts_pk', ['site_id', 'kind', 'value']),
  ).execute();
  await s.createIndex('person_contacts_person').on('person_contacts').column('person_id').execute();
  await joinStoredContacts(db);
  // A tag on a communication: object_type is the REST document's (cdr_in, sitephone,
  // offline_message, chat, goal), object_id the communication's id in its own table.
  await keyOnly(
    dialect,
    s
      .createTable('tag_links')
      .addColumn('object_type', 'text', (c) =>
        oneOf('object_type', ['cdr_in', 'sitephone', 'offline_message', 'chat', 'goal'])(c.notNull()),
      )
      .addColumn('object_id', 'integer', (c) => c.notNull())
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('tag_links_pk', ['object_type', 'object_id', 'tag_id']),
  ).execute();
  await s.createIndex('tag_links_tag').on('tag_links').columns(['tag_id', 'object_type', 'object_id']).execute();
  await keyOnly(
    dialect,
    s
      .createTable('sales')
      .addColumn('object_type', 'text', (c) =>
        oneOf('object_type', ['cdr_in', 'sitephone', 'offline_message', 'chat', 'goal'])(c.notNull()),
      )
      .addColumn('object_id', 'integer', (c) => c.notNull())
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('sale_date', 'text', (c) => c.notNull())
      .addColumn('cost_kopecks', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sales_pk', ['object_type', 'object_id']),
  ).execute();
  await s.createIndex('sales_site_date').on('sales').columns(['site_id', 'sale_date']).execute();
  // The goal report filters by visitor; the other communication tables have such an index.
  await s.createIndex('goals_visitor').on('goals').columns(['visitor_id', 'id']).execute();
}

/**
 * The contacts stored before this step (contact data, requests, call-back numbers) join their
 * visitors into persons at once, as the write path joins new ones: each group of visitors linked by
 * a shared contact, directly or through others, becomes one person under its oldest visitor's id.
 * The keys are made as visitors/persons.ts makes them, copied here so that this step stays what it
 * was when the application's rule changes.
 */
async function joinStoredContacts(db: Kysely<unknown>): Promise<void> {
  const phoneKey = (p: string): string | null => {
    let d = p.replace(/\D/g, '');
    if (d.length === 11 && d.startsWith('8')) d = '7' + d.slice(1);
    else if (d.length === 10) d = '7' + d;
    return d.length >= 7 && d.length <= 20 ? d : null;
  };
  const emailKey = (e: string): string | null => {
    const v = e.trim().toLowerCase();
    return /^[^\s@]+@[^\s@]+$/.test(v) && v.length <= 254 ? v : null;
  };
  type Contact = { site_id: number; visitor_id: number; value: string };
  const phones =
    await sql`SELECT v.site_id, p.visitor_id, p.digits AS value FROM visitor_phones p JOIN visitors v ON v.id = p.visitor_id`.execute(db);
  const calls =
    await sql`SELECT site_id, visitor_id, numa AS value FROM calls WHERE visitor_id IS NOT NULL AND communication_type = 'sitephone'`.execute(
      db,
    );
  const emails =
    await sql`SELECT v.site_id, e.visitor_id, e.email AS value FROM visitor_emails e JOIN visitors v ON v.id = e.visitor_id`.execute(db);
  const contacts: Array<{ site: number; visitor: number; kind: 'phone' | 'email'; key: string }> = [];
  for (const r of [...phones.rows, ...calls.rows] as Contact[]) {
    const key = phoneKey(r.value);
    if (key) contacts.push({ site: Number(r.site_id), visitor: Number(r.visitor_id), kind: 'phone', key });
  }
  for (const r of emails.rows as Contact[]) {
    const key = emailKey(r.value);
    if (key) contacts.push({ site: Number(r.site_id), visitor: Number(r.visitor_id), kind: 'email', key });
  }
  // Union-find over visitor ids; the smaller id is the root, so a group's person is its oldest visitor.
  const parent = new Map<number, number>();
  const find = (v: number): number => {
    let r = v;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(v, r);
    return r;
  };
  const first = new Map<string, number>();
  for (const c of contacts) {
    const k = `${c.site} ${c.kind} ${c.key}`;
    const other = first.get(k);
    if (other === undefined) {
      first.set(k, c.visitor);
      continue;
    }
    const [x, y] = [find(other), find(c.visitor)];
    if (x !== y) parent.set(Math.max(x, y), Math.min(x, y));
  }
  for (const v of parent.keys()) {
    const root = find(v);
    if (root !== v) await sql`UPDATE visitors SET person_id = ${root} WHERE id = ${v}`.execute(db);
  }
  for (const [k, visitor] of first) {
    const [site, kind, ...rest] = k.split(' ');
    await sql`INSERT INTO person_contacts (site_id, kind, value, person_id) VALUES (${Number(site)}, ${kind}, ${rest.join(' ')}, ${find(visitor)})`.execute(
      db,
    );
  }
}

import { sql, type Kysely } from 'kysely';
import { keyOnly, oneOf, type Dialect } from './columns.js';

/**
 * What the REST reports need besides the traffic (../shared/spec/rest-api.md, "Reports", "Tagging
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

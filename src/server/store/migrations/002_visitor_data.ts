import { sql, type Kysely } from 'kysely';
import { CAMPAIGN_COLUMNS, keyOnly, texts, withId, type Dialect } from './columns.js';

/**
 * Visitor data (page-api addVisitorInfo, setProperty; rest-api "Visitor": name, phone and e-mail
 * lists, custom_fields) and custom-form requests (rest-api "Offline request").
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await keyOnly(
    dialect,
    s
      .createTable('visitor_properties')
      .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('value', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('visitor_properties_pk', ['visitor_id', 'name']),
  ).execute();
  // E-mails compare without regard to case: SQLite by the column's collation; PostgreSQL stores
  // them as given and its unique index is on lower(email) (added by the PostgreSQL migration step).
  await s
    .createTable('visitor_emails')
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
    .addColumn('email', 'text', (c) => (dialect === 'sqlite' ? c.notNull().modifyEnd(sql`COLLATE NOCASE`) : c.notNull()))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('visitor_emails_pk', ['visitor_id', 'email'])
    .execute();
  // One row per number: "+7 (495) 123-45-67" and "74951234567" share their digits.
  await s
    .createTable('visitor_phones')
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
    .addColumn('digits', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('visitor_phones_pk', ['visitor_id', 'digits'])
    .execute();
  // The visitor-context fields are copied from the session when the request is stored, as the
  // REST document's record shows them, so a report needs no join and a later change of the
  // session does not rewrite history. source: 'page' (addOfflineRequest) or 'server'
  // (POST api/add_offline_message/).
  let messages = withId(dialect, s.createTable('offline_messages'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('hit_id', 'integer', (c) => c.references('hits.id'))
    .addColumn('date_time', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('unprocessed'))
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('message', 'text')
    .addColumn('form_name', 'text')
    .addColumn('group_id', 'integer')
    .addColumn('is_sale', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sale_cost', 'real')
    .addColumn('sale_date', 'text')
    .addColumn('operator_name', 'text')
    .addColumn('operator_comment', 'text')
    .addColumn('page_url', 'text')
    .addColumn('ac_id', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('visitor_first_ac', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('visitor_type', 'text', (c) => c.notNull())
    .addColumn('visits_count', 'integer', (c) => c.notNull());
  messages = texts(messages, [
    'country',
    'region',
    'city',
    'search_engine',
    'search_query',
    'referrer_domain',
    'referrer',
    'ua_client_id',
    ...CAMPAIGN_COLUMNS,
  ]);
  await messages.execute();
  await s.createIndex('offline_messages_site_time').on('offline_messages').columns(['site_id', 'date_time']).execute();
  await s.createIndex('offline_messages_visitor').on('offline_messages').column('visitor_id').execute();
}

import type { Kysely } from 'kysely';
import { CAMPAIGN_COLUMNS, keyOnly, oneOf, texts, withId, type Dialect } from './columns.js';

/**
 * Customers, sites, ad campaigns with their condition groups and conditions, number blocks and DT
 * pools, and the traffic: visitors, sessions, page views (hits), goals, and the client write ids.
 * Tables follow the objects of docs/spec/rest-api.md so the REST API reads them as they are.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await withId(dialect, s.createTable('customers'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
  await withId(dialect, s.createTable('sites'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('site_key', 'text', (c) => c.notNull().unique())
    .addColumn('widget_key', 'text', (c) => c.notNull().unique())
    .addColumn('user_phone', 'text')
    .addColumn('origins', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await withId(dialect, s.createTable('ad_campaigns'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('ad_campaigns_site_name', ['site_id', 'name'])
    .execute();
  await withId(dialect, s.createTable('ac_condition_groups'))
    .addColumn('ac_id', 'integer', (c) => c.notNull().references('ad_campaigns.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await withId(dialect, s.createTable('ac_conditions'))
    .addColumn('ac_condition_group_id', 'integer', (c) => c.notNull().references('ac_condition_groups.id').onDelete('cascade'))
    .addColumn('ac_parameter', 'text', (c) => c.notNull())
    .addColumn('ac_operator', 'text', (c) => oneOf('ac_operator', ['=', '~', 'sub'])(c.notNull()))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('is_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A number block: what it replaces (selector: #id, .class, [name=x] or number=digits) and with
  // what (numb, or a DT pool when is_dt_enabled). ac_id NULL: the site's default numbers.
  await withId(dialect, s.createTable('site_blocks'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('ac_id', 'integer', (c) => c.references('ad_campaigns.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('selector', 'text', (c) => c.notNull())
    .addColumn('phone_type', 'text')
    .addColumn('numb', 'text')
    .addColumn('forward_numb', 'text')
    .addColumn('image', 'text')
    .addColumn('is_dt_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(dialect, s.createTable('dt_pool_numbers'))
    .addColumn('block_id', 'integer', (c) => c.notNull().references('site_blocks.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .execute();
  await withId(dialect, s.createTable('visitors'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('company', 'text')
    .addColumn('commentary', 'text')
    .addColumn('first_ac_id', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('visits_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  let sessions = withId(dialect, s.createTable('sessions'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
    .addColumn('ac_id', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('last_hit_ms', 'bigint', (c) => c.notNull());
  sessions = texts(sessions, [
    'ip',
    'user_agent',
    'browser_name',
    'browser_version',
    'os_name',
    'os_version',
    'country',
    'region',
    'city',
    'referrer',
    'referrer_domain',
    'search_engine',
    'search_query',
    'entrance_page',
    ...CAMPAIGN_COLUMNS,
    'ua_client_id',
  ]);
  await sessions.execute();
  await s.createIndex('sessions_visitor').on('sessions').columns(['visitor_id', 'id']).execute();
  await s.createIndex('sessions_site_time').on('sessions').columns(['site_id', 'start_time']).execute();
  await withId(dialect, s.createTable('hits'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('hit_time', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('referrer', 'text')
    .addColumn('is_spa', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('hits_site_client', ['site_id', 'client_id'])
    .execute();
  await s.createIndex('hits_session').on('hits').column('session_id').execute();
  // Custom events (trackEvent) are the REST document's goals.
  await withId(dialect, s.createTable('goals'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('hit_id', 'integer', (c) => c.notNull().references('hits.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('value', 'text')
    .addColumn('start_time', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('goals_site_time').on('goals').columns(['site_id', 'start_time']).execute();
  // Every write the snippet confirmed, by its client id: a retry answers from here.
  await keyOnly(
    dialect,
    s
      .createTable('client_writes')
      .addColumn('site_id', 'integer', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('result', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('client_writes_pk', ['site_id', 'id']),
  ).execute();
}

import type { Kysely } from 'kysely';
import { CAMPAIGN_COLUMNS, keyOnly, oneOf, texts, withId, type Dialect } from './columns.js';

/**
 * Call-back requests: the site's call-back settings, captcha keys, the requests as the REST
 * document's call records (communication_type 'sitephone'), and the log the limit counts.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('sites')
    .addColumn('callback', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await keyOnly(
    dialect,
    s
      .createTable('captchas')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('expires_ms', 'bigint', (c) => c.notNull()),
  ).execute();
  await s.createIndex('captchas_expiry').on('captchas').column('expires_ms').execute();
  // One row per call-back request that passed the limit and the captcha. status/duration/
  // operator_name are the call's outcome, filled when the platform has dialled (NULL until then).
  // request_status is what sitePhoneCall answered (0 sent, 2 no scenario, 3 platform error);
  // dispatch_state: 'queued' for dialing, 'failed' (platform error), 'not_sent' (no scenario).
  let calls = withId(dialect, s.createTable('calls'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('communication_type', 'text', (c) => oneOf('communication_type', ['call', 'sitephone'])(c.notNull()))
    .addColumn('call_date', 'text', (c) => c.notNull())
    .addColumn('session_start', 'text')
    .addColumn('status', 'text', oneOf('status', ['normal', 'lost']))
    .addColumn('numa', 'text', (c) => c.notNull())
    .addColumn('numb', 'text')
    .addColumn('wait_time', 'integer')
    .addColumn('duration', 'integer')
    .addColumn('operator_name', 'text')
    .addColumn('scenario_name', 'text')
    .addColumn('direction', 'text', (c) => oneOf('direction', ['in', 'out'])(c.notNull().defaultTo('out')))
    .addColumn('page_url', 'text')
    .addColumn('visitor_id', 'integer', (c) => c.references('visitors.id'))
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id'))
    .addColumn('hit_id', 'integer', (c) => c.references('hits.id'))
    .addColumn('ac_id', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('visitor_first_ac', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('visits_count', 'integer')
    .addColumn('visitor_type', 'text', oneOf('visitor_type', ['new', 'returning']));
  calls = texts(calls, [
    'country',
    'region',
    'city',
    'referrer',
    'referrer_domain',
    'search_engine',
    'search_query',
    ...CAMPAIGN_COLUMNS,
    'ua_client_id',
  ])
    .addColumn('delayed_call_time', 'integer')
    .addColumn('requested_time', 'text')
    .addColumn('group_id', 'text')
    .addColumn('request_status', 'integer', (c) => c.notNull())
    .addColumn('dispatch_state', 'text', (c) => oneOf('dispatch_state', ['queued', 'failed', 'not_sent'])(c.notNull()))
    .addColumn('dispatch_error', 'text');
  await calls.execute();
  await s.createIndex('calls_site_date').on('calls').columns(['site_id', 'call_date']).execute();
  await s.createIndex('calls_visitor').on('calls').column('visitor_id').execute();
  // Every sitePhoneCall the server judged, with its status; the rolling-minute limit counts the
  // rows whose status is not 4 (a refused request is not a call). Rows older than an hour go.
  await withId(dialect, s.createTable('sitephone_attempts'))
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('visitor_id', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('sitephone_attempts_visitor').on('sitephone_attempts').columns(['site_id', 'visitor_id', 'at_ms']).execute();
  await s.createIndex('sitephone_attempts_ip').on('sitephone_attempts').columns(['site_id', 'ip', 'at_ms']).execute();
  await s.createIndex('sitephone_attempts_time').on('sitephone_attempts').columns(['site_id', 'at_ms']).execute();
}

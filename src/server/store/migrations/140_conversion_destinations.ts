import type { Kysely } from 'kysely';
import { oneOf, withId, type Dialect } from './columns.js';

/**
 * Conversions sent to advertising and analytics platforms (src/server/conversions/,
 * docs/conversions.md): a site's destinations (Google Ads, Yandex Metrica, GA4) with their
 * credentials sealed under SVC_SECRET_KEY; the outbox, one row per destination and communication,
 * unique on the pair so a communication is sent to a destination once whatever announces it again;
 * and every attempt with the platform's answer, the destination's log.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await withId(dialect, s.createTable('conversion_destinations'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => oneOf('platform', ['google_ads', 'metrica', 'ga4'])(c.notNull()))
    .addColumn('label', 'text', (c) => c.notNull())
    // 'qualified': qualified communications only; 'all': every one as it ends.
    .addColumn('sends', 'text', (c) => oneOf('sends', ['qualified', 'all'])(c.notNull().defaultTo('qualified')))
    // JSON text: the platform's settings that are no secret (account, counter, goal, event names).
    .addColumn('settings', 'text', (c) => c.notNull())
    // AES-256-GCM of the credentials' JSON under SVC_SECRET_KEY, base64.
    .addColumn('credentials', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('conversion_destinations_site').on('conversion_destinations').column('site_id').execute();

  await withId(dialect, s.createTable('conversion_outbox'))
    .addColumn('destination_id', 'integer', (c) => c.notNull().references('conversion_destinations.id').onDelete('cascade'))
    .addColumn('object_kind', 'text', (c) => oneOf('object_kind', ['call', 'sitephone', 'chat', 'offline_message'])(c.notNull()))
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => oneOf('state', ['pending', 'sent', 'failed', 'refused'])(c.notNull().defaultTo('pending')))
    // Why it was given up or refused: the platform's words, or the server's (too old, no click id).
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_ms', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_ms', 'integer', (c) => c.notNull())
    // A claim: while it is in the future other workers leave the row alone; a crashed worker's expires.
    .addColumn('locked_until_ms', 'integer')
    .addUniqueConstraint('conversion_outbox_once', ['destination_id', 'object_kind', 'object_id'])
    .execute();
  await s.createIndex('conversion_outbox_due').on('conversion_outbox').columns(['state', 'next_attempt_ms']).execute();

  await withId(dialect, s.createTable('conversion_attempts'))
    .addColumn('outbox_id', 'integer', (c) => c.notNull().references('conversion_outbox.id').onDelete('cascade'))
    .addColumn('destination_id', 'integer', (c) => c.notNull())
    .addColumn('at_ms', 'integer', (c) => c.notNull())
    // What was sent, without credentials: the upload's kind and its identifying fields.
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    // The platform's answer in its own words (or the network's failure).
    .addColumn('answer', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('conversion_attempts_destination').on('conversion_attempts').columns(['destination_id', 'id']).execute();
  await s.createIndex('conversion_attempts_outbox').on('conversion_attempts').column('outbox_id').execute();
}

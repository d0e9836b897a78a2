import type { Kysely } from 'kysely';
import { oneOf, withId, type Dialect } from './columns.js';

/**
 * Webhooks (src/server/webhooks/): a customer's endpoints, the outbox of events to send (one row
 * per event and endpoint, written in the transaction of the record it announces), and every
 * attempt to send one. An outbox row's body is written at its first attempt and never again, so a
 * retry or a resend sends the same bytes under the same event id.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await withId(dialect, s.createTable('webhook_endpoints'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    // JSON text: the event types it wants.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    // Since when every attempt has failed (null after a success): a day of it switches it off.
    .addColumn('failing_since_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('webhook_endpoints_customer').on('webhook_endpoints').column('customer_id').execute();

  await withId(dialect, s.createTable('webhook_outbox'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    // The record announced (a REST report's kind and id); events of one record go in order.
    .addColumn('object_kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    // JSON text the event adds to its record (the tag set, the sale).
    .addColumn('detail', 'text')
    .addColumn('body', 'text')
    .addColumn('state', 'text', (c) => oneOf('state', ['pending', 'delivered', 'failed'])(c.notNull().defaultTo('pending')))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_ms', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_ms', 'integer', (c) => c.notNull())
    // A claim: while it is in the future another worker leaves the row alone; a crashed worker's expires.
    .addColumn('locked_until_ms', 'integer')
    .execute();
  await s.createIndex('webhook_outbox_due').on('webhook_outbox').columns(['state', 'next_attempt_ms']).execute();
  await s.createIndex('webhook_outbox_record').on('webhook_outbox').columns(['endpoint_id', 'object_kind', 'object_id', 'state']).execute();

  await withId(dialect, s.createTable('webhook_attempts'))
    .addColumn('outbox_id', 'integer', (c) => c.notNull().references('webhook_outbox.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull())
    .addColumn('at_ms', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('webhook_attempts_endpoint').on('webhook_attempts').columns(['endpoint_id', 'id']).execute();
  await s.createIndex('webhook_attempts_outbox').on('webhook_attempts').column('outbox_id').execute();
}

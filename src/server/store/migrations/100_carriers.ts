import { sql, type Kysely } from 'kysely';
import { oneOf, withId, type Dialect } from './columns.js';

/**
 * Phone carriers (src/server/carriers/): the carrier accounts connected to this server, each owned
 * by an agent (for its customers) or by a customer without an agent; its credentials are stored
 * encrypted (AES-256-GCM under SVC_SECRET_KEY), never in clear. A customer's number may be held
 * through one of them (`carrier_connection_id`, the carrier's own id of the number, and why its
 * routing to this server failed, if it did): source `carrier`. A site may record its calls, with
 * the notice a caller hears first.
 *
 * On SQLite a CHECK cannot be changed in place, so `customer_numbers` is built anew with the new
 * source allowed and its rows copied; nothing references it by key.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await withId(dialect, s.createTable('carrier_connections'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    // Exactly one owner: an agent (its customers use it) or a customer of its own.
    .addColumn('agent_id', 'integer', (c) => c.references('agents.id'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    // base64 of iv (12 B) + tag (16 B) + ciphertext of the credentials' JSON.
    .addColumn('credentials', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text')
    .addColumn('check_ok', 'integer')
    // The carrier's words at the last check: the account's name, or why it failed.
    .addColumn('check_result', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint('carrier_connections_one_owner', sql`(agent_id IS NULL) <> (customer_id IS NULL)`)
    .execute();
  await s.createIndex('carrier_connections_agent').on('carrier_connections').column('agent_id').execute();
  await s.createIndex('carrier_connections_customer').on('carrier_connections').column('customer_id').execute();

  const sources = ['bought', 'site', 'carrier'];
  if (dialect === 'sqlite') {
    await withId(dialect, s.createTable('customer_numbers_new'))
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
      .addColumn('phone_number', 'text', (c) => c.notNull().unique())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('region', 'text')
      .addColumn('source', 'text', (c) => oneOf('source', sources)(c.notNull()))
      .addColumn('status', 'text', (c) => oneOf('status', ['active', 'blocked'])(c.notNull().defaultTo('active')))
      .addColumn('monthly_charge_kopecks', 'integer', (c) => c.notNull())
      .addColumn('activation_charge_kopecks', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('activation_date', 'text', (c) => c.notNull())
      .addColumn('forward_to', 'text')
      .execute();
    await sql`INSERT INTO customer_numbers_new
      SELECT id, customer_id, phone_number, category, region, source, status, monthly_charge_kopecks,
             activation_charge_kopecks, activation_date, forward_to
      FROM customer_numbers`.execute(db);
    await sql`DROP TABLE customer_numbers`.execute(db);
    await sql`ALTER TABLE customer_numbers_new RENAME TO customer_numbers`.execute(db);
    await s.createIndex('customer_numbers_customer').on('customer_numbers').columns(['customer_id', 'phone_number']).execute();
  } else {
    await sql`ALTER TABLE customer_numbers DROP CONSTRAINT customer_numbers_source_check`.execute(db);
    await sql`ALTER TABLE customer_numbers ADD CONSTRAINT customer_numbers_source_check CHECK (source IN ('bought', 'site', 'carrier'))`.execute(
      db,
    );
  }
  await s
    .alterTable('customer_numbers')
    .addColumn('carrier_connection_id', 'integer', (c) => c.references('carrier_connections.id'))
    .execute();
  await s.alterTable('customer_numbers').addColumn('carrier_number_id', 'text').execute();
  // Null: its calls are routed here; else the carrier's words when routing them failed (retried on the next check).
  await s.alterTable('customer_numbers').addColumn('carrier_route_error', 'text').execute();
  await s.createIndex('customer_numbers_carrier').on('customer_numbers').column('carrier_connection_id').execute();

  await s
    .alterTable('sites')
    .addColumn('call_recording', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.alterTable('sites').addColumn('recording_notice', 'text').execute();
}

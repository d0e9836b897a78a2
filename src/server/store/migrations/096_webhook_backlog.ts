import { sql, type Kysely } from 'kysely';
import type { Dialect } from './columns.js';

/**
 * The outbox made cheap to claim from whatever its backlog, fair between customers, and with ids
 * that are never given twice:
 * - each row carries its endpoint's customer, so a customer's backlog and deliveries in flight are
 *   counted without a join;
 * - `dropped`: an event given up because its endpoint's or customer's backlog passed the cap, and
 *   the endpoint keeps how many it lost and when (the app shows it);
 * - an endpoint that fails is paused for the back-off of its run of failures;
 * - claims read an endpoint's due rows from a partial index over pending rows only, in the order
 *   they are sent; the rows in flight, the backlog by age and the sent rows by age each have one;
 * - on SQLite the id is AUTOINCREMENT: a plain INTEGER PRIMARY KEY gives the largest id again
 *   once the newest rows were deleted (an erasure, a deleted endpoint), and receivers drop an
 *   event id they have seen. SQLite cannot change a primary key in place, so both tables are
 *   built anew (the attempts reference the outbox) and their rows copied.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  const states = sql`CHECK (state IN ('pending', 'delivered', 'failed', 'dropped'))`;
  if (dialect === 'sqlite') {
    await sql`CREATE TABLE webhook_outbox_new (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      customer_id integer NOT NULL,
      event_type text NOT NULL,
      object_kind text NOT NULL,
      object_id integer NOT NULL,
      detail text,
      body text,
      state text DEFAULT 'pending' NOT NULL ${states},
      attempts integer DEFAULT 0 NOT NULL,
      created_ms integer NOT NULL,
      next_attempt_ms integer NOT NULL,
      locked_until_ms integer)`.execute(db);
    await sql`INSERT INTO webhook_outbox_new
      SELECT o.id, o.endpoint_id, e.customer_id, o.event_type, o.object_kind, o.object_id, o.detail, o.body, o.state,
             o.attempts, o.created_ms, o.next_attempt_ms, o.locked_until_ms
      FROM webhook_outbox o JOIN webhook_endpoints e ON e.id = o.endpoint_id`.execute(db);
    await sql`CREATE TABLE webhook_attempts_new (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      outbox_id integer NOT NULL REFERENCES webhook_outbox_new (id) ON DELETE CASCADE,
      endpoint_id integer NOT NULL,
      at_ms integer NOT NULL,
      status_code integer,
      error text,
      duration_ms integer NOT NULL)`.execute(db);
    await sql`INSERT INTO webhook_attempts_new SELECT id, outbox_id, endpoint_id, at_ms, status_code, error, duration_ms FROM webhook_attempts`.execute(
      db,
    );
    // The attempts first: dropping the outbox while they reference it would cascade into them.
    await sql`DROP TABLE webhook_attempts`.execute(db);
    await sql`DROP TABLE webhook_outbox`.execute(db);
    // Renaming rewrites the attempts' reference to the outbox's final name.
    await sql`ALTER TABLE webhook_outbox_new RENAME TO webhook_outbox`.execute(db);
    await sql`ALTER TABLE webhook_attempts_new RENAME TO webhook_attempts`.execute(db);
    await s.createIndex('webhook_attempts_endpoint').on('webhook_attempts').columns(['endpoint_id', 'id']).execute();
    await s.createIndex('webhook_attempts_outbox').on('webhook_attempts').column('outbox_id').execute();
    await s
      .createIndex('webhook_outbox_record')
      .on('webhook_outbox')
      .columns(['endpoint_id', 'object_kind', 'object_id', 'state'])
      .execute();
  } else {
    await sql`ALTER TABLE webhook_outbox ADD COLUMN customer_id bigint`.execute(db);
    await sql`UPDATE webhook_outbox o SET customer_id = e.customer_id FROM webhook_endpoints e WHERE e.id = o.endpoint_id`.execute(db);
    await sql`ALTER TABLE webhook_outbox ALTER COLUMN customer_id SET NOT NULL`.execute(db);
    await sql`ALTER TABLE webhook_outbox DROP CONSTRAINT webhook_outbox_state_check`.execute(db);
    await sql`ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_state_check ${states}`.execute(db);
    await s.dropIndex('webhook_outbox_due').execute();
  }
  await s
    .alterTable('webhook_endpoints')
    .addColumn('dropped_events', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .alterTable('webhook_endpoints')
    .addColumn('dropped_at_ms', dialect === 'postgres' ? 'bigint' : 'integer')
    .execute();
  // A failing endpoint waits between deliveries as a failing event does: one probe per back-off,
  // not its whole backlog tried and failed as fast as the worker can.
  await s
    .alterTable('webhook_endpoints')
    .addColumn('failed_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .alterTable('webhook_endpoints')
    .addColumn('paused_until_ms', dialect === 'postgres' ? 'bigint' : 'integer')
    .execute();

  const pending = sql<boolean>`state = 'pending'`;
  // A claim: an endpoint's due rows, in the order they are sent.
  await s.createIndex('webhook_outbox_due').on('webhook_outbox').columns(['endpoint_id', 'next_attempt_ms', 'id']).where(pending).execute();
  // The caps: an endpoint's and a customer's backlog, oldest first.
  await s.createIndex('webhook_outbox_endpoint_backlog').on('webhook_outbox').columns(['endpoint_id', 'id']).where(pending).execute();
  await s.createIndex('webhook_outbox_customer_backlog').on('webhook_outbox').columns(['customer_id', 'id']).where(pending).execute();
  // What is in flight: the claimed rows, few whatever the backlog.
  await s
    .createIndex('webhook_outbox_claimed')
    .on('webhook_outbox')
    .column('locked_until_ms')
    .where(sql<boolean>`locked_until_ms IS NOT NULL`)
    .execute();
  // An erasure forgets the events of a record, whatever their endpoint.
  await s.createIndex('webhook_outbox_object').on('webhook_outbox').columns(['object_kind', 'object_id']).execute();
  // The month's pruning: sent and given-up rows by age.
  await s
    .createIndex('webhook_outbox_sent')
    .on('webhook_outbox')
    .column('created_ms')
    .where(sql<boolean>`state <> 'pending'`)
    .execute();
}

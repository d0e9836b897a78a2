import type { Kysely } from 'kysely';
import { oneOf, withId, type Dialect } from './columns.js';

/**
 * The telephony boundary's shared record: the legs of each call and the log of the
 * requests the service made to the telephony platform. A call record (`calls`, the REST `call`
 * report) has one or more legs: the incoming leg a caller dialled (`cdr_id` NULL), the outgoing
 * legs it was forwarded on (`cdr_id` = that incoming leg), and for a call-back the outgoing legs
 * the platform dialled (`cdr_id` NULL on the first). `get_cdr_in`/`get_cdr_out` read the legs and
 * `cdr_in_cost`/`cdr_out_cost`/`daily_sdr` rate them. Times are UTC `YYYY-MM-DD HH:MM:SS.mmm`, as
 * every stored date-time.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await withId(dialect, s.createTable('call_legs'))
    .addColumn('call_id', 'integer', (c) => c.notNull().references('calls.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('cdr_id', 'integer')
    // The platform's id of this leg: events are idempotent by it.
    .addColumn('platform_leg_id', 'text', (c) => c.notNull().unique())
    .addColumn('direction', 'text', (c) => oneOf('direction', ['in', 'out'])(c.notNull()))
    .addColumn('numa', 'text', (c) => c.notNull())
    .addColumn('numb', 'text', (c) => c.notNull())
    .addColumn('sip_line', 'text')
    .addColumn('setup_time', 'text', (c) => c.notNull())
    .addColumn('connect_time', 'text')
    .addColumn('end_time', 'text')
    // Talk seconds (connect to end) and total seconds (setup to end); 0 until the leg ends.
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_lost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_link', 'text')
    .execute();
  await s.createIndex('call_legs_customer_setup').on('call_legs').columns(['customer_id', 'setup_time']).execute();
  await s.createIndex('call_legs_call').on('call_legs').column('call_id').execute();
  // Every request to the platform (a call-back to dial, a forwarding target to set), with what
  // it answered; `callapi_request` reads it.
  await withId(dialect, s.createTable('callapi_requests'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('api_user_id', 'integer')
    .addColumn('ip', 'text')
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('numa', 'text')
    .addColumn('numb', 'text')
    .addColumn('numc', 'text')
    .addColumn('call_id', 'integer')
    .addColumn('error', 'text')
    // JSON text: the platform's answer, shaped by the method.
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await s
    .createIndex('callapi_requests_customer_method_time')
    .on('callapi_requests')
    .columns(['customer_id', 'method', 'start_time'])
    .execute();
}

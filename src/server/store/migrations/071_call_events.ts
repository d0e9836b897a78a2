import type { Kysely } from 'kysely';
import type { Dialect } from './columns.js';

/**
 * Calls from the telephony boundary (src/server/telephony/): a call record learns the
 * platform's id of its call, which events it has seen (each once: events are idempotent by call
 * and event, and may arrive in any order), whether it is still open (the lost-call sweep reads
 * `open_since_ms` through its index: only open calls have one), its recording links, and whether
 * its visitor was found by the caller's number rather than by a number shown to a session. A
 * call-back request keeps the platform's id of the call that dials it in the same column.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const s = db.schema;
  await s.alterTable('calls').addColumn('platform_call_id', 'text').execute();
  await s.alterTable('calls').addColumn('ringing_time', 'text').execute();
  await s.alterTable('calls').addColumn('answered_time', 'text').execute();
  await s.alterTable('calls').addColumn('ended_time', 'text').execute();
  await s.alterTable('calls').addColumn('open_since_ms', 'integer').execute();
  // JSON text: an array of recording links.
  await s
    .alterTable('calls')
    .addColumn('file_link', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await s
    .alterTable('calls')
    .addColumn('is_visitor_by_numa', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('calls_platform_call').on('calls').column('platform_call_id').unique().execute();
  await s.createIndex('calls_open_since').on('calls').column('open_since_ms').execute();
  // Call-back requests stored but not yet handed to the platform (sent at start after a stop).
  await s.createIndex('calls_undispatched').on('calls').columns(['dispatch_state', 'platform_call_id']).execute();
}

import type { Kysely } from 'kysely';
import { keyOnly, oneOf, withId, type Dialect } from './columns.js';

/**
 * Phone replacement: the display text of a block, per-site dynamic-tracking settings, the leases
 * of DT numbers to sessions (kept as history: which session had a number when), and the sessions
 * whose pool had no free number.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await s.alterTable('site_blocks').addColumn('text', 'text').execute();
  await s
    .alterTable('sites')
    .addColumn('dt_lease_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    .execute();
  await s
    .alterTable('sites')
    .addColumn('dt_overflow', 'text', (c) => oneOf('dt_overflow', ['static', 'reserved'])(c.notNull().defaultTo('static')))
    .execute();
  await s.alterTable('sites').addColumn('dt_reserved_number', 'text').execute();
  // until_ms: released at this moment, the session's last hit + 30 idle minutes + the site's lease minutes.
  await withId(dialect, s.createTable('dt_leases'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('block_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('until_ms', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('dt_leases_number').on('dt_leases').columns(['number', 'until_ms']).execute();
  await s.createIndex('dt_leases_session').on('dt_leases').columns(['session_id', 'block_id']).execute();
  await s.createIndex('dt_leases_visitor').on('dt_leases').columns(['visitor_id', 'block_id']).execute();
  // fallback: what the session got instead, 'reserved', 'static', or 'none' (the site's own number stayed).
  await keyOnly(
    dialect,
    s
      .createTable('dt_overflows')
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addColumn('block_id', 'integer', (c) => c.notNull())
      .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('fallback', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('dt_overflows_pk', ['session_id', 'block_id']),
  ).execute();
  await s.createIndex('dt_overflows_site_time').on('dt_overflows').columns(['site_id', 'created_at']).execute();
}

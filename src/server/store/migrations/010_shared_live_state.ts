import type { Kysely } from 'kysely';
import { keyOnly, type Dialect } from './columns.js';

/**
 * The live state several server processes on one database share, kept where all of them read it:
 * which operators have a console open in which process (consultant/chat/presence.ts), and the
 * counters of the write endpoints' rate limits (http/rate-limit-store.ts), which also outlive a
 * restart there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await keyOnly(
    dialect,
    s
      .createTable('operator_consoles')
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('process_id', 'text', (c) => c.notNull())
      // Online until: a process with a console open keeps moving it ahead; a closed console
      // leaves it at the end of its grace period, a stopped process at its last heartbeat.
      .addColumn('until_ms', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('operator_consoles_pk', ['employee_id', 'process_id']),
  ).execute();
  await keyOnly(
    dialect,
    s
      .createTable('rate_counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start_ms', 'integer', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull()),
  ).execute();
  await s.createIndex('rate_counters_window').on('rate_counters').column('window_start_ms').execute();
}

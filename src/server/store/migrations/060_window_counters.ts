import type { Kysely } from 'kysely';
import { keyOnly, type Dialect } from './columns.js';

/**
 * The abuse guards' counters (store/window-counters.ts) where several server processes on
 * PostgreSQL share them: failed sign-ins, failed visitor credentials, property characters per
 * address and site, trusted sign-in devices. Unlike `rate_counters` (fixed one-minute windows of
 * the write limits), each key has a window of its own length, so a row says when it ends.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await keyOnly(
    dialect,
    s
      .createTable('window_counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('until_ms', 'integer', (c) => c.notNull()),
  ).execute();
  await s.createIndex('window_counters_until').on('window_counters').column('until_ms').execute();
}

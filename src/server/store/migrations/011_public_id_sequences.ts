import { sql, type Kysely } from 'kysely';
import type { Dialect } from './columns.js';

/**
 * PostgreSQL only. Public ids of visitors, sessions and hits are a sequence number times 2^21 plus
 * random bits (page-view/public-ids.ts), and on PostgreSQL the sequence number is the table's own
 * identity sequence, so that several processes never hand out the same one. Ids stored before
 * (plain sequential ids, or public ids made by one process from its memory) must stay below every
 * new one: move each sequence past the largest stored id's high part. SQLite keeps the sequence in
 * its one process and needs nothing.
 */
const RANDOM_BITS_SPAN = 2 ** 21;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of ['visitors', 'sessions', 'hits'] as const) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), floor(max(id) / ${RANDOM_BITS_SPAN})::bigint + 1, false)
              FROM ${sql.table(table)} HAVING max(id) IS NOT NULL`.execute(db);
  }
}

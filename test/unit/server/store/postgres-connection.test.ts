import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../../src/server/store/open.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { syncPostgres } from '../../../support/sync-postgres.js';

// A connection lost in the middle of a transaction (PostgreSQL restarted, an administrator's
// pg_terminate_backend, the network) threw an unhandled 'error' from the pg client and ended the
// server process: pg-pool listens for errors of idle clients only.

let store: Store | undefined;
let path = '';
afterEach(async () => {
  await store?.close();
  dropDatabase(path);
});

describe.runIf(testPostgresUrl)('a lost PostgreSQL connection', () => {
  it('fails the transaction that held it, and the server goes on with a new one', async () => {
    path = freshDbPath();
    store = await openStore({ path });
    const unhandled: unknown[] = [];
    const onError = (e: unknown) => unhandled.push(e);
    process.on('uncaughtException', onError);
    try {
      const trx = await store.db.startTransaction().execute();
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
      const admin = syncPostgres(testPostgresUrl!);
      admin.prepare('SELECT pg_terminate_backend(?)').get(rows[0]!.pid);
      admin.close();
      await new Promise((ok) => setTimeout(ok, 300));
      await expect(sql`SELECT 1`.execute(trx)).rejects.toThrow();
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      const again = await sql<{ n: number }>`SELECT 1 AS n`.execute(store.db);
      expect(again.rows[0]!.n).toBe(1);
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(unhandled).toEqual([]);
  });
});

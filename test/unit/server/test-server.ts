import { createServer, type ConsultantServer, type ServerOptions } from '../../../src/server/app.js';
import { dropDatabase, freshDbPath, rowsOf } from '../../support/test-database.js';

/**
 * createServer for the server unit tests, on the dialect of this run (test/support/test-database.ts):
 * `dbPath: ':memory:'` becomes a fresh PostgreSQL schema when the run is PostgreSQL's, and
 * `server.db` a synchronous handle on it, so every assertion reads rows the same way on both.
 */
export async function createTestServer(opts: ServerOptions): Promise<ConsultantServer> {
  const dbPath = opts.dbPath === ':memory:' ? freshDbPath() : opts.dbPath;
  const server = await createServer({ ...opts, dbPath });
  const rows = rowsOf(dbPath);
  if (rows) {
    server.db = rows;
    const close = server.close.bind(server);
    server.close = async () => {
      rows.close();
      await close();
      if (dbPath !== opts.dbPath) dropDatabase(dbPath);
    };
  }
  return server;
}

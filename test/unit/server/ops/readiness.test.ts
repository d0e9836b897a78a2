import { createServer as createTcpServer, connect, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { STEPS } from '../../../../src/server/store/migrations/index.js';
import { dropDatabase, freshDbPath, testPostgresUrl } from '../../../support/test-database.js';
import { testConfig, testServer } from '../helpers.js';

let server: ConsultantServer | undefined;
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const c of cleanups.splice(0)) await c();
});

const ready = async (s: ConsultantServer) => {
  const res = await s.app.inject({ method: 'GET', url: '/ready' });
  return { status: res.statusCode, body: res.json() as { success: boolean; message?: string } };
};

/** A TCP proxy in front of PostgreSQL that a test can cut (every connection dropped, new ones refused) and mend. */
async function cuttableProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((ok) => {
      server = createTcpServer((client) => {
        const upstream = connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        ok();
      });
    });
  await open();
  return {
    port: () => port,
    async cut() {
      await new Promise<void>((ok) => {
        server!.close(() => ok());
        for (const s of sockets) s.destroy();
      });
    },
    mend: open,
  };
}

describe('readiness', () => {
  it('/health answers without the database; /ready answers 200 when the database is current', async () => {
    server = await testServer(testConfig);
    expect((await server.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect(await ready(server)).toEqual({ status: 200, body: { success: true } });
  });

  it.skipIf(!!testPostgresUrl)('SQLite: 503 while the newest migration has not run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-ready-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    server = await testServer(testConfig, { dbPath: join(dir, 'svc.db') });
    const newest = STEPS[STEPS.length - 1]![0];
    // What a database the newest code has not migrated looks like: its last step unrecorded.
    server.db.prepare('DELETE FROM kysely_migration WHERE name = ?').run(newest);
    const r = await ready(server);
    expect(r.status).toBe(503);
    expect(r.body.message).toContain(`migrations are behind`);
    expect(r.body.message).toContain(newest);
  });

  it.skipIf(!testPostgresUrl)(
    'PostgreSQL: 503 while the database is unreachable, 200 again once it is back',
    { timeout: 60_000 },
    async () => {
      const direct = new URL(freshDbPath());
      cleanups.push(() => dropDatabase(direct.toString()));
      const proxy = await cuttableProxy(direct);
      const through = new URL(direct);
      through.port = String(proxy.port());
      server = await testServer(testConfig, { dbPath: through.toString() });
      cleanups.push(() => proxy.cut());
      expect((await ready(server)).status).toBe(200);

      await proxy.cut();
      const down = await ready(server);
      expect(down.status).toBe(503);
      expect(down.body.message).toMatch(/^503010: Not ready: the database (is unreachable|did not answer)/);
      // Liveness does not depend on the database.
      expect((await server.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

      await proxy.mend();
      await expect.poll(async () => (await ready(server!)).status, { timeout: 20_000 }).toBe(200);
    },
  );
});

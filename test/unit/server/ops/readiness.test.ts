import { createServer as createTcpServer, connect, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { serverLogger } from '../../../../src/server/http/request-log.js';
import { healthRoutes } from '../../../../src/server/ops/readiness.js';
import type { Store } from '../../../../src/server/store/open.js';
import type { Tables } from '../../../../src/server/store/tables.js';
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
    const lines: Array<{ level: number; msg: string }> = [];
    server = await testServer(testConfig, {
      dbPath: join(dir, 'svc.db'),
      logger: { level: 'warn', stream: { write: (l) => void lines.push(JSON.parse(l)) } },
    });
    const newest = STEPS[STEPS.length - 1]![0];
    // What a database the newest code has not migrated looks like: its last step unrecorded.
    server.db.prepare('DELETE FROM kysely_migration WHERE name = ?').run(newest);
    const r = await ready(server);
    expect(r.status).toBe(503);
    expect(r.body.message).toBe("503010: Not ready: the database's migrations are behind");
    // Which migration is for the operator's log.
    expect(lines.map((l) => l.msg).filter((m) => m.startsWith('not ready'))).toEqual([
      `not ready: the database's migrations are behind: newest run: ${STEPS[STEPS.length - 2]![0]}, this code's: ${newest}`,
    ]);
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
      expect(down.body.message).toMatch(/^503010: Not ready: the database (is unreachable|did not answer within \d+ ms)$/);
      // Liveness does not depend on the database.
      expect((await server.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

      await proxy.mend();
      await expect.poll(async () => (await ready(server!)).status, { timeout: 20_000 }).toBe(200);
    },
  );

  describe('on the public port, says why in general words; the log gets what the driver said', () => {
    /** A port nothing listens on. */
    const closedPort = () =>
      new Promise<number>((ok) => {
        const probe = createTcpServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as { port: number };
          probe.close(() => ok(port));
        });
      });

    /** `/ready` of a store on `url` (a real PostgreSQL driver), and the server's log lines. */
    async function readyOf(url: string, asks = 3) {
      const lines: Array<{ level: number; msg: string }> = [];
      const app = Fastify({ logger: serverLogger({ level: 'info', stream: { write: (l) => void lines.push(JSON.parse(l)) } }) });
      const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
      cleanups.push(
        () => db.destroy(),
        () => app.close(),
      );
      healthRoutes(app, { db, dialect: 'postgres' } as unknown as Store);
      const answers = [];
      for (let i = 0; i < asks; i++) answers.push(await app.inject({ method: 'GET', url: '/ready' }));
      return { answers, warnings: lines.filter((l) => l.level === 40).map((l) => l.msg) };
    }

    it('an unreachable database: no address or port in the answer, logged once', async () => {
      const port = await closedPort();
      const { answers, warnings } = await readyOf(`postgres://svc_reader@127.0.0.1:${port}/svc`);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ success: false, message: '503010: Not ready: the database is unreachable' });
        expect(res.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|svc_reader/);
        expect(res.body).not.toContain(String(port));
      }
      expect(warnings).toEqual([expect.stringMatching(new RegExp(`^not ready: the database is unreachable: .*127\\.0\\.0\\.1:${port}`))]);
    });

    it.skipIf(!testPostgresUrl)('PostgreSQL: a role the server refuses is not named in the answer, but in the log', async () => {
      const url = new URL(testPostgresUrl!);
      url.username = 'svc_no_such_role';
      const { answers, warnings } = await readyOf(url.toString(), 1);
      expect(answers[0]!.statusCode).toBe(503);
      expect(answers[0]!.body).not.toContain('svc_no_such_role');
      expect(answers[0]!.json()).toEqual({ success: false, message: '503010: Not ready: the database is unreachable' });
      expect(warnings).toEqual([expect.stringContaining('svc_no_such_role')]);
    });
  });
});

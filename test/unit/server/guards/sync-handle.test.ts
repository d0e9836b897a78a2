import { spawn } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { syncPostgres } from '../../../support/sync-postgres.js';
import { testPostgresUrl } from '../../../support/test-database.js';

/**
 * The tests' synchronous PostgreSQL handle (test/support/sync-postgres.ts) outlives a connection
 * cut under it, as the readiness test's proxy does to a server's: the statements after the cut fail
 * at once, and the run sees no uncaught exception from the handle's worker thread.
 */

// A TCP proxy in a process of its own: the test's thread blocks while the handle waits for an
// answer, so a proxy in it could not forward that answer.
const PROXY = `
  const net = require('node:net');
  const [host, port] = process.argv.slice(1);
  const server = net.createServer((c) => {
    const up = net.connect(Number(port), host);
    for (const s of [c, up]) s.on('error', () => {});
    c.pipe(up).pipe(c);
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;

let stop = () => {};
afterEach(() => stop());

it.skipIf(!testPostgresUrl)('a handle whose connection is cut fails its next statement, and nothing else', async () => {
  const target = new URL(testPostgresUrl!);
  const proxy = spawn(process.execPath, ['-e', PROXY, target.hostname, target.port || '5432'], { stdio: ['ignore', 'pipe', 'inherit'] });
  stop = () => proxy.kill('SIGKILL');
  const port = await new Promise<string>((ok) => proxy.stdout.once('data', (d) => ok(String(d).trim())));
  const through = new URL(target);
  through.port = port;
  const handle = syncPostgres(through.toString());
  try {
    expect(handle.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    proxy.kill('SIGKILL');
    await new Promise((ok) => proxy.once('exit', ok));
    await expect
      .poll(() => {
        try {
          handle.prepare('SELECT 1 AS one').get();
          return 'answered';
        } catch (e) {
          return (e as Error).message;
        }
      })
      .not.toBe('answered');
    expect(() => handle.prepare('SELECT 1 AS one').get()).toThrow(/Connection terminated|ECONNRESET|not queryable|closed/i);
  } finally {
    handle.close();
  }
});

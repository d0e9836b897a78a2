import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { testServer } from '../helpers.js';
import { testPostgresUrl } from '../../../support/test-database.js';

// The built entry points under load (`npm run build` first; `npm test` does): SIGTERM in the middle
// of 16 busy keep-alive clients loses no request. Each request is answered, or refused before the
// server accepted it (connection refused once it stopped listening); none is cut off.
const root = join(import.meta.dirname, '../../../..');
const CLIENTS = 16;
/**
 * The processes run on SQLite whichever database the run is on: the PostgreSQL run would start the
 * same processes on the same files again, so they run in the SQLite run alone.
 */
const processes = describe.skipIf(!!testPostgresUrl);

let child: ChildProcess | undefined;
let dir: string | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
  child = dir = undefined;
});

/** Starts `args` and resolves with the consultant server's URL, once it prints it. */
async function start(args: string[]): Promise<{ url: string; exit: Promise<number | null>; output: () => string }> {
  dir = mkdtempSync(join(tmpdir(), 'svc-shutdown-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    SVC_PORT: '0',
    DEMO_PORT: '0',
    // SQLite: what is tested here is the HTTP side, the same on both databases.
    SVC_DB: join(dir, 'svc.db'),
    SVC_LOG_LEVEL: 'warn',
  };
  child = spawn(process.execPath, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  while (!/consultant server: (http:\S+)/.test(out)) {
    if (child.exitCode !== null) throw new Error(`exited early: ${out}`);
    await once(child.stdout!, 'data');
  }
  return { url: /consultant server: (http:\S+)/.exec(out)![1]!, exit, output: () => out };
}

/** 16 clients, each asking again as soon as it has its answer, until the server is gone. */
async function load(url: string, onBusy: () => void) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const counts = { answered: 0, refused: 0, reset: 0, errors: [] as string[] };
  const one = () =>
    new Promise<'answered' | 'refused' | 'reset'>((resolve) => {
      const req = request(new URL('svc.js', url), { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve('answered'));
        res.on('error', () => resolve('reset'));
      });
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'ECONNREFUSED') counts.errors.push(e.code ?? e.message);
        resolve(e.code === 'ECONNREFUSED' ? 'refused' : 'reset');
      });
      req.end();
    });
  let signalled = false;
  const client = async () => {
    for (;;) {
      const r = await one();
      counts[r]++;
      if (!signalled && counts.answered >= 400) {
        signalled = true;
        onBusy();
      }
      if (r === 'refused') return;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  agent.destroy();
  return counts;
}

processes('graceful shutdown under load', () => {
  it.each([
    ['the server entry (dist/node/server/main.js)', ['dist/node/server/main.js']],
    ['the demo (scripts/start.mjs)', ['scripts/start.mjs', '--no-build']],
  ])(
    '%s: SIGTERM loses no request and exits 0',
    async (_name, args) => {
      const s = await start(args.map((a) => (a.startsWith('-') ? a : join(root, a))));
      const counts = await load(s.url, () => child!.kill('SIGTERM'));
      expect(await s.exit, s.output()).toBe(0);
      expect(counts.answered).toBeGreaterThanOrEqual(400);
      expect(counts.errors, JSON.stringify(counts)).toEqual([]);
      expect(counts.reset).toBe(0);
    },
    60_000,
  );
});

processes('a second signal', () => {
  it('exits at once while the first still waits for a request in flight', async () => {
    const s = await start([join(root, 'dist/node/server/main.js')]);
    const { port } = new URL(s.url);
    // A request whose body never finishes arriving: the drain waits for it.
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('POST /w/site-a HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n{');
    socket.on('error', () => {});
    // The server has begun to close once it says so.
    child!.kill('SIGTERM');
    while (!s.output().includes('SIGTERM, closing')) await once(child!.stderr!, 'data');
    const before = Date.now();
    child!.kill('SIGTERM');
    const code = await s.exit;
    socket.destroy();
    expect(code).toBe(1);
    // Well before the drain would have given up on the request (5 s).
    expect(Date.now() - before).toBeLessThan(2000);
  }, 60_000);
});

describe('event streams on shutdown', () => {
  it('end with a retry hint, and the server closes', async () => {
    const server = await testServer();
    const base = await server.listen(0);
    let closed: Promise<void> | undefined;
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(new URL('os/site-a', base), (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
          // Shut down once the stream is open.
          closed ??= server.shutdown();
        });
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    await closed;
    // The last field before the end tells the browser to come back a little later.
    expect(body).toMatch(/retry: 3000\n\n$/);
  });
});

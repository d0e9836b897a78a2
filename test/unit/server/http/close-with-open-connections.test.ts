import { createServer as createHttpServer, get, Agent, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer } from '../../../../src/server/app.js';
import { trackConnections } from '../../../../src/server/http/connections.js';
import { testConfig } from '../helpers.js';

/**
 * Stopping the demo site and the server (Ctrl-C on `npm start`, a test's teardown) while a browser
 * still holds connections to them: an unused connection (a preconnect), a kept-alive one and an
 * event stream must not hold the close.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const opened: Socket[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.destroy();
});

/** A connection that never sends a request, as Chromium's preconnects. */
async function unusedConnection(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  opened.push(socket);
  await new Promise((ok) => socket.once('connect', ok));
  return socket;
}

/** A connection that has carried one request and is kept alive for the next. */
async function keptAliveConnection(url: string): Promise<void> {
  const agent = new Agent({ keepAlive: true });
  const res = await new Promise<IncomingMessage>((ok) => get(url, { agent }, ok));
  opened.push(res.socket);
  res.resume();
  await new Promise((ok) => res.once('end', ok));
}

/** Whether `p` settles within `ms` (a deadline, not a wait: it returns as soon as `p` does). */
async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((ok) => (timer = setTimeout(() => ok(false), ms)));
  const done = await Promise.race([p.then(() => true), late]);
  clearTimeout(timer);
  return done;
}

describe('the demo site', () => {
  it('closes at once with an unused and a kept-alive connection open', async () => {
    const { startSite } = (await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href)) as {
      startSite(o: { svcUrl: string; port: number }): Promise<{ url: string; close(): Promise<void> }>;
    };
    const site = await startSite({ svcUrl: 'http://127.0.0.1:9/', port: 0 });
    await unusedConnection(site.url);
    await keptAliveConnection(site.url);
    expect(await settlesWithin(site.close(), 2000)).toBe(true);
  });
});

describe('the server', () => {
  it('closes at once with an unused connection, a kept-alive one and an event stream open', async () => {
    const server = await createServer({
      dbPath: ':memory:',
      bundleDir: '/nonexistent',
      siteConfig: testConfig,
    });
    const url = await server.listen(0, '127.0.0.1');
    await unusedConnection(url);
    await keptAliveConnection(url + 'health');
    const stream = await new Promise<IncomingMessage>((ok) => get(url + 'os/site-a', { headers: { Origin: 'http://localhost' } }, ok));
    opened.push(stream.socket);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    stream.resume();
    expect(await settlesWithin(server.close(), 2000)).toBe(true);
  });
});

describe('the server’s connections', () => {
  it('a connection opened after the close began does not hold it', async () => {
    // Node's close waits on a connection that never carried a request for as long as its client
    // keeps it; one that opens between the close's start (endIdle, in preClose) and the end of
    // listening (a browser preconnects as its streams end) must not.
    const http = createHttpServer((_req, res) => res.end('ok'));
    await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
    const address = http.address() as { port: number };
    const connections = trackConnections(http);
    connections.endIdle();
    const late = await unusedConnection(`http://127.0.0.1:${address.port}/`);
    const closed = new Promise<void>((ok) => http.close(() => ok()));
    expect(await settlesWithin(closed, 2000)).toBe(true);
    // And the client sees it end (a browser then opens another for its next request).
    expect(await settlesWithin(new Promise((ok) => (late.destroyed ? ok(null) : late.once('close', ok))), 1000)).toBe(true);
  });

  it('a connection whose answer is written after the close began does not hold it, whatever its client does', async () => {
    // A browser does not read a pooled connection it is not using: the server's end of it goes
    // unanswered, and Node would keep the half-closed connection for the keep-alive time.
    let answer!: () => void;
    const http = createHttpServer((_req, res) => (answer = () => res.end('ok')));
    http.keepAliveTimeout = 72_000;
    await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
    const connections = trackConnections(http);
    const client = connect({ port: (http.address() as { port: number }).port, host: '127.0.0.1', allowHalfOpen: true });
    opened.push(client);
    await new Promise((ok) => client.once('connect', ok));
    let received = '';
    client.on('data', (d: Buffer) => (received += d.toString()));
    client.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    connections.endIdle();
    const closed = new Promise<void>((ok) => http.close(() => ok()));
    answer();
    expect(await settlesWithin(closed, 2000)).toBe(true);
    // The answer was delivered whole before the connection ended.
    expect(await settlesWithin(new Promise((ok) => (client.readableEnded ? ok(null) : client.once('end', ok))), 1000)).toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
  });
});

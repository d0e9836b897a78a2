import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { turnBatchedSocket } from '../../../../src/server/store/turn-batched-socket.js';

/** The pipelines' socket: what one turn writes waits in the socket and leaves at the turn's end, together. */

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = null;
});

/** A server that keeps what each connection sent; the client's socket, connected. */
async function connected() {
  const received: Buffer[] = [];
  server = createServer((peer: Socket) => peer.on('data', (d: Buffer) => received.push(d)));
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const socket = turnBatchedSocket();
  socket.connect((server.address() as AddressInfo).port, '127.0.0.1');
  await new Promise((done) => socket.once('connect', done));
  return { socket, received };
}
const nextTurn = () => new Promise((done) => setImmediate(done));

describe('a socket that batches the writes of a turn', () => {
  it('holds the writes of one turn until its end, then sends them all', async () => {
    const { socket, received } = await connected();
    socket.write('BEGIN;');
    socket.write(Buffer.from('SELECT 1;'));
    await Promise.resolve();
    socket.write('COMMIT;', () => {});
    // Not yet sent: a plain socket would have handed each to the system at once.
    expect(socket.writableLength).toBe('BEGIN;SELECT 1;COMMIT;'.length);
    await nextTurn();
    expect(socket.writableLength).toBe(0);
    await expect.poll(() => Buffer.concat(received).toString()).toBe('BEGIN;SELECT 1;COMMIT;');
    socket.destroy();
  });

  it('batches every turn after, not only the first', async () => {
    const { socket, received } = await connected();
    socket.write('one;');
    await nextTurn();
    socket.write('two;');
    socket.write('three;');
    expect(socket.writableLength).toBe('two;three;'.length);
    await nextTurn();
    expect(socket.writableLength).toBe(0);
    await expect.poll(() => Buffer.concat(received).toString()).toBe('one;two;three;');
    socket.destroy();
  });
});

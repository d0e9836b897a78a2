import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that reads the wire protocol both ways and counts what a
 * client really asks: statements (each extended-protocol `Sync` or simple `Query`) and round trips.
 * A round trip is a wait: a statement sent while none of that connection's earlier ones is still
 * unanswered (`ReadyForQuery`). Statements a driver pipelines behind an unanswered one ride along
 * in the same round trip; statements on different connections are counted on each.
 *
 * The answers are held back `latencyMs` on their way to the client, as a database a network hop
 * away would: a statement the client sends without waiting is then always sent before the answers
 * of its flight arrive, however fast the local database answers, so only a real wait counts.
 */
export interface ProtocolCounter {
  /** `postgres://…` URL with host and port replaced by the proxy's. */
  url(of: string): string;
  /** Counts since the last reset. */
  counts(): { statements: number; roundTrips: number };
  /** The statements parsed since the last reset (each extended-protocol `Parse`): by name, '' for unnamed ones. */
  parsed(): string[];
  /** The texts of the unnamed ones among them. */
  unnamed(): string[];
  reset(): void;
  close(): Promise<void>;
}

interface Stream {
  buffer: Buffer;
  /** The client's first message (StartupMessage) has no type byte. */
  started: boolean;
}

/** Calls `onMessage` with the type byte and the body of each complete message in `chunk`. */
function read(stream: Stream, chunk: Buffer, onMessage: (type: number, body: Buffer) => void): void {
  stream.buffer = stream.buffer.length ? Buffer.concat([stream.buffer, chunk]) : chunk;
  for (;;) {
    const b = stream.buffer;
    if (!stream.started) {
      if (b.length < 8) return;
      const len = b.readInt32BE(0);
      if (b.length < len) return;
      // An SSLRequest (80877103) is answered with one byte and followed by the real StartupMessage.
      if (b.readInt32BE(4) !== 80877103) stream.started = true;
      stream.buffer = b.subarray(len);
      continue;
    }
    if (b.length < 5) return;
    const len = b.readInt32BE(1) + 1;
    if (b.length < len) return;
    onMessage(b[0]!, b.subarray(5, len));
    stream.buffer = b.subarray(len);
  }
}

const SYNC = 'S'.charCodeAt(0);
const QUERY = 'Q'.charCodeAt(0);
const READY = 'Z'.charCodeAt(0);
const PARSE = 'P'.charCodeAt(0);

export async function startProtocolCounter(target: string, latencyMs = 25): Promise<ProtocolCounter> {
  const t = new URL(target);
  let statements = 0;
  let roundTrips = 0;
  let parsed: string[] = [];
  let unnamed: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const db = connect(Number(t.port || 5432), t.hostname);
    sockets.add(client).add(db);
    let unanswered = 0;
    const up: Stream = { buffer: Buffer.alloc(0), started: false };
    // Server messages all carry a type byte; an SSLRequest is never sent (no ssl in the URL).
    const down: Stream = { buffer: Buffer.alloc(0), started: true };
    client.on('data', (d: Buffer) => {
      read(up, d, (type, body) => {
        // Parse: the statement's name (a NUL-terminated string, empty for an unnamed one), its text, …
        if (type === PARSE) {
          const end = body.indexOf(0);
          parsed.push(body.toString('utf8', 0, end));
          if (end === 0) unnamed.push(body.toString('utf8', 1, body.indexOf(0, 1)));
        }
        if (type !== SYNC && type !== QUERY) return;
        statements++;
        if (unanswered === 0) roundTrips++;
        unanswered++;
      });
      db.write(d);
    });
    // Timers of one delay fire in the order they were set: the answers keep their order.
    db.on('data', (d: Buffer) => {
      setTimeout(() => {
        read(down, d, (type) => {
          if (type === READY) unanswered = Math.max(0, unanswered - 1);
        });
        if (!client.destroyed) client.write(d);
      }, latencyMs);
    });
    client.on('close', () => db.destroy());
    db.on('close', () => client.destroy());
    client.on('error', () => {});
    db.on('error', () => {});
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as { port: number }).port;
  return {
    url(of) {
      const u = new URL(of);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    counts: () => ({ statements, roundTrips }),
    parsed: () => parsed,
    unnamed: () => unnamed,
    reset() {
      parsed = [];
      unnamed = [];
      statements = 0;
      roundTrips = 0;
    },
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** A connection with no request for this long is taken as left by its client and closed. */
export const DRAIN_IDLE_MS = 500;
/** The longest a drain waits for clients to finish before the server closes what is left. */
export const DRAIN_MAX_MS = 5000;

/** Requests in progress on a connection, and since when it has had none. */
interface Use {
  busy: number;
  idleSince: number;
}

export interface Connections {
  /**
   * Lets `server.close()` finish without waiting on the clients. Node's close ends at once only the
   * connections that have finished a request: one a browser opened ahead of need and never used
   * (Chromium preconnects) holds the close for as long as the browser keeps it, and so does one
   * whose answer is sent after the close began (it stays open for its keep-alive time). Call it
   * when the close begins: unused connections end at once, busy ones once their answer is written,
   * and those that open later at once.
   */
  endIdle(): void;
  /**
   * Closing an HTTP/1.1 server loses requests by default: Node's `server.close()` destroys every
   * keep-alive connection that is idle at that instant, while its client may be sending the next
   * request on it (the client sees a reset). A drain instead stops accepting, answers every request
   * still arriving with `Connection: close` (the client then opens no more on that connection), and
   * resolves once every connection has stayed idle for {@link DRAIN_IDLE_MS}, or after
   * {@link DRAIN_MAX_MS}.
   */
  drain(): Promise<void>;
}

/** One registry of the server's connections, for both ways of closing them. */
export function trackConnections(server: Server): Connections {
  const sockets = new Map<Socket, Use>();
  const pending = new Set<ServerResponse>();
  let draining = false;
  let closing = false;
  server.on('connection', (socket: Socket) => {
    // One that opens once the close has begun (the server still listens until its preClose hooks
    // have run) has no request yet, and Node's close would wait on it for as long as the browser
    // keeps it: a browser preconnects as its event streams end. It ends at once.
    if (closing) {
      socket.destroy();
      return;
    }
    sockets.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  // Before Fastify's own listener: a reply may be sent within it.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const use = sockets.get(socket);
    if (use) use.busy++;
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
    else pending.add(res);
    res.once('close', () => {
      pending.delete(res);
      if (!use) return;
      use.busy--;
      use.idleSince = Date.now();
      // Destroyed once the answer is written, not merely ended: a browser does not read a pooled
      // connection it is not using, so it would not answer the end, and Node would hold the
      // half-closed connection, and the close, for the keep-alive time (72 s).
      if (closing && !use.busy) socket.destroySoon();
    });
  });
  return {
    endIdle() {
      closing = true;
      for (const [socket, use] of sockets) if (!use.busy) socket.destroy();
    },
    async drain() {
      draining = true;
      for (const res of pending) if (!res.headersSent) res.setHeader('Connection', 'close');
      // net.Server's close stops accepting without the HTTP server's closing of idle connections.
      if (server.listening) NetServer.prototype.close.call(server);
      const started = Date.now();
      await new Promise<void>((resolve) => {
        const check = () => {
          const now = Date.now();
          const settled = [...sockets.values()].every((s) => s.busy === 0 && now - s.idleSince >= DRAIN_IDLE_MS);
          if (settled || now - started >= DRAIN_MAX_MS) resolve();
          else setTimeout(check, 25);
        };
        check();
      });
    },
  };
}

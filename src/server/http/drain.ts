import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** A connection with no request for this long is taken as left by its client and closed. */
export const DRAIN_IDLE_MS = 500;
/** The longest a drain waits for clients to finish before the server closes what is left. */
export const DRAIN_MAX_MS = 5000;

/**
 * Closing an HTTP/1.1 server loses requests by default: Node's `server.close()` destroys every
 * keep-alive connection that is idle at that instant, while its client may be sending the next
 * request on it (the client sees a reset). A drain instead stops accepting, answers every request
 * still arriving with `Connection: close` (the client then opens no more on that connection), and
 * only closes connections that stayed idle for {@link DRAIN_IDLE_MS}.
 */
export function connectionDrain(app: FastifyInstance): { drain(): Promise<void> } {
  const sockets = new Map<Socket, { busy: number; idleSince: number }>();
  const pending = new Set<ServerResponse>();
  let draining = false;
  app.server.on('connection', (socket: Socket) => {
    sockets.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  // Before Fastify's own listener: a reply may be sent within it.
  app.server.prependListener('request', (req, res: ServerResponse) => {
    const s = sockets.get(req.socket);
    if (s) s.busy++;
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
    else pending.add(res);
    res.once('close', () => {
      pending.delete(res);
      if (s) {
        s.busy--;
        s.idleSince = Date.now();
      }
    });
  });
  return {
    async drain() {
      draining = true;
      for (const res of pending) if (!res.headersSent) res.setHeader('Connection', 'close');
      // net.Server's close stops accepting without the HTTP server's closing of idle connections.
      if (app.server.listening) NetServer.prototype.close.call(app.server);
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

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Lets `server.close()` finish without waiting on the clients. Node's close ends at once only the
 * connections that have finished a request: one a browser opened ahead of need and never used
 * (Chromium preconnects) holds the close for as long as the browser keeps it, and so does one whose
 * answer is sent after the close began (it stays open for its keep-alive time). Call the returned
 * function when the close begins: unused connections end at once, busy ones after their answer.
 */
export function connectionCloser(server: Server): () => void {
  const idle = new Set<Socket>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    idle.add(socket);
    socket.once('close', () => idle.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    idle.delete(socket);
    res.once('close', () => {
      if (closing) socket.end();
      else if (!socket.destroyed) idle.add(socket);
    });
  });
  return () => {
    closing = true;
    for (const socket of idle) socket.destroy();
    idle.clear();
  };
}

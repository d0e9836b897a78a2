import { Socket } from 'node:net';

/**
 * A socket for pg's connections that sends what one turn of the event loop writes with one system
 * call. pg writes each statement (bind, describe, execute, sync) with one call, and each BEGIN and
 * COMMIT with another, and Node sends each at once: a group of page views' statements cost a system
 * call apiece. Corked from the turn's first write to its end (setImmediate), they leave together.
 * Nothing waits longer than the turn that wrote it.
 */
export function turnBatchedSocket(): Socket {
  const socket = new Socket();
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  const batch = () => {
    const write = Socket.prototype.write;
    socket.write = function (this: Socket, ...args: unknown[]) {
      if (!corked) {
        corked = true;
        this.cork();
        setImmediate(uncork);
      }
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as Socket['write'];
  };
  // Node's connect() puts Socket.prototype.write back on the socket: the batching goes on after it.
  socket.on('connect', batch);
  return socket;
}

import { createServer, type Server, type Socket } from 'node:net';

/**
 * A stand-in for Asterisk's Manager Interface (AMI) as its documentation describes it: a banner
 * line, `Action: Login` answered by `Response: Success` (or `Error` with a message for a wrong
 * secret), then events as blocks of `Key: Value` lines ended by an empty line. `emit` sends events
 * to every logged-in client; `actions` records what clients sent.
 */
export interface AmiStandin {
  port: number;
  actions: Array<Record<string, string>>;
  emit(events: Array<Record<string, string>>): void;
  close(): Promise<void>;
}

const block = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('') + '\r\n';

export async function startAmiStandin(user: string, secret: string): Promise<AmiStandin> {
  const actions: Array<Record<string, string>> = [];
  const clients = new Set<Socket>();
  const server: Server = createServer((socket) => {
    socket.setEncoding('utf8');
    socket.write('Asterisk Call Manager/9.0.0\r\n');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n\r\n')) >= 0) {
        const action: Record<string, string> = {};
        for (const line of buffer.slice(0, end).split('\r\n')) {
          const colon = line.indexOf(': ');
          if (colon > 0) action[line.slice(0, colon)] = line.slice(colon + 2);
        }
        buffer = buffer.slice(end + 4);
        actions.push(action);
        if (action.Action === 'Login') {
          if (action.Username === user && action.Secret === secret) {
            clients.add(socket);
            socket.write(block({ Response: 'Success', Message: 'Authentication accepted' }));
          } else socket.write(block({ Response: 'Error', Message: 'Authentication failed' }));
        } else if (action.Action === 'Logoff') {
          clients.delete(socket);
          socket.end(block({ Response: 'Goodbye', Message: 'Thanks for all the fish.' }));
        }
      }
    });
    socket.on('close', () => clients.delete(socket));
    socket.on('error', () => clients.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    actions,
    emit(events) {
      for (const socket of clients) socket.write(events.map(block).join(''));
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of clients) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

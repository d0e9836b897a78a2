import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A receiver on a loopback port for the webhook tests: keeps every request, answers as told. */
export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  json: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status of the next answers (default 200); 'hang' never answers. */
  answer: (n: number) => number | 'hang';
  close(): Promise<void>;
}

export async function startReceiver(answer: Receiver['answer'] = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const r: Receiver = { url: '', received, answer, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body) as Record<string, unknown> });
      const a = r.answer(received.length);
      if (a === 'hang') {
        hanging.add(res);
        return;
      }
      res.statusCode = a;
      res.end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = () =>
    new Promise<void>((done) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => done());
    });
  return r;
}

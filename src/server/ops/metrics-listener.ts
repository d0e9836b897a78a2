import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export interface MetricsListenerOptions {
  /** Port of the metrics listener; 0 picks a free one. */
  port: number;
  /** Address it binds. Default 127.0.0.1: reachable from the host (a local Prometheus or agent) only. */
  host?: string;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
}

export interface MetricsListener {
  /** The scrape address, `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Serves `GET /metrics` on a listener of its own, never on the public port: what the metrics tell
 * (routes, refusals, pool state) is for the operator. A token, when given, is compared in constant
 * time (both sides hashed first, so lengths do not leak either).
 */
export async function listenMetrics(registry: Registry, opts: MetricsListenerOptions): Promise<MetricsListener> {
  const host = opts.host ?? '127.0.0.1';
  const expected = opts.token ? digest(`Bearer ${opts.token}`) : null;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' }).end('Unauthorized\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, host, () => ok());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

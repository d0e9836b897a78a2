// A delaying HTTP proxy in front of the consultant server: every request is piped through
// node:http unchanged, page views (POST .../w/...) after `delay` ms, and logged with the moments
// it arrived and was answered (epoch ms, the clock the browser's performance.timeOrigin uses), so
// a bench can count what was sent and answered before a moment seen in the page, and every CORS
// preflight (OPTIONS).
import { Agent, createServer, request } from 'node:http';
import { performance } from 'node:perf_hooks';

const now = () => performance.timeOrigin + performance.now();

/** Resolves with `{ url, delay, target, log, close() }`; set `target` (a base URL) before use. */
export async function startProxy() {
  const agent = new Agent({ keepAlive: true });
  const proxy = { url: '', delay: 0, target: '', log: [] };
  const server = createServer((req, res) => {
    const entry = { method: req.method, path: req.url, at: now(), end: 0 };
    proxy.log.push(entry);
    const delay = req.method === 'POST' && /\/w\//.test(req.url) ? proxy.delay : 0;
    const t = new URL(proxy.target);
    const forward = () => {
      const up = request(
        { host: t.hostname, port: t.port, method: req.method, path: req.url, headers: { ...req.headers, host: t.host }, agent },
        (r) => {
          res.writeHead(r.statusCode, r.headers);
          r.pipe(res);
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    };
    res.on('finish', () => (entry.end = now()));
    if (delay) setTimeout(forward, delay);
    else forward();
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  proxy.url = `http://127.0.0.1:${server.address().port}/`;
  proxy.close = () =>
    new Promise((ok) => {
      agent.destroy();
      server.closeAllConnections();
      server.close(() => ok());
    });
  return proxy;
}

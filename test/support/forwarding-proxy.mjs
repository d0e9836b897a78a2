#!/usr/bin/env node
// A reverse proxy that forwards as the nginx configuration of docs/operations.md does, for tests that put a real
// proxy process in front of the server: `node forwarding-proxy.mjs TARGET_URL [append|set] [FROM]`.
// `append` adds the peer's address to the client's X-Forwarded-For ($proxy_add_x_forwarded_for),
// `set` replaces it ($remote_addr). FROM is the local address it connects to the server from. The
// client's X-Svc-Country/Region/City are dropped; PROXY_CITY, when set, is sent as X-Svc-City (the
// proxy's own geography). PROXY_LOG, when set, is a file each request's line (`GET /path?query
// HTTP/1.1`, nginx's $request) is appended to, as a proxy's access log keeps it. Prints its URL as
// the first line of stdout.
import { appendFileSync } from 'node:fs';
import http from 'node:http';

const [target, mode = 'append', localAddress] = process.argv.slice(2);
const upstream = new URL(target);
const agent = new http.Agent({ keepAlive: true });

const server = http.createServer((req, res) => {
  if (process.env.PROXY_LOG) appendFileSync(process.env.PROXY_LOG, `${req.method} ${req.url} HTTP/${req.httpVersion}\n`);
  const headers = { ...req.headers };
  const peer = req.socket.remoteAddress;
  const sent = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = mode === 'append' && sent ? `${sent}, ${peer}` : peer;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host;
  headers.host = upstream.host;
  for (const h of ['x-svc-country', 'x-svc-region', 'x-svc-city']) delete headers[h];
  if (process.env.PROXY_CITY) headers['x-svc-city'] = process.env.PROXY_CITY;
  const forward = http.request(
    { agent, host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers, localAddress },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forward.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(forward);
});
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}/`));
process.on('SIGTERM', () => process.exit(0));

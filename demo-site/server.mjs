// The demo customer's web site: static pages on their own origin that embed svc.js through the
// documented loader. `{{SVC_URL}}` in a page is replaced by the consultant server's base URL.
// Used by `npm start` and by the e2e tests (which also serve their fixture pages with it).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml', '.json': 'application/json' };

/**
 * Starts the site. Options: `root` (folder of pages; default demo-site/public), `svcUrl` (the
 * consultant server base URL), `port` (0 picks a free one), `host` (default localhost),
 * `headers` (extra response headers for HTML pages, e.g. a Content-Security-Policy).
 * Resolves with `{ url, close() }`.
 */
export async function startSite({ root = fileURLToPath(new URL('./public', import.meta.url)), svcUrl, port = 4100, host = 'localhost', headers = {} } = {}) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path === '/favicon.ico') return send(res, 204, 'image/x-icon', '');
      let file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
      if (file !== root && !file.startsWith(root + sep)) return send(res, 403, 'text/plain', 'forbidden');
      let body;
      try {
        body = await readFile(file);
      } catch {
        // Client-side routes of the SPA demo fall back to its page.
        if (path.startsWith('/spa/')) body = await readFile((file = join(root, 'spa.html')));
        else return send(res, 404, 'text/plain', 'not found');
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (type.startsWith('text/html')) {
        body = body.toString('utf8').replaceAll('{{SVC_URL}}', svcUrl);
        return send(res, 200, type, body, headers);
      }
      send(res, 200, type, body);
    } catch {
      send(res, 500, 'text/plain', 'error');
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, host, ok));
  return {
    url: `http://${host}:${server.address().port}/`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

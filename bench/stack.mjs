// The real consultant server (built, dist/node) with a fresh database and a site configuration,
// and a site server on another origin serving the given pages ({{SVC_URL}} filled in), with
// `siteHeaders` on each page if given.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function startStack(root, { config, pages, siteHeaders = {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  writeFileSync(join(dir, 'site-config.json'), JSON.stringify(config));
  for (const [name, html] of Object.entries(pages)) writeFileSync(join(dir, name), html);
  const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const server = await createServer({
    dbPath: join(dir, 'svc.db'),
    siteConfig: join(dir, 'site-config.json'),
    bundleDir: join(root, 'dist'),
    // Every page a bench opens in a fresh browser context is a first visit from 127.0.0.1: the
    // first-visit limit (10 per 10 s) is off, so that the snippet is measured, not the limit.
    rateLimits: { firstVisits: 0 },
  });
  const svcUrl = await server.listen(0, '127.0.0.1');
  const site = await startSite({ root: dir, svcUrl, port: 0, headers: siteHeaders });
  return {
    svcUrl,
    siteUrl: site.url,
    async close() {
      await site.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Site headers that make a page cross-origin isolated: its clock reads in 5 µs steps instead of
 * 100 µs (Chromium), where a pass over 10k text nodes takes about a millisecond. `credentialless`
 * lets the page load svc.js from the server's origin as it is (sent without cookies, which the
 * snippet never needs). A page checks `crossOriginIsolated` before it measures.
 */
export const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'credentialless' };

/** The median of a list of numbers. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// Shared pieces of the benchmark sections: statistics, Chromium, and a real stack (consultant
// server with a fresh database + a site server on another origin) for the browser sections.
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export async function launchChromium() {
  return chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
}

/** The built server and a site server serving `pagesDir`; `close()` stops both and removes the db. */
export async function startStack({ pagesDir = join(root, 'bench/pages'), siteConfig = join(root, 'demo-site/site-config.json') } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
  const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
  const server = await createServer({ dbPath: join(dir, 'bench.db'), siteConfig, bundleDir: join(root, 'dist') });
  const svcUrl = await server.listen(0, '127.0.0.1');
  const site = await startSite({ root: pagesDir, svcUrl, port: 0 });
  return {
    svcUrl,
    siteUrl: site.url,
    server,
    async close() {
      await site.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

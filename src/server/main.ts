#!/usr/bin/env node
/**
 * Starts the consultant server from the built files (`npm run serve`, or
 * `node dist/node/server/main.js`): no build, runtime dependencies only. Every setting is an
 * `SVC_*` environment variable, or a line of `.env` in the working directory (settings.ts;
 * `.env.example` lists them with their defaults). SIGTERM or SIGINT closes it gracefully
 * (shutdown.ts). Metrics and retention: SVC_METRICS_PORT, SVC_METRICS_HOST, SVC_METRICS_TOKEN,
 * SVC_RETENTION_DAYS (docs/operations.md).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_ACCOUNT_HINT, hasNoLogins } from './accounts/no-logins.js';
import { browserBase } from './accounts/browser-url.js';
import { createServer } from './app.js';
import { setupLink } from './owner-app/setup.js';
import { readSettings, withEnvFile } from './settings.js';
import { closeOnSignals } from './shutdown.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

try {
  const settings = readSettings(withEnvFile(), root);
  const server = await createServer(settings.server);
  closeOnSignals(() => server.shutdown());
  const url = await server.listen(settings.port, settings.host);
  const port = new URL(url).port;
  const base = browserBase(settings.server.publicUrl, settings.host, port);
  console.log(`consultant server: ${url}`);
  console.log(`site owner's app:  ${base}app/`);
  console.log(`REST API:          ${url}api/v1/ (reference: ${url}api/docs)`);
  if (server.metricsUrl()) console.log(`metrics:           ${server.metricsUrl()}`);
  // Printed here once, not through the request log (which hides every token=).
  const link = await setupLink(server.store, server.setupToken, base);
  if (link && (await hasNoLogins(server.store.db))) {
    console.log(FIRST_ACCOUNT_HINT);
    console.log(`setup link:        ${link}`);
  }
} catch (e) {
  console.error(`consultant server failed to start: ${(e as Error).message}`);
  process.exit(1);
}

#!/usr/bin/env node
// `npm start`: builds the bundles and the server, then starts the consultant server (with its
// SQLite database) and the demo site on its own origin. Stop with Ctrl-C.
// Ports: SVC_PORT (default 3100) and DEMO_PORT (default 4100); SVC_DB sets the database file.
// SVC_TRUST_PROXY: the proxies in front of the server, as for `node dist/node/server/main.js`.
// The demo's site configuration seeds the database on the first start; later starts use what the
// database holds and say nothing while the file is the one imported. After editing the file, run
// `npm run import-config -- demo-site/site-config.json` (README, "Site configuration").
// The demo's files carry logins with published passwords; only this demo seeds them (the server's
// own start, dist/node/server/main.js, seeds nothing unless told: README, "The first account").
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

const { createServer } = await import(pathToFileURL(join(root, 'dist/node/server/app.js')).href);
const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);
const { readTrustedProxies } = await import(pathToFileURL(join(root, 'dist/node/server/http/trusted-proxy.js')).href);

const env = process.env;
const server = await createServer({
  dbPath: env.SVC_DB ?? join(root, 'data/svc.db'),
  siteConfig: env.SVC_SITE_CONFIG ?? join(root, 'demo-site/site-config.json'),
  apiSeed: env.SVC_API_SEED ?? join(root, 'demo-site/api-seed.json'),
  telephonySeed: env.SVC_TELEPHONY_SEED ?? join(root, 'demo-site/telephony-seed.json'),
  bundleDir: join(root, 'dist'),
  // Read as the server's own start reads it (src/server/main.ts).
  trustProxy: readTrustedProxies(env.SVC_TRUST_PROXY),
  // The demo's telephony secret is public (README): `npm run call` signs with it by default.
  telephony: { secret: env.SVC_TELEPHONY_SECRET || 'demo-telephony-secret' },
});
const svcUrl = await server.listen(Number(env.SVC_PORT ?? 3100), '127.0.0.1');
const site = await startSite({ svcUrl, port: Number(env.DEMO_PORT ?? 4100) });
console.log(`consultant server: ${svcUrl}`);
console.log(`demo site:         ${site.url}`);
console.log(`REST API:          ${svcUrl}api/v1/  (users demo/demo-password and agent/agent-password; reference ${svcUrl}api/docs)`);
console.log(`operator console:  ${svcUrl}op/  (operator@demo.test / demo-operator)`);

const stop = async () => {
  await site.close();
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

#!/usr/bin/env node
// `npm start`: builds the bundles and the server, then starts the consultant server (with its
// SQLite database) and the demo site on its own origin. Stop with Ctrl-C. `--no-build` starts
// what the last build left in dist/.
// Settings are the server's own (src/server/settings.ts, `.env.example`: SVC_PORT, SVC_HOST,
// SVC_DB, SVC_PUBLIC_URL, SVC_TRUST_PROXY, SVC_LOG_LEVEL…, and `.env`), plus DEMO_PORT (default 4100).
// The demo's site configuration seeds the database on the first start; later starts use what the
// database holds and say nothing while the file is the one imported. After editing the file, run
// `npm run import-config -- demo-site/site-config.json` (docs/server.md, "Site configuration").
// The demo's files carry logins with published passwords; only this demo seeds them (the server's
// own start, dist/node/server/main.js, seeds nothing unless told: docs/security.md, "The first account").
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!process.argv.includes('--no-build')) execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });

const load = (path) => import(pathToFileURL(join(root, 'dist/node/server', path)).href);
const { createServer } = await load('app.js');
const { readSettings, withEnvFile } = await load('settings.js');
const { closeOnSignals } = await load('shutdown.js');
const { startSite } = await import(pathToFileURL(join(root, 'demo-site/server.mjs')).href);

const env = withEnvFile();
let settings;
try {
  settings = readSettings(
    {
      // The demo's files, unless the environment names others (empty: none).
      SVC_SITE_CONFIG: join(root, 'demo-site/site-config.json'),
      SVC_API_SEED: join(root, 'demo-site/api-seed.json'),
      SVC_TELEPHONY_SEED: join(root, 'demo-site/telephony-seed.json'),
      ...env,
      // The demo's telephony secret is public (docs/calls.md): `npm run call` signs with it by default.
      SVC_TELEPHONY_SECRET: env.SVC_TELEPHONY_SECRET || 'demo-telephony-secret',
      // The demo's bundles are the ones just built.
      SVC_BUNDLE_DIR: join(root, 'dist'),
    },
    root,
  );
} catch (e) {
  console.error(`demo failed to start: ${e.message}`);
  process.exit(1);
}
const server = await createServer(settings.server);
let site;
// The demo site first: its pages stop asking the server before the server stops answering.
closeOnSignals(async () => {
  await site?.close();
  await server.shutdown();
});
const svcUrl = await server.listen(settings.port, settings.host);
site = await startSite({ svcUrl, port: Number(env.DEMO_PORT ?? 4100) });
console.log(`consultant server: ${svcUrl}`);
console.log(`demo site:         ${site.url}`);
console.log(`REST API:          ${svcUrl}api/v1/  (users demo/demo-password and agent/agent-password; reference ${svcUrl}api/docs)`);
console.log(`operator console:  ${svcUrl}op/  (operator@demo.test / demo-operator)`);
console.log(`site owner's app:  ${svcUrl}app/  (demo/demo-password; agent/agent-password)`);

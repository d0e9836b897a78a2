#!/usr/bin/env node
// `npm run create-account -- customer|agent|operator <login> …`: makes a login on the database
// (docs/security.md, "The first account"); the password comes from SVC_ACCOUNT_PASSWORD or stdin, never the
// command line. Runs the built server code (dist/node); builds it first when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/node/server/accounts/cli.js');
if (!existsSync(cli)) {
  console.error('create-account: building the server (dist/node) first…');
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
}
await import(pathToFileURL(cli).href);

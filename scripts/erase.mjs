#!/usr/bin/env node
// `npm run erase -- --site KEY (--visitor ID | --person ID) [--db PATH]`: erases a visitor or a
// person on request (docs/operations.md, "Retention and erasure"). Runs the built server code
// (dist/node); builds it first when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/node/server/visitors/erase-cli.js');
if (!existsSync(cli)) {
  console.error('erase: building the server (dist/node) first…');
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
}
await import(pathToFileURL(cli).href);

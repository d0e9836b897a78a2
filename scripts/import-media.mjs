#!/usr/bin/env node
// `npm run import-media -- <file.json> [--db <path>]`: adds or updates media files in an existing
// database (docs/calls.md, "Numbers, scenarios and charges"). Runs the built server code (dist/node);
// builds it first when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/node/server/numbers/media-cli.js');
if (!existsSync(cli)) {
  console.error('import-media: building the server (dist/node) first…');
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
}
await import(pathToFileURL(cli).href);

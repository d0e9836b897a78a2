#!/usr/bin/env node
// `npm run import-config -- <file> [--mode merge|replace] [--dry-run] [--db <path>]`: imports a site
// configuration file into an existing database (docs/server.md, "Site configuration"). Runs the built server
// code (dist/node); builds it first when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/node/server/site-import/cli.js');
if (!existsSync(cli)) {
  console.error('import-config: building the server (dist/node) first…');
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
}
await import(pathToFileURL(cli).href);

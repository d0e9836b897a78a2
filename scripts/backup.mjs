#!/usr/bin/env node
// `npm run backup -- FILE [--db PATH]`: copies a live SQLite database (docs/operations.md, "Backups and
// restore"). Runs the built server code (dist/node); builds it first when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/node/server/ops/backup-cli.js');
if (!existsSync(cli)) {
  console.error('backup: building the server (dist/node) first…');
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
}
process.argv.splice(2, 0, 'backup');
await import(pathToFileURL(cli).href);

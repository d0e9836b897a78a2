#!/usr/bin/env node
/** The import command's entry (config/command.ts); `npm run import-config` runs it from dist/node. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importConfigCommand } from './command.js';

// dist/node/server/site-import/cli.js → the package root, where main.ts keeps data/svc.db.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

process.exitCode = await importConfigCommand(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
  defaultDb: join(root, 'data/svc.db'),
});

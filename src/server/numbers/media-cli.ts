#!/usr/bin/env node
/** The media import command's entry (numbers/media-command.ts); `npm run import-media` runs it from dist/node. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importMediaCommand } from './media-command.js';

// dist/node/server/numbers/media-cli.js → the package root, where main.ts keeps data/svc.db.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

process.exitCode = await importMediaCommand(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
  defaultDb: join(root, 'data/svc.db'),
});

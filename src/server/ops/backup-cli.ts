#!/usr/bin/env node
/**
 * `npm run backup -- FILE [--db PATH]` and `npm run restore -- FILE [--db PATH]` (ops/backup.ts),
 * run from dist/node. The database is --db, else SVC_DB, else data/svc.db, as the server's.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isPostgresUrl } from '../store/open.js';
import { backupSqlite, restoreSqlite } from './backup.js';

// dist/node/server/ops/backup-cli.js → the package root, where main.ts keeps data/svc.db.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const [command, ...rest] = process.argv.slice(2);
const usage = `usage: npm run ${command ?? 'backup'} -- FILE [--db PATH]`;

async function main(): Promise<number> {
  if (command !== 'backup' && command !== 'restore') {
    console.error('backup-cli: the first argument is backup or restore');
    return 2;
  }
  let args;
  try {
    args = parseArgs({ args: rest, options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (e) {
    console.error(`${command}: ${(e as Error).message}\n${usage}`);
    return 2;
  }
  if (args.values.help) {
    console.log(usage);
    return 0;
  }
  const [file, extra] = args.positionals;
  if (!file || extra) {
    console.error(`${command}: one file, please\n${usage}`);
    return 2;
  }
  const db = args.values.db ?? process.env.SVC_DB ?? join(root, 'data/svc.db');
  if (isPostgresUrl(db)) {
    console.error(
      `${command}: ${db.replace(/\/\/[^@/]*@/, '//…@')} is PostgreSQL: use pg_dump -Fc / pg_restore (docs/operations.md, "Backups and restore")`,
    );
    return 2;
  }
  try {
    if (command === 'backup') {
      const pages = await backupSqlite(db, file);
      console.log(`backup: ${db} → ${file} (${pages} pages)`);
    } else {
      const { kept } = await restoreSqlite(file, db);
      console.log(`restore: ${file} → ${db}${kept ? ` (the database it replaced is kept as ${kept})` : ''}`);
    }
    return 0;
  } catch (e) {
    console.error(`${command}: ${(e as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();

import { existsSync } from 'node:fs';
import { isPostgresUrl, openStore } from '../store/open.js';
import { importSiteConfig } from './import.js';
import { describePlan, planSize } from './plan.js';
import { readSiteConfig } from './site-config.js';

/**
 * `npm run import-config -- <file> [--mode merge|replace] [--dry-run] [--db <path>]`: imports a
 * configuration file into an existing database (config/plan.ts says what merge and replace do).
 * Exit status: 0 done (or nothing to do), 1 refused (collisions; nothing written), 2 bad usage, a
 * bad file or no database.
 */

export const USAGE = 'usage: npm run import-config -- <file> [--mode merge|replace] [--dry-run] [--db <path>]';

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
  /** The database when neither --db nor SVC_DB names one (as main.ts: data/svc.db in the package). */
  defaultDb: string;
}

interface Args {
  file: string;
  mode: 'merge' | 'replace';
  dryRun: boolean;
  db: string | undefined;
}

function parseArgs(argv: string[]): Args | string {
  const args: Partial<Args> & { dryRun: boolean; mode: Args['mode'] } = { mode: 'merge', dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--dry-run') args.dryRun = true;
    else if (a === '--mode' || a === '--db') {
      const v = argv[++i];
      if (v === undefined) return `${a} needs a value`;
      if (a === '--db') args.db = v;
      else if (v === 'merge' || v === 'replace') args.mode = v;
      else return `--mode must be merge or replace, not "${v}"`;
    } else if (a.startsWith('--mode=')) return parseArgs([...argv.slice(0, i), '--mode', a.slice(7), ...argv.slice(i + 1)]);
    else if (a.startsWith('--db=')) return parseArgs([...argv.slice(0, i), '--db', a.slice(5), ...argv.slice(i + 1)]);
    else if (a.startsWith('-')) return `unknown option ${a}`;
    else if (args.file) return `one configuration file, please (got ${args.file} and ${a})`;
    else args.file = a;
  }
  if (!args.file) return 'which configuration file?';
  return { file: args.file, mode: args.mode, dryRun: args.dryRun, db: args.db };
}

/** Runs the command; resolves with the exit status. */
export async function importConfigCommand(argv: string[], io: CommandIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.err(`import-config: ${args}`);
    io.err(USAGE);
    return 2;
  }
  const dbPath = args.db ?? io.env.SVC_DB ?? io.defaultDb;
  // A mistyped path must not become a new, empty database.
  if (dbPath !== ':memory:' && !isPostgresUrl(dbPath) && !existsSync(dbPath)) {
    io.err(`import-config: no database at ${dbPath} (start the server once to create it, or name it with --db)`);
    return 2;
  }
  let config;
  try {
    config = readSiteConfig(args.file);
  } catch (e) {
    io.err(`import-config: ${(e as Error).message}`);
    return 2;
  }
  const store = await openStore({ path: dbPath });
  try {
    const { plan, applied } = await importSiteConfig(store, config, { mode: args.mode, dryRun: args.dryRun, source: args.file });
    io.out(`${args.file} into ${dbPath}, mode ${args.mode}${args.dryRun ? ', dry run' : ''}`);
    if (plan.problems.length) {
      io.err(`import-config: refused, nothing was written: the file collides with rows of the database`);
      for (const p of plan.problems) io.err(`  ${p}`);
      return 1;
    }
    for (const line of describePlan(plan)) io.out(line);
    const n = planSize(plan);
    const rows = `${n} row${n === 1 ? '' : 's'}`;
    if (args.dryRun) io.out(n ? `${rows} would change; nothing was written (dry run).` : 'Nothing would change.');
    else if (applied) {
      io.out(n ? `${rows} changed.` : 'Nothing changed; the file is recorded as imported.');
      // Caches of site data live in each server process. On PostgreSQL this command's store tells
      // them (siteDataChanged travels by NOTIFY); a SQLite server has no such channel.
      if (n && store.dialect === 'postgres') io.out('Servers running on this database were told and read the change now.');
      else if (n) io.out('A server running on this database picks the change up when restarted.');
    }
    return 0;
  } finally {
    await store.close();
  }
}

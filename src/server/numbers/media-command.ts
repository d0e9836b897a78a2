import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { customerById } from '../identity/customers.js';
import { isPostgresUrl, openStore } from '../store/open.js';
import { timestamp } from '../store/time.js';
import { putMediaFile } from './queries.js';
import { CustomerMediaFile, SystemMediaFile } from './media-files.js';

/**
 * `npm run import-media -- <file> [--db <path>]`: adds media files to the catalogue of an existing
 * database, or updates the files of the same name (the customer's, or the system's): the REST
 * document has no upload function, so this and the telephony seed are how files get in. The file
 * is JSON `{"system_media_files": [{name, duration_s, size}], "media_files": [{customer_id, name,
 * duration_s, size, is_normalize}]}`, the shapes of the seed; `modify_time` is the import's moment.
 * Exit status: 0 done, 2 bad usage, a bad file, an unknown customer (nothing written) or no database.
 */

export const MEDIA_USAGE = 'usage: npm run import-media -- <file.json> [--db <path>]';

const MediaFile = z.strictObject({
  system_media_files: z.array(SystemMediaFile).default([]),
  media_files: z.array(CustomerMediaFile).default([]),
});

export interface MediaCommandIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
  /** The database when neither --db nor SVC_DB names one. */
  defaultDb: string;
  /** The moment written as modify_time (tests fix it). */
  now?: () => number;
}

export async function importMediaCommand(argv: string[], io: MediaCommandIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(MEDIA_USAGE);
    return 0;
  }
  let file: string | undefined;
  let db: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--db') db = argv[++i];
    else if (a.startsWith('--db=')) db = a.slice(5);
    else if (a.startsWith('-') || file !== undefined) {
      io.err(`import-media: unexpected ${a}`);
      io.err(MEDIA_USAGE);
      return 2;
    } else file = a;
  }
  if (!file || db === '') {
    io.err(`import-media: ${file ? '--db needs a value' : 'which file?'}`);
    io.err(MEDIA_USAGE);
    return 2;
  }
  const dbPath = db ?? io.env.SVC_DB ?? io.defaultDb;
  // A mistyped path must not become a new, empty database.
  if (dbPath !== ':memory:' && !isPostgresUrl(dbPath) && !existsSync(dbPath)) {
    io.err(`import-media: no database at ${dbPath} (start the server once to create it, or name it with --db)`);
    return 2;
  }
  let files: z.output<typeof MediaFile>;
  try {
    const r = MediaFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!r.success) throw new Error(r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    files = r.data;
  } catch (e) {
    io.err(`import-media: ${file}: ${(e as Error).message}`);
    return 2;
  }
  const store = await openStore({ path: dbPath });
  try {
    const now = timestamp((io.now ?? Date.now)());
    const result = await store.db.transaction().execute(async (tx) => {
      for (const c of new Set(files.media_files.map((f) => f.customer_id)))
        if (!(await customerById(tx, c))) return `no customer ${c} in the database; nothing was written`;
      let added = 0;
      let updated = 0;
      const count = (isNew: boolean) => (isNew ? added++ : updated++);
      for (const f of files.system_media_files) count(await putMediaFile(tx, { customer_id: null, ...f, modify_time: now }));
      for (const { is_normalize, ...f } of files.media_files)
        count(await putMediaFile(tx, { ...f, is_normalize: is_normalize ? 1 : 0, modify_time: now }));
      return { added, updated };
    });
    if (typeof result === 'string') {
      io.err(`import-media: ${result}`);
      return 2;
    }
    io.out(`${file} into ${dbPath}: ${result.added} added, ${result.updated} updated.`);
    return 0;
  } finally {
    await store.close();
  }
}

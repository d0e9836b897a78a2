import Database from 'better-sqlite3';
import { closeSync, existsSync, fchmodSync, openSync, renameSync, rmSync } from 'node:fs';

/**
 * Backups of a SQLite database. Copying the file of a running server is not a backup: in WAL mode
 * the committed rows sit in `<db>-wal` until a checkpoint, and a copy of the main file alone misses
 * them. VACUUM INTO reads one consistent snapshot, WAL included, while the server goes on writing
 * (a reader never blocks the writer in WAL mode), and writes only the live rows: the free pages
 * and the slack of the pages, where deleted rows (an erased visitor's) may linger, stay behind.
 *
 * A backup holds what the database does (webhook secrets, password hashes, visitors' data): its
 * file, and the restore's copy, are readable by their owner only from the moment they exist.
 */

/** Pages copied per step of a restore: everything at once, so that writes between steps cannot make it start over. */
const ALL_AT_ONCE = ({ totalPages }: { totalPages: number }) => Math.max(totalPages, 100);

/** Copies the database at `dbPath` into a new file `file` (refused when `file` exists). Resolves with the pages written. */
export async function backupSqlite(dbPath: string, file: string): Promise<number> {
  if (existsSync(file)) throw new Error(`${file} exists: a backup does not overwrite a file`);
  const db = new Database(dbPath, { fileMustExist: true });
  try {
    createPrivate(file);
    try {
      // VACUUM INTO fills an empty file; it keeps the file's mode.
      db.prepare('VACUUM INTO ?').run(file);
      const pages = oneFile(file);
      checkDatabase(file);
      return pages;
    } catch (e) {
      rmSync(file, { force: true });
      throw e;
    }
  } finally {
    db.close();
  }
}

/**
 * Creates the empty file `file`, readable and writable by its owner only, whatever the umask
 * (which can only take bits away: the fchmod gives back any it took from the owner), before
 * anything is written to it. Fails when the file exists. SQLite gives its journals the same mode.
 */
function createPrivate(file: string): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
}

/**
 * Puts the backup `file` in place of the database at `dbPath`, refused while any process (a
 * running server) has that database open. The database it replaces is kept beside it as
 * `<db>.before-restore-<time>`. The restored database is migrated by the server when it starts.
 */
export async function restoreSqlite(file: string, dbPath: string, now = new Date()): Promise<{ kept: string | null }> {
  checkDatabase(file);
  if (existsSync(dbPath)) refuseWhenOpen(dbPath);
  const incoming = `${dbPath}.restoring`;
  rmSync(incoming, { force: true });
  createPrivate(incoming);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(incoming, { progress: ALL_AT_ONCE });
  } finally {
    source.close();
  }
  oneFile(incoming);
  let kept: string | null = null;
  if (existsSync(dbPath)) {
    // Checked again: a server may have started while the copy was made.
    refuseWhenOpen(dbPath);
    kept = `${dbPath}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    // refuseWhenOpen checkpointed the WAL into the file: the file alone is the whole database.
    renameSync(dbPath, kept);
    for (const side of ['-wal', '-shm']) rmSync(dbPath + side, { force: true });
  }
  renameSync(incoming, dbPath);
  return { kept };
}

/**
 * A copy by the backup API takes the source's WAL mode; back in rollback-journal mode it is one
 * self-contained file that can be moved alone (the server turns WAL on again when it opens it).
 * Resolves with the pages the copy holds.
 */
function oneFile(file: string): number {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    return db.pragma('page_count', { simple: true }) as number;
  } finally {
    db.close();
  }
}

/** Throws unless `file` is a SQLite database that passes SQLite's quick check and was made by this server. */
function checkDatabase(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
    if ((db.pragma('table_info(kysely_migration)') as unknown[]).length === 0)
      throw new Error(`${file} is not a database of this server (no migrations table)`);
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_NOTADB') throw new Error(`${file} is not a SQLite database`, { cause: e });
    throw e;
  } finally {
    db.close();
  }
}

/**
 * Throws when another connection has the database open. In WAL mode every open connection holds
 * a shared lock on the database, so a connection in exclusive locking mode gets its lock only when
 * nobody else has the file open; getting it also checkpoints the WAL into the file on close.
 */
function refuseWhenOpen(dbPath: string): void {
  const db = new Database(dbPath, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.transaction(() => {}).exclusive();
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_BUSY')
      throw new Error(`${dbPath} is open in another process (a running server?): stop it, then restore`, { cause: e });
    throw e;
  } finally {
    db.close();
  }
}

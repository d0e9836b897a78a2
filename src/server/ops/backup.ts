import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';

/**
 * Backups of a SQLite database through SQLite's online backup API. Copying the file of a running
 * server is not a backup: in WAL mode the committed rows sit in `<db>-wal` until a checkpoint, and
 * a copy of the main file alone misses them. The backup API reads one consistent snapshot, WAL
 * included, while the server goes on writing (a reader never blocks the writer in WAL mode).
 */

/** Pages copied per step of a backup: everything at once, so that writes between steps cannot make it start over. */
const ALL_AT_ONCE = ({ totalPages }: { totalPages: number }) => Math.max(totalPages, 100);

/** Copies the database at `dbPath` into a new file `file` (refused when `file` exists). Resolves with the pages copied. */
export async function backupSqlite(dbPath: string, file: string): Promise<number> {
  if (existsSync(file)) throw new Error(`${file} exists: a backup does not overwrite a file`);
  const db = new Database(dbPath, { fileMustExist: true });
  try {
    const { totalPages } = await db.backup(file, { progress: ALL_AT_ONCE });
    oneFile(file);
    checkDatabase(file);
    return totalPages;
  } finally {
    db.close();
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
 * The copy takes the source's WAL mode; back in rollback-journal mode it is one self-contained file
 * that can be moved alone (the server turns WAL on again when it opens it).
 */
function oneFile(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
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

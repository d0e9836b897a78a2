import { execFile } from 'node:child_process';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { backupSqlite, restoreSqlite } from '../../../../src/server/ops/backup.js';
import { notReady } from '../../../../src/server/ops/readiness.js';
import { openStore } from '../../../../src/server/store/open.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import { hitWrite, testConfig, testServer } from '../helpers.js';
import { serverEntry } from '../../../support/server-entry.js';

let server: ConsultantServer | undefined;
let dir = '';
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run backup|restore`'s program; resolves with its exit status and output. */
function cli(command: 'backup' | 'restore', ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((ok) => {
    execFile(process.execPath, [...serverEntry('src/server/ops/backup-cli.ts'), command, ...args], (e, out, err) =>
      ok({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
    );
  });
}

const pageView = (s: ConsultantServer) =>
  s.app.inject({
    method: 'POST',
    url: '/w/site-a',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify({ visitor: null, writes: [hitWrite('http://localhost/')] }),
  });

const hitIds = (rows: { id: number }[]) => new Set(rows.map((r) => r.id));

describe.skipIf(!!testPostgresUrl)('SQLite backup and restore', { timeout: 120_000 }, () => {
  it('a backup taken while page views commit holds every one committed before it began', async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-backup-'));
    const dbPath = join(dir, 'svc.db');
    // No first-visit limit: the writer makes a visitor per page view, as fast as it can.
    server = await testServer(testConfig, { dbPath, rateLimits: { firstVisits: 0, ip: 0, visitor: 0 } });
    const s = server;
    // Some megabytes, so the copy takes long enough for page views to commit beside it.
    s.db.exec('CREATE TABLE ballast (b BLOB)');
    const fill = s.db.prepare('INSERT INTO ballast (b) VALUES (randomblob(4096))');
    for (let i = 0; i < 2000; i++) fill.run();
    // Committed rows stay in the WAL until a checkpoint (what a live server showed: a 4 KB file
    // beside a 3.1 MB WAL); none here, so a copy of the file alone would miss every page view.
    s.db.exec('PRAGMA wal_autocheckpoint = 0');
    for (let i = 0; i < 20; i++) expect((await pageView(s)).statusCode).toBe(200);

    let writing = true;
    let during = 0;
    const writer = (async () => {
      while (writing) {
        expect((await pageView(s)).statusCode).toBe(200);
        during++;
      }
    })();
    // Let some commits start before the copy does.
    await expect.poll(() => during, { timeout: 10_000 }).toBeGreaterThan(5);
    const before = hitIds(s.db.prepare('SELECT id FROM hits').all() as { id: number }[]);
    const backup = join(dir, 'backup.db');
    const done = await cli('backup', backup, '--db', dbPath);
    const afterBackup = during;
    writing = false;
    await writer;
    expect(done, done.err).toMatchObject({ code: 0 });
    // One self-contained file: nothing of it in a WAL beside it.
    expect(readdirSync(dir).filter((f) => f.startsWith('backup.db'))).toEqual(['backup.db']);
    const total = (s.db.prepare('SELECT count(*) AS n FROM hits').get() as { n: number }).n;
    expect(total).toBeGreaterThan(before.size);
    expect(afterBackup).toBeGreaterThan(5);

    const restoredPath = join(dir, 'restored.db');
    const restored = await cli('restore', backup, '--db', restoredPath);
    expect(restored, restored.err).toMatchObject({ code: 0 });
    const store = await openStore({ path: restoredPath });
    try {
      expect(await notReady(store)).toBeNull();
      const rows = hitIds(await store.db.selectFrom('hits').select('id').execute());
      const missing = [...before].filter((id) => !rows.has(id));
      expect(missing).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('restore refuses a database a running server holds, and keeps the one it replaces', async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-restore-'));
    const dbPath = join(dir, 'svc.db');
    server = await testServer(testConfig, { dbPath });
    expect((await pageView(server)).statusCode).toBe(200);
    const backup = join(dir, 'backup.db');
    expect(await cli('backup', backup, '--db', dbPath)).toMatchObject({ code: 0 });
    expect((await cli('backup', backup, '--db', dbPath)).err).toContain('exists');

    const refused = await cli('restore', backup, '--db', dbPath);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('is open in another process');

    expect((await pageView(server)).statusCode).toBe(200);
    await server.close();
    server = undefined;
    const done = await cli('restore', backup, '--db', dbPath);
    expect(done, done.err).toMatchObject({ code: 0 });
    expect(readdirSync(dir).some((f) => f.startsWith('svc.db.before-restore-'))).toBe(true);
    const store = await openStore({ path: dbPath });
    try {
      // The backup's one page view; the second, made after it, went with the replaced database.
      expect(await store.db.selectFrom('hits').select('id').execute()).toHaveLength(1);
    } finally {
      await store.close();
    }
    expect(existsSync(dbPath + '.restoring')).toBe(false);
  });

  it('a backup and a restored database are readable by their owner only, whatever the umask', async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-backup-'));
    const dbPath = join(dir, 'svc.db');
    server = await testServer(testConfig, { dbPath });
    expect((await pageView(server)).statusCode).toBe(200);
    // The usual umask leaves new files world-readable; the CLI's umask is its parent's.
    const umask = process.umask(0o022);
    try {
      const backup = join(dir, 'backup.db');
      expect(await cli('backup', backup, '--db', dbPath)).toMatchObject({ code: 0 });
      expect(statSync(backup).mode & 0o777).toBe(0o600);
      // An umask that takes the owner's bits away too.
      process.umask(0o277);
      const second = join(dir, 'second.db');
      await backupSqlite(dbPath, second);
      expect(statSync(second).mode & 0o777).toBe(0o600);
      process.umask(0o022);
      const restored = join(dir, 'restored.db');
      await restoreSqlite(backup, restored);
      expect(statSync(restored).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
    }
  });

  it("a backup holds the live rows only, not the deleted ones the database's free pages still carry", async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-backup-'));
    const dbPath = join(dir, 'svc.db');
    await (await openStore({ path: dbPath })).close();
    // A database whose rows were deleted without secure_delete (one from before it was on).
    const db = new Database(dbPath);
    db.pragma('secure_delete = OFF');
    db.exec('CREATE TABLE scratch (t TEXT)');
    const add = db.prepare('INSERT INTO scratch (t) VALUES (?)');
    for (let i = 0; i < 200; i++) add.run(`deleted-row-x7q9-${i}`.padEnd(500, '.'));
    db.exec('DELETE FROM scratch');
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    expect(readFileSync(dbPath).includes('deleted-row-x7q9')).toBe(true);
    const backup = join(dir, 'backup.db');
    await backupSqlite(dbPath, backup);
    expect(readFileSync(backup).includes('deleted-row-x7q9')).toBe(false);
  });

  it('refuses what is not a database of this server, and PostgreSQL URLs', async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-restore-'));
    const junk = join(dir, 'junk.db');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(junk, 'not a database at all, just some text to fill a page'.repeat(100));
    const r = await cli('restore', junk, '--db', join(dir, 'svc.db'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/not a SQLite database|damaged/);
    const pg = await cli('backup', join(dir, 'x.db'), '--db', 'postgres://u:secret@127.0.0.1/db');
    expect(pg.code).toBe(2);
    expect(pg.err).toContain('pg_dump');
    expect(pg.err).not.toContain('secret');
  });
});

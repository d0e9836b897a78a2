import type Database from 'better-sqlite3';

export { timestamp } from './time.js';

export type DB = Database.Database;

const prepared = new WeakMap<DB, Map<string, Database.Statement>>();

/** A prepared statement for `sql`, made once per database and reused. */
export function stmt<R = unknown>(db: DB, sql: string): Database.Statement<unknown[], R> {
  let m = prepared.get(db);
  if (!m) prepared.set(db, (m = new Map()));
  let s = m.get(sql);
  if (!s) m.set(sql, (s = db.prepare(sql)));
  return s as Database.Statement<unknown[], R>;
}

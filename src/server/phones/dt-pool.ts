import { stmt, timestamp, type DB } from '../store/db.js';

/**
 * Dynamic tracking: leases of pool numbers to sessions. A number is leased to one session at a
 * time; the lease lasts while the session lives and a few minutes more (`until_ms` = the last hit
 * + the session's idle limit + the site's lease minutes), so that a call made just after the visit
 * still finds its session. Leases are kept as rows after they end: they say which session had a
 * number when, which is what a call is matched by.
 *
 * Every function runs inside the batch transaction of the write route: with SQLite's single writer
 * no two sessions can take the same free number.
 */

export interface DtSettings {
  /** Minutes a number stays leased after its session ends. */
  lease_minutes: number;
  /** What a dry pool gives: the block's static number (`static`) or the site's reserved one. */
  overflow: 'static' | 'reserved';
  reserved_number: string | null;
}

export function dtSettings(db: DB, siteId: number): DtSettings {
  const r = stmt<{ dt_lease_minutes: number; dt_overflow: 'static' | 'reserved'; dt_reserved_number: string | null }>(
    db,
    `SELECT dt_lease_minutes, dt_overflow, dt_reserved_number FROM sites WHERE id = ?`,
  ).get(siteId);
  return {
    lease_minutes: r?.dt_lease_minutes ?? 15,
    overflow: r?.dt_overflow ?? 'static',
    reserved_number: r?.dt_reserved_number ?? null,
  };
}

export interface LeaseRequest {
  siteId: number;
  blockId: number;
  sessionId: number;
  visitorId: number;
  now: number;
  /** When the lease ends unless a later hit extends it. */
  until: number;
}

const IN_POOL = `number IN (SELECT number FROM dt_pool_numbers WHERE block_id = ?)`;

/**
 * The number of the block's pool leased to the session, leasing one if it has none: its own live
 * lease (extended), else the visitor's live lease from an earlier session (carried over, so a
 * returning visitor sees the number of the last visit), else the free number released longest ago.
 * Null when every number is leased to another session.
 */
export function leaseNumber(db: DB, r: LeaseRequest): string | null {
  const own = stmt<{ id: number; number: string }>(
    db,
    `SELECT id, number FROM dt_leases
     WHERE session_id = ? AND block_id = ? AND until_ms > ? AND ${IN_POOL} ORDER BY id DESC LIMIT 1`,
  ).get(r.sessionId, r.blockId, r.now, r.blockId);
  if (own) {
    stmt(db, `UPDATE dt_leases SET until_ms = max(until_ms, ?) WHERE id = ?`).run(r.until, own.id);
    return own.number;
  }
  const earlier = stmt<{ id: number; number: string }>(
    db,
    `SELECT id, number FROM dt_leases
     WHERE visitor_id = ? AND block_id = ? AND until_ms > ? AND ${IN_POOL} ORDER BY id DESC LIMIT 1`,
  ).get(r.visitorId, r.blockId, r.now, r.blockId);
  if (earlier) {
    // The earlier session has ended (a visitor has one current session): its lease ends now and
    // the new session's begins, so the history still names one session per moment.
    stmt(db, `UPDATE dt_leases SET until_ms = ? WHERE id = ?`).run(r.now, earlier.id);
    insertLease(db, r, earlier.number);
    return earlier.number;
  }
  const free = stmt<{ number: string }>(
    db,
    `SELECT p.number FROM dt_pool_numbers p
     WHERE p.block_id = ? AND NOT EXISTS (SELECT 1 FROM dt_leases l WHERE l.number = p.number AND l.until_ms > ?)
     ORDER BY (SELECT max(l.until_ms) FROM dt_leases l WHERE l.number = p.number), p.id
     LIMIT 1`,
  ).get(r.blockId, r.now);
  if (!free) return null;
  insertLease(db, r, free.number);
  return free.number;
}

function insertLease(db: DB, r: LeaseRequest, number: string): void {
  stmt(
    db,
    `INSERT INTO dt_leases (site_id, block_id, number, session_id, visitor_id, start_ms, until_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(r.siteId, r.blockId, number, r.sessionId, r.visitorId, r.now, r.until);
}

/** Counts a session whose pool was dry, once per session and block. */
export function recordOverflow(db: DB, r: LeaseRequest, fallback: 'static' | 'reserved' | 'none'): void {
  stmt(db, `INSERT OR IGNORE INTO dt_overflows (site_id, block_id, session_id, created_at, fallback) VALUES (?, ?, ?, ?, ?)`).run(
    r.siteId,
    r.blockId,
    r.sessionId,
    timestamp(r.now),
    fallback,
  );
}

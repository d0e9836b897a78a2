import { stmt, type DB } from '../store/db.js';

/**
 * The limit of call-back requests (page-api §8: "not more than 10 calls per minute"), enforced
 * here so that no page can get around it, and kept in SQLite so that it holds across page loads
 * and server restarts. Counted in a rolling minute over the requests the server judged (captcha
 * errors too: each one cost a captcha), not over the ones it refused for the limit itself.
 */
export const SITEPHONE_LIMITS = {
  /** Per visitor: the spec's 10 a minute. */
  visitor: 10,
  /**
   * Per client IP and site: a script that drops its visitor id to start afresh is still held,
   * while an office or a mobile carrier's shared address leaves room for 3 busy visitors.
   */
  ip: 30,
  /** Per site: caps how many calls a distributed flood can make the platform dial in a minute. */
  site: 120,
  /** The rolling window, ms. */
  windowMs: 60_000,
} as const;

/** How long attempts are kept: enough to see who hit the limit, small enough to stay cheap. */
const KEEP_MS = 3_600_000;

export type LimitHit = 'visitor' | 'ip' | 'site';

/** Which limit one more request would exceed, or null when it may go ahead. */
export function limitReached(db: DB, siteId: number, visitorId: number, ip: string, now: number): LimitHit | null {
  const since = now - SITEPHONE_LIMITS.windowMs;
  const count = (where: string, ...args: unknown[]) =>
    stmt<{ n: number }>(db, `SELECT count(*) n FROM sitephone_attempts WHERE site_id = ? AND ${where} AND at_ms > ? AND status <> 4`).get(
      siteId,
      ...args,
      since,
    )!.n;
  if (count('visitor_id = ?', visitorId) >= SITEPHONE_LIMITS.visitor) return 'visitor';
  if (count('ip = ?', ip) >= SITEPHONE_LIMITS.ip) return 'ip';
  if (count('1 = 1') >= SITEPHONE_LIMITS.site) return 'site';
  return null;
}

/** Logs a judged request with the status it got; drops the site's attempts older than an hour. */
export function recordAttempt(db: DB, siteId: number, visitorId: number, ip: string, now: number, status: number): void {
  stmt(db, `DELETE FROM sitephone_attempts WHERE site_id = ? AND at_ms < ?`).run(siteId, now - KEEP_MS);
  stmt(db, `INSERT INTO sitephone_attempts (site_id, visitor_id, ip, at_ms, status) VALUES (?, ?, ?, ?, ?)`).run(
    siteId,
    visitorId,
    ip,
    now,
    status,
  );
}

import type { Queryable } from '../store/queryable.js';
import { countAttempts, deleteAttemptsBefore, insertAttempt, lockCallbackLimit } from './queries.js';

/**
 * The limit of call-back requests (page-api §8: "not more than 10 calls per minute"), enforced
 * here so that no page can get around it, and kept in the database so that it holds across page
 * loads and server restarts. Counted in a rolling minute over the requests the server judged,
 * not over the ones it refused for the limit itself. The visitor and address limits count captcha
 * errors too (each one cost a captcha); the site's limit counts only requests that passed the
 * captcha (or came to a site without one) and is checked after it, so a script that cannot solve
 * captchas cannot use up the site's minute and starve its real visitors.
 */
export const SITEPHONE_LIMITS = {
  /** Per visitor: the spec's 10 a minute. */
  visitor: 10,
  /**
   * Per client address (IPv6: per /64) and site: a script that drops its visitor id to start afresh is still held,
   * while an office or a mobile carrier's shared address leaves room for 3 busy visitors.
   */
  ip: 30,
  /**
   * Per site: caps how many calls a distributed flood can make the platform dial in a minute;
   * only requests past the captcha count.
   */
  site: 120,
  /** The rolling window, ms. */
  windowMs: 60_000,
} as const;

/** How long attempts are kept: enough to see who hit the limit, small enough to stay cheap. */
const KEEP_MS = 3_600_000;

export type LimitHit = 'visitor' | 'ip' | 'site';

/**
 * Which of the visitor's and the address's limits one more request would exceed, or null. `ip`
 * is the address group (http/address-group.ts). Checked before the captcha.
 */
export async function limitReached(db: Queryable, siteId: number, visitorId: number, ip: string, now: number): Promise<LimitHit | null> {
  const since = now - SITEPHONE_LIMITS.windowMs;
  // Held until the transaction ends, after recordAttempt: no other process counts in between.
  await lockCallbackLimit(db, siteId);
  if ((await countAttempts(db, siteId, { visitorId }, since)) >= SITEPHONE_LIMITS.visitor) return 'visitor';
  if ((await countAttempts(db, siteId, { ip }, since)) >= SITEPHONE_LIMITS.ip) return 'ip';
  return null;
}

/** Whether the site's own limit is used up; checked after the captcha. */
export async function siteLimitReached(db: Queryable, siteId: number, now: number): Promise<boolean> {
  return (await countAttempts(db, siteId, 'site', now - SITEPHONE_LIMITS.windowMs)) >= SITEPHONE_LIMITS.site;
}

/** Logs a judged request with the status it got; drops the site's attempts older than an hour. */
export async function recordAttempt(
  db: Queryable,
  siteId: number,
  visitorId: number,
  ip: string,
  now: number,
  status: number,
): Promise<void> {
  await deleteAttemptsBefore(db, siteId, now - KEEP_MS);
  await insertAttempt(db, { site_id: siteId, visitor_id: visitorId, ip, at_ms: now, status });
}

import type { VisitorInfoData } from '../../protocol.js';
import { stmt, timestamp, type DB } from '../store/db.js';
import { phoneDigits } from '../writes/schemas.js';

/**
 * Visitor data (page-api `addVisitorInfo`, `GET /vc/s/`): the name overwrites the stored one; an
 * e-mail (case-insensitive) and a phone (by its digits) are added to the visitor's lists once.
 * Repeating a call changes nothing, so every entry point may be retried.
 */
export function saveVisitorInfo(db: DB, visitorId: number, info: VisitorInfoData, now: number): void {
  const at = timestamp(now);
  if (info.name) stmt(db, `UPDATE visitors SET name = ? WHERE id = ?`).run(info.name, visitorId);
  if (info.email) {
    stmt(db, `INSERT OR IGNORE INTO visitor_emails (visitor_id, email, created_at) VALUES (?, ?, ?)`).run(visitorId, info.email, at);
  }
  if (info.phone) {
    stmt(db, `INSERT OR IGNORE INTO visitor_phones (visitor_id, digits, phone, created_at) VALUES (?, ?, ?, ?)`).run(
      visitorId,
      phoneDigits(info.phone),
      info.phone,
      at,
    );
  }
}

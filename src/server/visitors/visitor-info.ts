import type { VisitorInfoData } from '../../protocol.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import { phoneDigits } from '../writes/schemas.js';
import { joinByContact } from './persons.js';
import { addVisitorEmail, addVisitorPhone, setVisitorName } from './queries.js';

/**
 * Visitor data (page-api `addVisitorInfo`, `GET /vc/s/`): the name overwrites the stored one; an
 * e-mail (case-insensitive) and a phone (by its digits) are added to the visitor's lists once.
 * Repeating a call changes nothing, so every entry point may be retried. An e-mail or phone also
 * joins the visitor with the person that left it before (persons.ts).
 */
export async function saveVisitorInfo(db: Queryable, siteId: number, visitorId: number, info: VisitorInfoData, now: number): Promise<void> {
  const at = timestamp(now);
  if (info.name) await setVisitorName(db, visitorId, info.name);
  if (info.email) {
    await addVisitorEmail(db, visitorId, info.email, at);
    await joinByContact(db, siteId, visitorId, 'email', info.email);
  }
  if (info.phone) {
    await addVisitorPhone(db, visitorId, phoneDigits(info.phone), info.phone, at);
    await joinByContact(db, siteId, visitorId, 'phone', info.phone);
  }
}

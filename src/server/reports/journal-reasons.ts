import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import type { CommunicationRow } from './communications.js';

/**
 * What the journal says of a record's number (tracking/number-reasons.ts): for a record of a
 * visit, why that visit kept the site's own number, or `preview` (the owner's own preview); for
 * a call credited to the site with no visit (it rang a number the site shows, not a pool number
 * leased then), why the latest visit of the site live at ring time that kept the site's number
 * kept it: most often the visit that made the call. By `type:id`; records with nothing to say are
 * left out.
 */

/** A visit is live this long after its last page view (tracking/queries.ts SESSION_IDLE_MS), and a call made then its. */
const LIVE_MS = 30 * 60_000;

const ms = (utc: string) => Date.parse(utc.replace(' ', 'T') + 'Z');

export async function journalReasons(db: Queryable, siteId: number, rows: readonly CommunicationRow[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const sessionIds = [...new Set(rows.flatMap((c) => (c.session_id == null ? [] : [c.session_id])))];
  if (sessionIds.length) {
    const notes = await db
      .selectFrom('sessions')
      .select(['id', 'number_reason'])
      .where('id', 'in', sessionIds)
      .where('number_reason', 'is not', null)
      .execute();
    const bySession = new Map(notes.map((n) => [n.id, n.number_reason!]));
    for (const c of rows)
      if (c.session_id != null && bySession.has(c.session_id)) out.set(`${c.object_type}:${c.id}`, bySession.get(c.session_id)!);
  }
  const siteCalls = rows.filter((c) => c.object_type === 'cdr_in' && c.session_id == null && c.ac_id === -1);
  if (siteCalls.length) {
    const live = await visitsThatKeptTheNumber(
      db,
      siteId,
      Math.min(...siteCalls.map((c) => ms(c.at))),
      Math.max(...siteCalls.map((c) => ms(c.at))),
    );
    for (const c of siteCalls) {
      const at = ms(c.at);
      const visit = live.find((s) => ms(s.start_time) <= at && s.last_hit_ms + LIVE_MS >= at);
      if (visit) out.set(`${c.object_type}:${c.id}`, visit.number_reason!);
    }
  }
  return out;
}

/**
 * What the journal will say of one call's number (`journalReasons`), for the telephony boundary's
 * answer: "Simulate a call" says why a call was credited to the site.
 */
export async function callNumberReason(
  db: Queryable,
  call: { id: number; site_id: number; session_id: number | null; ac_id: number; call_date: string; communication_type: string },
): Promise<string | null> {
  const type = call.communication_type === 'call' ? 'cdr_in' : 'sitephone';
  const row: CommunicationRow = {
    object_type: type,
    id: call.id,
    site_id: call.site_id,
    visitor_id: null,
    session_id: call.session_id,
    at: call.call_date,
    ac_id: call.ac_id,
  };
  return (await journalReasons(db, call.site_id, [row])).get(`${type}:${call.id}`) ?? null;
}

/** The site's visits that kept its number and were live at some moment of `[from, till]`, latest first. */
async function visitsThatKeptTheNumber(db: Queryable, siteId: number, from: number, till: number) {
  return (
    db
      .selectFrom('sessions')
      .select(['start_time', 'last_hit_ms', 'number_reason'])
      .where('site_id', '=', siteId)
      // A visit live at a call started within the day before it: the range of sessions_site_time read is bounded.
      .where('start_time', '>=', timestamp(from - 86_400_000))
      .where('start_time', '<=', timestamp(till))
      .where('last_hit_ms', '>=', from - LIVE_MS)
      .where('number_reason', 'is not', null)
      .where('number_reason', '<>', 'preview')
      .orderBy('start_time', 'desc')
      .limit(1000)
      .execute()
  );
}

import type { ConsoleCall, ConsoleCallVisit } from '../../console-protocol.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { communicationsOfPersons } from '../visitors/person-communications.js';
import { hitsOfSession } from '../reports/visitor-records.js';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';
import { timestamp } from '../store/time.js';
import { sessionEntrancePage } from '../tracking/queries.js';
import { personOfVisitor } from '../visitors/person-queries.js';
import { recentCalls } from './queries.js';

/**
 * The operator console's "screen pop": the calls to the operator's sites of the last minutes, each
 * with the visit it was attributed to (campaign, search, entry page, pages seen, the person's
 * earlier communications), so an operator picking up a ringing call knows who rings and why. The
 * console's stream sends each when it changes (consultant/console/routes.ts); it is handed this
 * reader by app.ts.
 */

/** How long after it began a call stays in the console's list. */
export const SCREEN_POP_MS = 15 * 60_000;

const PAGES = 20;
const EARLIER = 10;

const EARLIER_TYPE = {
  cdr_in: 'call',
  sitephone: 'callback',
  chat: 'chat',
  offline_message: 'request',
  goal: 'goal',
} as const;

/** A reader of the screen pop that remembers each call's visit (it never changes) for one console stream. */
export type ScreenPop = (db: Queryable, siteIds: readonly number[], now: number) => Promise<ConsoleCall[]>;

export function screenPopReader(): ScreenPop {
  const visits = new Map<number, ConsoleCallVisit | null>();
  const campaigns = new Map<number, string | null>();
  return async (db, siteIds, now) => {
    const calls = await recentCalls(db, siteIds, timestamp(now - SCREEN_POP_MS), 50);
    const out: ConsoleCall[] = [];
    for (const c of calls.reverse()) {
      if (!campaigns.has(c.id)) campaigns.set(c.id, await campaignOf(db, c));
      if (!visits.has(c.id)) visits.set(c.id, await visitOf(db, c, campaigns.get(c.id) ?? null));
      out.push({
        id: c.id,
        site_id: c.site_id,
        numa: c.numa,
        numb: c.numb,
        state: c.open_since_ms != null ? (c.answered_time != null ? 'answered' : 'ringing') : c.status === 'normal' ? 'ended' : 'lost',
        date_time: c.call_date,
        operator_name: c.operator_name,
        campaign: campaigns.get(c.id) ?? null,
        visit: visits.get(c.id) ?? null,
      });
    }
    return out;
  };
}

/** The name of the campaign the record is credited to (its ac_id, as every report reads it); null for the site. */
async function campaignOf(db: Queryable, c: Row<'calls'>): Promise<string | null> {
  return c.ac_id > 0 ? ((await campaignsOfSite(db, c.site_id)).find((a) => a.id === c.ac_id)?.name ?? null) : null;
}

async function visitOf(db: Queryable, c: Row<'calls'>, campaign: string | null): Promise<ConsoleCallVisit | null> {
  if (c.visitor_id == null) return null;
  const pages = c.session_id != null ? (await hitsOfSession(db, c.session_id)).map((h) => h.url).slice(-PAGES) : [];
  const person = await personOfVisitor(db, c.visitor_id);
  const earlier =
    person == null
      ? []
      : (await communicationsOfPersons(db, [person]))
          .filter((x) => x.at < c.call_date && !(x.object_type === 'cdr_in' && x.id === c.id))
          .sort((x, y) => y.at.localeCompare(x.at))
          .slice(0, EARLIER)
          .map((x) => ({ type: EARLIER_TYPE[x.object_type], date_time: x.at }));
  return {
    visitor_id: c.visitor_id,
    session_id: c.session_id,
    by_number: c.is_visitor_by_numa === 1,
    campaign,
    search_engine: c.search_engine,
    search_query: c.search_query,
    utm_source: c.utm_source,
    utm_campaign: c.utm_campaign,
    entry_page: c.session_id != null ? await sessionEntrancePage(db, c.session_id) : null,
    pages,
    earlier,
  };
}

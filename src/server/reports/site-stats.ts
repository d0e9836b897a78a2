import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { callQuery } from './call-records.js';
import { chatQuery } from './chat-records.js';
import { goalCount } from './goal-records.js';
import { offlineCount } from './offline-records.js';
import { filtered, type ReportFilter } from './report-filter.js';

/** The site statistics: `stat`'s counts and `advertising_sales`' sessions per campaign. */

/** How many of each kind the filter holds (`stat`); visits are the sessions started in the range. */
export async function statCounts(db: Queryable, f: ReportFilter) {
  const n = (r: { n: number | string | bigint }) => Number(r.n);
  const visits = await db
    .selectFrom('sessions as s')
    .where(
      filtered(
        { ...f, tagId: undefined, withoutTagIds: undefined },
        {
          site: 's.site_id',
          at: 's.start_time',
          ac: 's.ac_id',
          visitor: 's.visitor_id',
          id: 's.id',
          type: sql`'session'`,
        },
      ),
    )
    // The owner's preview of a campaign is no visit (tracking/number-reasons.ts).
    .where((eb) => eb.or([eb('s.number_reason', 'is', null), eb('s.number_reason', '<>', 'preview')]))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const calls = await callQuery(db, f, {})
    .select((eb) => [
      eb.fn.count(eb.case().when('c.communication_type', '=', 'call').then(1).end()).as('calls'),
      eb.fn.count(eb.case().when('c.communication_type', '=', 'sitephone').then(1).end()).as('sitephone'),
    ])
    .executeTakeFirstOrThrow();
  const chats = await chatQuery(db, f, undefined)
    .where('ch.status', '=', 'succeed')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return {
    visits_count: n(visits),
    calls_count: Number(calls.calls),
    sitephone_calls_count: Number(calls.sitephone),
    good_chats_count: n(chats),
    offline_messages_count: await offlineCount(db, f),
    goals_count: await goalCount(db, f, undefined),
  };
}

/**
 * Sessions in the filter per campaign of the site (`advertising_sales`), -1 (none) included: one
 * count per campaign, each a range of `sessions_site_campaign_time` (a GROUP BY would sort every
 * session of the range by campaign).
 */
export async function sessionsPerCampaign(db: Queryable, f: ReportFilter): Promise<Map<number, number>> {
  const siteId = f.siteId ?? -1;
  const out = new Map<number, number>();
  for (const acId of [-1, ...(await campaignsOfSite(db, siteId)).map((c) => c.id)]) {
    let q = db
      .selectFrom('sessions as s')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('s.site_id', '=', siteId)
      .where('s.ac_id', '=', acId)
      .where('s.start_time', '<', f.till)
      .where((eb) => eb.or([eb('s.number_reason', 'is', null), eb('s.number_reason', '<>', 'preview')]));
    if (f.from !== undefined) q = q.where('s.start_time', '>=', f.from);
    const n = Number((await q.executeTakeFirstOrThrow()).n);
    if (n) out.set(acId, n);
  }
  return out;
}

import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { communicationsOfPersons, personsOfVisitors } from '../visitors/person-communications.js';
import { communicationsPerCampaign, soldCommunications } from './communications.js';
import { byTime } from './person-facts.js';
import { notTargetTags, reportArgs as r, reportFilter, storedMs } from './report-common.js';
import { sessionsPerCampaign } from './site-stats.js';
import { PERIOD } from '../api/openapi-operations.js';
import type { Queryable } from '../store/queryable.js';

/** The first whole day at or after a date argument (`YYYY-MM-DD[ HH:MM:SS]`): a day's cost counts when its midnight is in the range. */
const firstDay = (t: string) =>
  t.length <= 10 || /00:00:00$/.test(t)
    ? t.slice(0, 10)
    : new Date(Date.parse(`${t.slice(0, 10)}T00:00:00Z`) + 864e5).toISOString().slice(0, 10);

/**
 * The ad costs per campaign (costs/, migration 150) of the days in `[from, till)`, in hundredths:
 * a campaign with costs is "integrated" in the document's words.
 */
async function costsOfDays(db: Queryable, siteId: number, from: string | undefined, till: string): Promise<Map<number, number>> {
  let q = db
    .selectFrom('ad_costs')
    .select(['ac_id', (eb) => eb.fn.sum<number | string>('amount_cents').as('cents')])
    .where('site_id', '=', siteId)
    .where('day', '<', firstDay(till));
  if (from !== undefined) q = q.where('day', '>=', firstDay(from));
  return new Map((await q.groupBy('ac_id').execute()).map((r) => [r.ac_id, Number(r.cents)]));
}

/** `advertising_sales` (rest-api.md, "Reports"): a site's campaigns with their sessions, communications and sales. */

export const advertisingSales = apiFunction({
  name: 'advertising_sales',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'reports',
  summary: 'Advertising sales',
  description: `A site’s campaigns in the period: sessions, communications, sales and revenue. ${PERIOD}`,
  employee: { site: 'named' },
  names: { site_id: 'site' },
  args: z.object({
    site_id: r.site_id,
    date_from: r.date_from,
    date_till: r.date_till,
    only_first: z.boolean().default(true).describe("true: each person's first communication only"),
    only_quality: z.boolean().default(true).describe('true: communications tagged as not target left out'),
  }),
  response: z.array(
    z.strictObject({
      ac_id: z.number().int().describe('-1: without campaign'),
      name: z.string(),
      ac_cost: z.number().describe('the costs imported or entered for the campaign (extension import_ad_costs); 0: none'),
      sessions_count: z.number().int(),
      communications_count: z.number().int(),
      sales_count: z.number().int(),
      avg_days_before_sale: z.number().nullable().describe("days from the person's first communication to the sale; null without sales"),
      revenue: z.number(),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    if (a.only_quality) f.withoutTagIds = await notTargetTags(ctx);
    // Counted and summed by the database; only the sold communications come here, for the days
    // from their person's first communication (of any date and kind) to the sale.
    const counts = await communicationsPerCampaign(db, f, a.only_first);
    // A sale is tagged on whichever communication closed the deal, often not the person's first:
    // with only_first it counts for the campaign of the person's first communication when that
    // one is in the range (the campaign that brought the person), else for its own.
    const sold = await soldCommunications(db, f, false);
    const persons = await personsOfVisitors(
      db,
      sold.flatMap((c) => (c.visitor_id == null ? [] : [c.visitor_id])),
    );
    const firstOf = new Map<number, { at: string; ac_id: number }>();
    for (const c of (await communicationsOfPersons(db, [...new Set(persons.values())])).sort(byTime))
      if (!firstOf.has(c.person_id)) firstOf.set(c.person_id, c);
    const inRange = (at: string) => (f.from === undefined || at >= f.from) && at < f.till;
    const sessions = await sessionsPerCampaign(db, f);
    const campaigns = await campaignsOfSite(db, a.site_id);
    const costs = await costsOfDays(db, a.site_id, a.date_from, a.date_till);
    const out = new Map<number, { name: string; sessions: number; comms: number; sales: number; days: number; revenue: number }>();
    const entry = (acId: number) => {
      let e = out.get(acId);
      if (!e) {
        e = {
          name: campaigns.find((c) => c.id === acId)?.name ?? (acId === -1 ? 'Without campaign' : `Campaign ${acId}`),
          sessions: 0,
          comms: 0,
          sales: 0,
          days: 0,
          revenue: 0,
        };
        out.set(acId, e);
      }
      return e;
    };
    entry(-1);
    for (const c of campaigns) if (!c.removed) entry(c.id);
    for (const acId of costs.keys()) entry(acId);
    for (const [acId, n] of sessions) entry(acId).sessions = n;
    for (const [acId, n] of counts) entry(acId).comms = n;
    for (const c of sold) {
      const p = c.visitor_id == null ? undefined : persons.get(c.visitor_id);
      const first = p !== undefined ? firstOf.get(p) : undefined;
      const e = entry(a.only_first && first && inRange(first.at) ? first.ac_id : c.ac_id);
      e.sales++;
      e.revenue += c.cost_kopecks;
      e.days += Math.max(0, storedMs(c.sale_date) - storedMs(first?.at ?? c.at)) / 864e5;
    }
    const list = [...out.entries()].sort(([x], [y]) => x - y);
    ctx.setTotal(list.length);
    return list.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit).map(([acId, e]) => ({
      ac_id: acId,
      name: e.name,
      ac_cost: (costs.get(acId) ?? 0) / 100,
      sessions_count: e.sessions,
      communications_count: e.comms,
      sales_count: e.sales,
      avg_days_before_sale: e.sales ? Math.round((e.days / e.sales) * 100) / 100 : null,
      revenue: e.revenue / 100,
    }));
  },
});

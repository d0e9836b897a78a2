import { z } from 'zod';
import { id } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction, type CustomerContext } from '../api/function.js';
import { soldCommunications } from '../reports/communications.js';
import { notTargetTags, requestDate } from '../reports/report-common.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { costsPerCampaign, siteCurrency } from './cost-store.js';
import { ownCostSite } from './cost-functions.js';
import { leadFacts, sessionFacts, sessionsPerCampaign } from './lead-facts.js';
import { withoutNotTarget } from './not-target-leads.js';
import { figures, periodSums, type Figures, type GroupBy, type PeriodFacts } from './period-figures.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): `campaign_costs_report`, what the advertising cost and
 * brought in a period, per campaign, source, keyword or landing page, against the period of the
 * same length just before (docs/conversions.md, "Ad costs and return on spend").
 */

const DAY = /^\d{4}-\d\d-\d\d$/;
const dayArg = z.string().regex(DAY, 'YYYY-MM-DD');
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 864e5).toISOString().slice(0, 10);

/**
 * Everything one period's figures are made of: days `[from, till)` in the customer's zone; the leads
 * tagged with one of `notTarget` are not qualified.
 */
async function periodFacts(
  ctx: CustomerContext,
  siteId: number,
  notTarget: readonly number[],
  from: string,
  till: string,
): Promise<PeriodFacts> {
  const { db } = ctx.store;
  const utc = { from: requestDate(ctx, 'date_from', from), till: requestDate(ctx, 'date_till', till) };
  const sold = await soldCommunications(db, { customerId: ctx.customer.id, siteId, ...utc }, false);
  const facts = await sessionFacts(
    db,
    sold.flatMap((c) => (c.session_id == null ? [] : [c.session_id])),
  );
  const none = { utm_source: null, utm_term: null, entrance_page: null };
  return {
    costs: await costsPerCampaign(db, siteId, from, till),
    leads: await withoutNotTarget(db, notTarget, await leadFacts(db, siteId, utc)),
    sessions: await sessionsPerCampaign(db, siteId, utc),
    sales: sold.map((c) => ({ ...((c.session_id != null && facts.get(c.session_id)) || none), ac_id: c.ac_id, cents: c.cost_kopecks })),
  };
}

const figureShape = z.strictObject({
  cost: z.number(),
  calls: z.number().int(),
  qualified_leads: z.number().int().describe('calls, chats and requests qualified (qualified_at set), but for those tagged not target'),
  cost_per_call: z.number().nullable(),
  cost_per_qualified_lead: z.number().nullable(),
  revenue: z.number().describe('the sales of the period’s communications, as advertising_sales with only_first=false'),
  return_on_spend: z.number().nullable().describe('(revenue − cost) / cost; null without cost'),
});

export const campaignCostsReport = apiFunction({
  name: 'campaign_costs_report',
  verb: 'GET',
  scope: 'customer',
  list: true,
  extension: true,
  tag: 'reports',
  summary: 'Ad costs and return on spend (extension)',
  description:
    'Per campaign (or source, keyword, landing page) of the site in the days `[date_from, date_till)`: cost, calls, qualified leads, cost per call and per qualified lead, revenue and return on spend, with the same figures of the period of the same length just before. Not in the REST document.',
  names: { site_id: 'site' },
  args: z.object({
    site_id: id(),
    date_from: dayArg,
    date_till: dayArg.describe('exclusive: [date_from, date_till)'),
    group_by: z.enum(['campaign', 'source', 'keyword', 'landing_page']).default('campaign'),
  }),
  response: z.array(
    z.strictObject({
      key: z.string().describe('the campaign id, utm_source, utm_term or landing page; "": none'),
      ac_id: z.number().int().nullable().describe('grouped by campaign: the campaign (-1: without one)'),
      name: z.string(),
      currency: z.string().nullable(),
      current: figureShape,
      previous: figureShape,
    }),
  ),
  async run(ctx, a) {
    await ownCostSite(ctx, a.site_id);
    if (a.date_from >= a.date_till) throw apiErrors.invalid('date_till', 'must be after date_from (the range is [date_from, date_till))');
    const days = Math.round((Date.parse(`${a.date_till}T00:00:00Z`) - Date.parse(`${a.date_from}T00:00:00Z`)) / 864e5);
    if (days > 366) throw apiErrors.invalid('date_till', 'at most 366 days after date_from');
    const by = a.group_by as GroupBy;
    const notTarget = await notTargetTags(ctx);
    const now = periodSums(by, await periodFacts(ctx, a.site_id, notTarget, a.date_from, a.date_till));
    const before = periodSums(by, await periodFacts(ctx, a.site_id, notTarget, addDays(a.date_from, -days), a.date_from));
    const campaigns = await campaignsOfSite(ctx.store.db, a.site_id);
    const currency = await siteCurrency(ctx.store.db, a.site_id);
    const nameOf = (key: string) => {
      if (by !== 'campaign') return key || '(none)';
      const acId = Number(key);
      return campaigns.find((c) => c.id === acId)?.name ?? (acId === -1 ? 'Without campaign' : `Campaign ${acId}`);
    };
    const rows = [...new Set([...now.keys(), ...before.keys()])].map((key) => ({
      key,
      ac_id: by === 'campaign' ? Number(key) : null,
      name: nameOf(key),
      currency,
      current: figures(now.get(key)) satisfies Figures,
      previous: figures(before.get(key)),
    }));
    rows.sort((x, y) => y.current.cost - x.current.cost || y.previous.cost - x.previous.cost || x.key.localeCompare(y.key));
    ctx.setTotal(rows.length);
    return rows.slice(ctx.page.offset, ctx.page.offset + ctx.page.limit);
  },
});

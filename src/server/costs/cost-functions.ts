import { z } from 'zod';
import { id, text } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction, type CustomerContext } from '../api/function.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { siteById } from '../sites/sites.js';
import { timestamp } from '../store/time.js';
import { allMappings, replaceCosts, saveMapping, setSiteCurrency, siteCurrency } from './cost-store.js';
import { importCosts } from './import-costs.js';
import { MAX_FILE_BYTES } from './parse-export.js';
import { spreadOverDays } from './spread.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): a site's ad costs (docs/conversions.md, "Ad costs and
 * return on spend"): importing a platform's cost report, confirming which campaign a platform's
 * campaign is, entering a cost by hand.
 */

const SOURCES = ['yandex_direct', 'google_ads'] as const;
const currencyArg = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'an ISO 4217 code such as RUB')
  .transform((c) => c.toUpperCase());
const dayArg = z.string().regex(/^\d{4}-\d\d-\d\d$/, 'YYYY-MM-DD');

/** The site must be the customer's. */
export async function ownCostSite(ctx: CustomerContext, siteId: number): Promise<void> {
  const site = await siteById(ctx.store.db, siteId);
  if (!site || site.customer_id !== ctx.customer.id) throw apiErrors.invalidCustomerForSite(siteId);
}

/** The campaign must be a live one of the site. */
async function siteCampaign(ctx: CustomerContext, siteId: number, acId: number): Promise<void> {
  const c = (await campaignsOfSite(ctx.store.db, siteId)).find((x) => x.id === acId && !x.removed);
  if (!c) throw apiErrors.notFound('campaign of the site', acId);
}

const unknownCampaign = z.strictObject({
  platform_campaign_id: z.string().nullable(),
  platform_campaign_name: z.string().nullable(),
  rows: z.number().int(),
  cost: z.number(),
  suggested_ac_id: z.number().int().nullable().describe('a campaign of the same name, to confirm with map_ad_campaign'),
});

export const importAdCosts = apiFunction({
  name: 'import_ad_costs',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Import an ad platform’s cost report (extension)',
  description: `Reads a Yandex Direct (Reports API TSV, report wizard export) or Google Ads (campaign report CSV) cost report, at most ${MAX_FILE_BYTES / 1024} KB, and stores each campaign’s cost per day; a day imported again replaces the one stored. Campaigns not matched are listed, not stored. Not in the REST document.`,
  names: { site_id: 'site' },
  args: z.object({
    site_id: id(),
    file: z
      .string()
      .max(2 * MAX_FILE_BYTES)
      .describe('the export’s text'),
    platform: z.enum([...SOURCES, 'auto']).default('auto'),
    currency: currencyArg.optional().describe('the costs’ currency where the export has no column for it (Yandex Direct)'),
    money_in_micros: z.boolean().default(false).describe('Yandex Direct: the costs are millionths (returnMoneyInMicros: true)'),
  }),
  response: z.strictObject({
    platform: z.enum(SOURCES),
    currency: z.string(),
    rows: z.number().int(),
    stored_days: z.number().int().describe('campaign days stored'),
    replaced_days: z.number().int().describe('of them, days stored before and replaced'),
    unknown_campaigns: z.array(unknownCampaign),
    message: z.string(),
  }),
  async run(ctx, a) {
    await ownCostSite(ctx, a.site_id);
    return importCosts(ctx.store.db, {
      siteId: a.site_id,
      file: a.file,
      platform: a.platform === 'auto' ? null : a.platform,
      currency: a.currency ?? null,
      micros: a.money_in_micros,
      now: ctx.now(),
    });
  },
});

export const mapAdCampaign = apiFunction({
  name: 'map_ad_campaign',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Confirm which campaign an ad platform’s campaign is (extension)',
  description:
    'Stores, once, that the platform’s campaign (its id, else its name as the export writes it) is campaign `ac_id` of the site; the next import stores its costs. Not in the REST document.',
  names: { site_id: 'site', ac_id: 'campaign' },
  args: z.object({ site_id: id(), source: z.enum(SOURCES), platform_campaign: text(255), ac_id: id() }),
  response: z.strictObject({
    mappings: z.array(z.strictObject({ source: z.enum(SOURCES), platform_campaign: z.string(), ac_id: z.number().int() })),
  }),
  async run(ctx, a) {
    await ownCostSite(ctx, a.site_id);
    await siteCampaign(ctx, a.site_id, a.ac_id);
    await saveMapping(ctx.store.db, a.site_id, a.source, a.platform_campaign, a.ac_id);
    const mappings = await allMappings(ctx.store.db, a.site_id);
    return { mappings: mappings.flatMap((m) => (m.source === 'manual' ? [] : [{ ...m, source: m.source }])) };
  },
});

export const setAdCost = apiFunction({
  name: 'set_ad_cost',
  verb: 'POST',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Enter a campaign’s cost by hand (extension)',
  description:
    'Sets campaign `ac_id`’s cost for the day `date_from`, or spread evenly over the days `date_from` to `date_till` (both included), replacing the costs entered by hand for those days. Not in the REST document.',
  names: { site_id: 'site', ac_id: 'campaign' },
  args: z.object({
    site_id: id(),
    ac_id: id(),
    date_from: dayArg,
    date_till: dayArg.optional().describe('the last day, included; absent: date_from alone'),
    amount: z.number().min(0).max(1e10).describe('the whole period’s cost'),
    currency: currencyArg.optional().describe('absent: the site’s cost currency'),
  }),
  response: z.strictObject({ days: z.number().int(), replaced_days: z.number().int(), currency: z.string(), message: z.string() }),
  async run(ctx, a) {
    await ownCostSite(ctx, a.site_id);
    await siteCampaign(ctx, a.site_id, a.ac_id);
    const { db } = ctx.store;
    const site = await siteCurrency(db, a.site_id);
    const currency = a.currency ?? site;
    if (!currency) throw apiErrors.invalid('currency', 'this site has no cost currency yet: send currency (e.g. RUB)');
    if (site && currency !== site) throw apiErrors.invalid('currency', `${currency} is not this site’s cost currency, ${site}`);
    const days = spreadOverDays(a.date_from, a.date_till ?? a.date_from, Math.round(a.amount * 100));
    const replaced = await db.transaction().execute(async (tx) => {
      await setSiteCurrency(tx, a.site_id, currency);
      return replaceCosts(
        tx,
        a.site_id,
        'manual',
        currency,
        days.map((d) => ({ ...d, ac_id: a.ac_id })),
        timestamp(ctx.now()),
      );
    });
    const message = `Stored ${days.length} day${days.length > 1 ? 's' : ''}${replaced ? ` (replaced ${replaced} day${replaced > 1 ? 's' : ''})` : ''}`;
    return { days: days.length, replaced_days: replaced, currency, message };
  },
});

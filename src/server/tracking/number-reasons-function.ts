import { z } from 'zod';
import { id, int } from '../api/args.js';
import { apiErrors } from '../api/errors.js';
import { apiFunction } from '../api/function.js';
import { siteById } from '../sites/sites.js';
import { NUMBER_REASONS, type NumberReason } from './number-reasons.js';
import { reasonCounts } from './reason-counts.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): how many visits of a site (or of one campaign) kept the
 * site's own number in the last days, and why (number-reasons.ts): what the campaign page shows.
 */
export const numberReasons = apiFunction({
  name: 'number_reasons',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'campaigns',
  summary: 'Why visits kept the site’s number (extension)',
  description:
    "`{visits, kept, reasons, previews}` of the site's visits that began in the last `days` (default 7), of one campaign `ac_id` (-1: of none) or all: how many there were (previews not counted), how many kept the site's own number instead of a tracking number, how many for each reason (`no_campaign`, `dry`: the pool was all leased, `share`: the visitor's address or browser family held its share of the pool, `bot`, `preview_invalid`, `preview_expired`), most first, and the owner's previews. Not in the REST document.",
  names: { site_id: 'site' },
  filters: { ac_id: 'campaign' },
  args: z.object({
    site_id: id(),
    ac_id: int().min(-1).optional().describe('one campaign; -1: visits of no campaign'),
    days: int().min(1).max(31).default(7).describe('the last days, default 7'),
  }),
  response: z.strictObject({
    visits: z.number().int().describe('visits begun in the days, previews not counted'),
    kept: z.number().int().describe('of them, those that kept the site’s own number'),
    reasons: z.array(z.strictObject({ reason: z.enum(NUMBER_REASONS), visits: z.number().int() })),
    previews: z.number().int().describe('the owner’s previews'),
  }),
  async run(ctx, a) {
    const site = await siteById(ctx.store.db, a.site_id);
    if (!site || site.customer_id !== ctx.customer.id) throw apiErrors.notFound('site', a.site_id);
    const rows = await reasonCounts(ctx.store.db, a.site_id, a.ac_id, ctx.now() - a.days * 86_400_000);
    const known: readonly string[] = NUMBER_REASONS;
    const reasons = rows
      .filter((r): r is { reason: NumberReason; visits: number } => r.reason !== null && known.includes(r.reason))
      .sort((x, y) => y.visits - x.visits);
    const previews = rows.find((r) => r.reason === 'preview')?.visits ?? 0;
    const visits = rows.reduce((n, r) => n + r.visits, 0) - previews;
    return { visits, kept: reasons.reduce((n, r) => n + r.visits, 0), reasons, previews };
  },
});

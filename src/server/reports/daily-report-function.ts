import { z } from 'zod';
import { id } from '../api/args.js';
import { apiFunction } from '../api/function.js';
import { dailyCalls } from './daily-report.js';
import { asRestError } from '../api/rest-errors.js';
import { day } from './day-argument.js';

/**
 * EXTENSION (not in docs/spec/rest-api.md): calls per campaign per day of the customer's calendar,
 * for the campaign report's chart (daily.ts): `calls[i][d]` is campaign `campaigns[i]`'s calls on
 * `days[d]`.
 */
export const dailyReport = apiFunction({
  name: 'daily_report',
  verb: 'GET',
  scope: 'customer',
  extension: true,
  tag: 'reports',
  summary: 'Calls per campaign per day (extension)',
  description:
    "`{days, campaigns, calls}` of a site (a campaign deleted by its owner stays, `is_removed`), the days `date_from`…`date_till` (both included, up to 366): `calls[i][d]` is campaign `campaigns[i]`'s calls on `days[d]`. Not in the REST document.",
  employee: { site: 'named' },
  names: { site_id: 'site' },
  args: z.object({
    site_id: id(),
    date_from: day().describe('the first day, YYYY-MM-DD'),
    date_till: day().describe('the last day, included'),
  }),
  response: z.strictObject({
    days: z.array(z.string()),
    campaigns: z.array(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        is_removed: z.boolean().describe('the campaign was deleted by its owner; its calls stay (extension)'),
      }),
    ),
    calls: z.array(z.array(z.number().int())),
  }),
  async run(ctx, a) {
    return asRestError(`site ${a.site_id}`, () => dailyCalls(ctx.store.db, ctx.customer, a));
  },
});

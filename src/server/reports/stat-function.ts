import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import { siteById } from '../sites/sites.js';
import { reportArgs as r, reportFilter } from './report-common.js';
import { statCounts } from './site-stats.js';
import { PERIOD } from '../api/openapi-operations.js';

/** `stat` (rest-api.md, "Reports"): a site's figures for a range. */

export const stat = apiFunction({
  name: 'stat',
  verb: 'GET',
  scope: 'customer',
  tag: 'reports',
  summary: 'Site statistics',
  description: `One record of a site’s figures for the period: visits, calls, call-backs, chats, requests, goals. ${PERIOD}`,
  employee: { site: 'named' },
  names: { site_id: 'site' },
  filters: { ac_id: 'campaign' },
  args: z.object({ site_id: r.site_id, date_from: r.date_from, date_till: r.date_till, ac_id: r.ac_id.optional() }),
  response: z.array(
    z.strictObject({
      url: z.string().describe("the site's domain"),
      visits_count: z.number().int(),
      calls_count: z.number().int(),
      sitephone_calls_count: z.number().int(),
      good_chats_count: z.number().int(),
      offline_messages_count: z.number().int(),
      goals_count: z.number().int(),
    }),
  ),
  async run(ctx, a) {
    const f = await reportFilter(ctx, a);
    const site = (await siteById(ctx.store.db, a.site_id))!;
    return [{ url: site.domain, ...(await statCounts(ctx.store.db, f)) }];
  },
});

import { z } from 'zod';
import { id } from '../api/args.js';
import { apiFunction } from '../api/function.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { goalCount, goalRows } from './goal-records.js';
import { recordPage } from './record-page.js';
import { answerDate, commonFields, commonShape, dateTime, reportArgs as r, reportFilter } from './report-common.js';
import { PERIOD } from '../api/openapi-operations.js';

/** `goal` (rest-api.md, "Reports"): goals reached in a range, with their visitor context. */

export const goal = apiFunction({
  name: 'goal',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'reports',
  summary: 'List goals',
  description: `Goals (custom events) reached in the period, with their visitor context. ${PERIOD}`,
  names: { site_id: 'site' },
  filters: { id: 'goal', ac_id: 'campaign', tag_id: 'tag', visitor_id: 'visitor' },
  args: z.object({
    site_id: r.site_id,
    date_from: r.date_from,
    date_till: r.date_till,
    id: id().optional().describe('a goal (communication) id'),
    ac_id: r.ac_id.optional(),
    tag_id: r.tag_id.optional(),
    visitor_id: r.visitor_id.optional(),
  }),
  response: z.array(
    z.strictObject({
      ...commonShape,
      id: z.number().int(),
      name: z.string(),
      start_time: dateTime,
      tag_id_array: z.array(z.number().int()),
      new_visitor: z.boolean(),
      first_ac_name: z.string().nullable(),
      enter_page: z.string().nullable(),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    const p = await recordPage(
      ctx,
      () => 'goal',
      () => goalCount(db, f, a.id),
      () => goalRows(db, f, a.id, ctx.page),
    );
    const names = new Map((await campaignsOfSite(db, a.site_id)).map((c) => [c.id, c.name]));
    return p.rows.map((x) => {
      const visits = p.facts.visitsCount(x.visitor_id, x.session_id);
      return {
        ...commonFields(ctx, p.facts, 'goal', x.id, x.start_time, x, p.saleOf(x), visits),
        id: x.id,
        name: x.name,
        start_time: answerDate(ctx, x.start_time),
        tag_id_array: p.tagsOf(x).map((t) => t.id),
        new_visitor: visits === 1,
        first_ac_name: names.get(p.facts.visitorFirstAc(x.visitor_id, x.session_id)) ?? null,
        enter_page: x.entrance_page,
      };
    });
  },
});

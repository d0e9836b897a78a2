import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import { offlineCount, offlineRows } from './offline-records.js';
import { recordPage } from './record-page.js';
import { qualificationFields, qualificationShape } from './qualification-fields.js';
import { answerDate, commonFields, commonShape, dateTime, reportArgs as r, reportFilter, type Sale } from './report-common.js';
import { PERIOD } from '../api/openapi-operations.js';

/** `offline_message` (rest-api.md, "Reports"): requests of a range, with their visitor context. */

export const offlineMessage = apiFunction({
  name: 'offline_message',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'reports',
  summary: 'List offline requests',
  description: `Offline requests (request forms) of the period, with their visitor context. ${PERIOD}`,
  names: { site_id: 'site' },
  filters: { ac_id: 'campaign', tag_id: 'tag', visitor_id: 'visitor' },
  args: z.object({
    date_from: r.date_from,
    date_till: r.date_till,
    site_id: r.site_id.optional(),
    tag_id: r.tag_id.optional(),
    visitor_id: r.visitor_id.optional(),
    ac_id: r.ac_id.optional(),
  }),
  response: z.array(
    z.strictObject({
      ...commonShape,
      visitor_type: z.enum(['new', 'returning']),
      visitor_first_ac: z.number().int(),
      id: z.number().int(),
      date_time: dateTime,
      phone: z.string().nullable(),
      email: z.string().nullable(),
      message: z.string().nullable(),
      status: z.string().describe('`unprocessed`'),
      operator_name: z.string().nullable(),
      operator_comment: z.string().nullable(),
      tags: z.array(z.strictObject({ id: z.number().int(), tag: z.string() })),
      name: z.string().nullable(),
      page_url: z.string().nullable(),
      ...qualificationShape,
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    const p = await recordPage(
      ctx,
      () => 'offline_message',
      () => offlineCount(db, f),
      () => offlineRows(db, f, ctx.page),
    );
    return p.rows.map((x) => {
      // A request the page marked as a sale (addOfflineRequest's is_sale) is one until tagged otherwise.
      const own: Sale | null = x.is_sale
        ? { sale_date: x.sale_date ?? x.date_time, cost_kopecks: Math.round((x.sale_cost ?? 0) * 100) }
        : null;
      return {
        ...commonFields(ctx, p.facts, 'offline_message', x.id, x.date_time, x, p.saleOf(x) ?? own, x.visits_count),
        visitor_type: x.visitor_type as 'new' | 'returning',
        visitor_first_ac: x.visitor_first_ac,
        id: x.id,
        date_time: answerDate(ctx, x.date_time),
        phone: x.phone,
        email: x.email,
        message: x.message,
        status: x.status,
        operator_name: x.operator_name,
        operator_comment: x.operator_comment,
        tags: p.tagsOf(x),
        name: x.name,
        page_url: x.page_url,
        ...qualificationFields(ctx, x),
      };
    });
  },
});

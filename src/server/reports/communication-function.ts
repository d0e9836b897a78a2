import { z } from 'zod';
import { apiFunction } from '../api/function.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import { communicationCount, communicationPage } from './communications.js';
import { answerDate, dateTime, notTargetTags, reportArgs as r, reportFilter } from './report-common.js';
import { PERIOD } from '../api/openapi-operations.js';

/** `communication` (rest-api.md, "Reports"): every kind of communication of a range as one list. */

/** The document's communication_type of each kind (it spells `offline_massages`). */
const LIST_TYPE: Record<CommunicationObjectType, 'calls' | 'chats' | 'offline_massages' | 'goals'> = {
  cdr_in: 'calls',
  sitephone: 'calls',
  chat: 'chats',
  offline_message: 'offline_massages',
  goal: 'goals',
};

export const communication = apiFunction({
  name: 'communication',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'reports',
  summary: 'List communications',
  description: `A site’s communications of every kind in the period, oldest first. ${PERIOD}`,
  names: { site_id: 'site' },
  filters: { ac_id: 'campaign', tag_id: 'tag' },
  args: z.object({
    site_id: r.site_id,
    date_from: r.date_from,
    date_till: r.date_till,
    ac_id: r.ac_id.optional(),
    tag_id: r.tag_id.optional(),
    show_not_goal: z.boolean().default(true).describe('false leaves out communications tagged as not target'),
    only_first: z.boolean().default(false).describe("true: each person's first communication only"),
  }),
  response: z.array(
    z.strictObject({
      communication_type: z.enum(['calls', 'chats', 'offline_massages', 'goals']),
      date_time: dateTime,
      id: z.number().int(),
    }),
  ),
  async run(ctx, a) {
    const f = await reportFilter(ctx, a);
    if (!a.show_not_goal) f.withoutTagIds = await notTargetTags(ctx);
    // Counted and paged by the database: a year of a busy site is too many rows to hold.
    ctx.setTotal(await communicationCount(ctx.store.db, f, a.only_first));
    const rows = await communicationPage(ctx.store.db, f, a.only_first, ctx.page);
    return rows.map((c) => ({ communication_type: LIST_TYPE[c.object_type], date_time: answerDate(ctx, c.at), id: c.id }));
  },
});

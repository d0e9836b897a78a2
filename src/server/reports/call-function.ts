import { z } from 'zod';
import { id, text } from '../api/args.js';
import { apiFunction } from '../api/function.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import { callCount, callRows } from './call-records.js';
import { recordPage } from './record-page.js';
import { qualificationFields, qualificationShape } from './qualification-fields.js';
import { answerDate, commonFields, commonShape, dateTime, reportArgs as r, reportFilter } from './report-common.js';
import { PERIOD } from '../api/openapi-operations.js';
import { explainAttribution } from './call-details.js';

/** `call` (rest-api.md, "Reports"): calls and call-back requests of a range, with their visitor context. */

export const call = apiFunction({
  name: 'call',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'reports',
  summary: 'List calls',
  description: `Calls and call-back requests in the period, with their visitor context; \`direction\` \`in\` or \`out\`. ${PERIOD}`,
  names: { site_id: 'site' },
  filters: { id: 'call', ac_id: 'campaign', tag_id: 'tag', visitor_id: 'visitor' },
  args: z.object({
    date_from: r.date_from,
    date_till: r.date_till,
    direction: z.enum(['in', 'out']).optional().describe('both when omitted; a call-back is out'),
    id: id().optional(),
    site_id: r.site_id.optional(),
    ac_id: r.ac_id.optional(),
    tag_id: r.tag_id.optional(),
    visitor_id: r.visitor_id.optional(),
    numa: text(32).optional().describe("the caller's number, digits compared"),
    numb: text(32).optional().describe("the service's number, digits compared"),
  }),
  response: z.array(
    z.strictObject({
      ...commonShape,
      visitor_type: z.enum(['new', 'returning']).describe('new: the call came in the visitor’s first visit, or from an unknown caller'),
      visitor_first_ac: z.number().int(),
      id: z.number().int(),
      call_date: dateTime,
      session_start: dateTime.nullable(),
      communication_type: z.enum(['call', 'sitephone']),
      status: z.enum(['normal', 'lost']).nullable().describe('null while the call is under way (a call-back: until it ends)'),
      numa: z.string(),
      numb: z.string().nullable(),
      wait_time: z.number().int().nullable(),
      duration: z.number().int().nullable(),
      file_link: z.array(z.string()),
      operator_name: z.string().nullable(),
      coach_name: z.string().nullable(),
      scenario_name: z.string().nullable(),
      is_transfer: z.boolean(),
      tags: z.array(z.number().int()),
      direction: z.enum(['in', 'out']),
      page_url: z.string().nullable(),
      is_visitor_by_numa: z.boolean(),
      ...qualificationShape,
      tag_list: z.array(z.strictObject({ id: z.number().int(), tag: z.string() })).describe('EXTENSION'),
      attribution: z
        .strictObject({ code: z.string(), words: z.string(), details: z.record(z.string(), z.unknown()) })
        .nullable()
        .describe('EXTENSION: why it was credited'),
    }),
  ),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = await reportFilter(ctx, a);
    const digits = (v: string | undefined) => (v === undefined ? undefined : v.replace(/\D/g, ''));
    const cf = { direction: a.direction, id: a.id, numa: digits(a.numa), numb: digits(a.numb) };
    const type = (x: { communication_type: string }): CommunicationObjectType =>
      x.communication_type === 'sitephone' ? 'sitephone' : 'cdr_in';
    const p = await recordPage(
      ctx,
      type,
      () => callCount(db, f, cf),
      () => callRows(db, f, cf, ctx.page),
    );
    const facts = p.facts;
    return p.rows.map((x) => {
      // The visitor as it was in the call's session (a later session must not change the record);
      // a known caller no session brought: its visits by the call, and returning; an unknown caller: new.
      const inSession = x.session_id != null;
      const visits = inSession ? facts.visitsCount(x.visitor_id, x.session_id) : facts.visitsBy(x.visitor_id, x.call_date);
      const visitorType: 'new' | 'returning' = x.visitor_id == null || (inSession && visits === 1) ? 'new' : 'returning';
      return {
        ...commonFields(ctx, facts, type(x), x.id, x.call_date, x, p.saleOf(x), visits),
        visitor_type: visitorType,
        visitor_first_ac: inSession ? facts.visitorFirstAc(x.visitor_id, x.session_id) : x.visitor_first_ac,
        id: x.id,
        call_date: answerDate(ctx, x.call_date),
        session_start: answerDate(ctx, x.session_start),
        communication_type: x.communication_type,
        status: x.status,
        numa: x.numa,
        numb: x.numb,
        wait_time: x.wait_time,
        duration: x.duration,
        // Recording links of a call from the telephony boundary (telephony/); no transfers or coaches yet.
        file_link: JSON.parse(x.file_link) as string[],
        operator_name: x.operator_name,
        coach_name: null,
        scenario_name: x.scenario_name,
        is_transfer: false,
        tags: p.tagsOf(x).map((t) => t.id),
        direction: x.direction,
        page_url: x.page_url,
        is_visitor_by_numa: x.is_visitor_by_numa === 1,
        ...qualificationFields(ctx, x),
        tag_list: p.tagsOf(x),
        attribution: explainAttribution(x.attribution),
      };
    });
  },
});

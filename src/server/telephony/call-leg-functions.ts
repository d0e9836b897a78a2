import { z } from 'zod';
import { legCount, legRows, legsContinuing, type LegFilter } from './queries.js';
import type { Row } from '../store/tables.js';
import { id } from '../api/args.js';
import { apiFunction, type CustomerContext } from '../api/function.js';
import { answerDate, range, reportArgs as r } from '../reports/report-common.js';
import { PERIOD } from '../api/openapi-operations.js';

/**
 * `get_cdr_in` and `get_cdr_out` (rest-api.md, "Incoming call leg", "Outgoing call leg"): the legs
 * the telephony boundary stores for each call (telephony/record-event.ts). Dates are in the
 * customer's time zone like every answer (Moscow by default, the zone the vendor's records use);
 * the range is of setup times.
 */

const dateTime = z.string().describe("YYYY-MM-DD HH:MM:SS in the customer's time zone (Moscow by default)");

const legShape = {
  id: z.number().int(),
  cdr_id: z.number().int().nullable().describe('null: a call begins with this leg; else the id of the leg it continues'),
  setup_time: dateTime.describe('signalling moment'),
  connect_time: dateTime.nullable().describe('null for a call never connected'),
  duration: z.number().int().describe('talk seconds'),
  is_lost: z.boolean(),
  numa: z.string(),
  numb: z.string(),
  file_link: z.string().nullable().describe('recording link (protocol-relative where the platform sent one so)'),
};

const legArgs = {
  date_from: r.date_from,
  date_till: r.date_till,
  call_session_id: id().optional().describe('the `id` of a call record (`call`)'),
};

function legFilter(ctx: CustomerContext, a: { date_from: string; date_till: string; call_session_id?: number | undefined }): LegFilter {
  const { from, till } = range(ctx, a.date_from, a.date_till);
  return { customerId: ctx.customer.id, from: from!, till, callId: a.call_session_id };
}

const inLeg = (ctx: CustomerContext, x: Row<'call_legs'>) => ({
  id: x.id,
  cdr_id: x.cdr_id,
  setup_time: answerDate(ctx, x.setup_time),
  connect_time: answerDate(ctx, x.connect_time),
  duration: x.duration,
  is_lost: x.is_lost === 1,
  numa: x.numa,
  numb: x.numb,
  file_link: x.file_link,
});

export const getCdrIn = apiFunction({
  name: 'get_cdr_in',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'reports',
  summary: 'List incoming call legs',
  description: `Incoming call legs of the period, each followed by the outgoing legs it was forwarded on. ${PERIOD}`,
  filters: { call_session_id: 'call', id: 'call_leg' },
  args: z.object({ ...legArgs, id: id().optional().describe('an incoming leg id') }),
  response: z.array(z.strictObject(legShape)),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = { ...legFilter(ctx, a), id: a.id };
    ctx.setTotal(await legCount(db, f, 'in'));
    const legs = await legRows(db, f, 'in', ctx.page);
    const related = await legsContinuing(
      db,
      ctx.customer.id,
      legs.map((x) => x.id),
    );
    return legs.flatMap((x) => [inLeg(ctx, x), ...related.filter((o) => o.cdr_id === x.id).map((o) => inLeg(ctx, o))]);
  },
});

export const getCdrOut = apiFunction({
  name: 'get_cdr_out',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'reports',
  summary: 'List outgoing call legs',
  description: `Outgoing call legs of the period: forwarded calls and the legs call-backs dialled. ${PERIOD}`,
  filters: { call_session_id: 'call' },
  args: z.object(legArgs),
  response: z.array(z.strictObject({ ...legShape, sip_line: z.string().nullable().describe('the SIP line that answered or dialled') })),
  async run(ctx, a) {
    const { db } = ctx.store;
    const f = legFilter(ctx, a);
    ctx.setTotal(await legCount(db, f, 'out'));
    const legs = await legRows(db, f, 'out', ctx.page);
    return legs.map((x) => ({ ...inLeg(ctx, x), sip_line: x.sip_line }));
  },
});

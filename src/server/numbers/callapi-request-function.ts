import { z } from 'zod';
import { platformRequests } from './platform-requests.js';
import { id, text } from '../api/args.js';
import { dateArg } from '../identity/dates.js';
import { apiFunction } from '../api/function.js';
import { answerDate, range } from '../reports/report-common.js';
import { PERIOD } from '../api/openapi-operations.js';

/**
 * The log of requests the service made to the telephony platform (rest-api.md "API request log
 * record"): `method` is the request's name (create_dialing_operation, and the call requests the
 * telephony boundary logs), `call_session_id` the call record it belongs to.
 */
export const callapiRequest = apiFunction({
  name: 'callapi_request',
  verb: 'GET',
  scope: 'customer',
  list: true,
  tag: 'reports',
  summary: 'List telephony API requests',
  description: `Requests made to the telephony platform in the period by \`method\`, optionally of one call. ${PERIOD}`,
  filters: { call_session_id: 'call' },
  args: z.object({ date_from: dateArg, date_till: dateArg, method: text(64), call_session_id: id().optional() }),
  response: z.array(
    z.strictObject({
      id: z.number().int(),
      ip: z.string().nullable(),
      start_time: z.string(),
      error: z.string().nullable(),
      api_user_id: z.number().int().nullable(),
      customer_id: z.number().int(),
      method: z.string(),
      numa: z.string().nullable(),
      numb: z.string().nullable(),
      numc: z.string().nullable(),
      result: z.record(z.string(), z.unknown()).describe('shaped by the method'),
    }),
  ),
  async run(ctx, a) {
    const r = range(ctx, a.date_from, a.date_till);
    const { rows, total } = await platformRequests(
      ctx.store.db,
      { customerId: ctx.customer.id, method: a.method, from: r.from!, till: r.till, callId: a.call_session_id },
      ctx.page,
    );
    ctx.setTotal(total);
    return rows.map((q) => ({
      id: q.id,
      ip: q.ip,
      start_time: answerDate(ctx, q.start_time),
      error: q.error,
      api_user_id: q.api_user_id,
      customer_id: q.customer_id,
      method: q.method,
      numa: q.numa,
      numb: q.numb,
      numc: q.numc,
      result: parseResult(q.result),
    }));
  },
});

function parseResult(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { text };
  }
}

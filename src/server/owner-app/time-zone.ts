import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiSessions } from '../api/sessions.js';
import { setCustomerTimeZone } from '../customers/time-zone.js';
import { isTimeZone } from '../http/dates.js';
import type { Queryable } from '../store/queryable.js';
import { customerOf } from './access.js';
import { customerId, parse } from './schemas.js';

export const TimeZone = z.strictObject({
  customer_id: customerId,
  time_zone: z.string().max(64).refine(isTimeZone, 'an IANA time zone such as Europe/Moscow'),
});

/**
 * The customer's time zone: the REST API's dates, the console's and the app's are written in it,
 * and its days (reports, charges) begin at its midnight.
 */
export function timeZoneRoutes(app: FastifyInstance, deps: { db: Queryable; sessions: ApiSessions }): void {
  const { db, sessions } = deps;
  app.put('/app/api/customer/time-zone', async (req) => {
    const body = parse(TimeZone, req.body);
    const c = await customerOf(db, sessions, req, body.customer_id);
    await setCustomerTimeZone(db, c.id, body.time_zone);
    return { success: true, data: { time_zone: body.time_zone } };
  });
}

import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import type { NewRow, Row } from '../store/tables.js';

/**
 * The log of requests the service made to the telephony platform (`callapi_requests`, migration
 * 070, shared with the calls work): create_dialing_operation writes it, `callapi_request` reads it.
 */

export async function logPlatformRequest(db: Queryable, r: NewRow<'callapi_requests'>): Promise<number> {
  const { id } = await db.insertInto('callapi_requests').values(r).returning('id').executeTakeFirstOrThrow();
  return id;
}

export interface PlatformRequestFilter {
  customerId: number;
  method: string;
  /** UTC, half-open. */
  from: string;
  till: string;
  callId?: number | undefined;
}

export async function platformRequests(
  db: Queryable,
  f: PlatformRequestFilter,
  page: Page,
): Promise<{ rows: Array<Row<'callapi_requests'>>; total: number }> {
  const base = () => {
    let q = db
      .selectFrom('callapi_requests')
      .where('customer_id', '=', f.customerId)
      .where('method', '=', f.method)
      .where('start_time', '>=', f.from)
      .where('start_time', '<', f.till);
    if (f.callId !== undefined) q = q.where('call_id', '=', f.callId);
    return q;
  };
  const rows = await base().selectAll().orderBy('start_time').orderBy('id').limit(page.limit).offset(page.offset).execute();
  const { n } = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

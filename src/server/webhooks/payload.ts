import { sql } from 'kysely';
import type { ApiFunction, CustomerContext } from '../api/function.js';
import { customerById, type CustomerRow } from '../identity/customers.js';
import { formatDate } from '../identity/dates.js';
import { ApiError } from '../http/errors.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import type { RecordKind } from './events.js';
import { eventId, type OutboxRow } from './outbox.js';

/**
 * An event's body (docs/webhooks.md, "Payload"): the envelope (`id`, `type`, `created_at`,
 * `customer_id`, `site_id`), the record as its REST report answers it (`record`, the same fields),
 * and the context a CRM would otherwise ask for: the campaign's id and name, the session
 * (`session_info`'s record) and the visitor (`visitor`'s record). The records come from the REST
 * functions themselves, given by the composition root (app.ts), so the field lists are written once.
 */

/** The REST functions whose answers make the payloads. */
export interface RecordFunctions {
  call: ApiFunction;
  chat: ApiFunction;
  offline_message: ApiFunction;
  goal: ApiFunction;
  session_info: ApiFunction;
  visitor: ApiFunction;
}

/** Where a record is: its site, stored time and visitor (to ask its report for it alone). */
const LOCATE: Record<RecordKind, { table: string; at: string }> = {
  call: { table: 'calls', at: 'call_date' },
  chat: { table: 'chats', at: 'start_time' },
  offline_message: { table: 'offline_messages', at: 'date_time' },
  goal: { table: 'goals', at: 'start_time' },
};

interface Located {
  site_id: number;
  at: string;
  visitor_id: number | null;
}

async function locate(db: Queryable, kind: RecordKind, id: number): Promise<Located | null> {
  const t = LOCATE[kind];
  const r = await sql`SELECT site_id, ${sql.ref(t.at)} AS at, visitor_id FROM ${sql.table(t.table)} WHERE id = ${id}`.execute(db);
  return (r.rows[0] as Located | undefined) ?? null;
}

const storedMs = (t: string): number => Date.parse(t.replace(' ', 'T') + 'Z');

/** One REST function's answer, as a REST call of the customer's would have it. */
async function answer(fn: ApiFunction, ctx: CustomerContext, args: Record<string, unknown>): Promise<Array<Record<string, unknown>>> {
  try {
    const out = await (fn.run as (c: CustomerContext, a: unknown) => Promise<unknown>)(ctx, fn.args.parse(args));
    return Array.isArray(out) ? (out as Array<Record<string, unknown>>) : [];
  } catch (e) {
    // A record erased since (404 of its report): the event goes without it.
    if (e instanceof ApiError) return [];
    throw e;
  }
}

function contextOf(store: Store, customer: CustomerRow, now: number): CustomerContext {
  return {
    store,
    // The reports' functions need no service.
    services: {},
    caller: { userId: 0, customerId: customer.id, agentId: null },
    customer,
    page: { limit: 100, offset: 0 },
    setTotal: () => {},
    now: () => now,
    ip: '',
  };
}

/** The record of `kind` and `id` as its report shows it; null when it is gone (erased). */
async function recordOf(fns: RecordFunctions, ctx: CustomerContext, kind: RecordKind, id: number, where: Located) {
  const tz = ctx.customer.time_zone;
  // A report answers a range in the customer's zone, by the second: the record's own second.
  const second = Math.floor(storedMs(where.at) / 1000) * 1000;
  const range = { date_from: formatDate(second, tz), date_till: formatDate(second + 1000, tz) };
  const args: Record<string, Record<string, unknown>> = {
    call: { ...range, id },
    goal: { ...range, id, site_id: where.site_id },
    chat: { ...range, site_id: where.site_id },
    offline_message: { ...range, site_id: where.site_id },
  };
  const rows = await answer(fns[kind], ctx, args[kind]!);
  return rows.find((r) => r.id === id) ?? null;
}

export async function buildBody(store: Store, fns: RecordFunctions, row: OutboxRow, customerId: number, now: number): Promise<string> {
  const customer = await customerById(store.db, customerId);
  const tz = customer?.time_zone ?? 'UTC';
  const envelope = {
    id: eventId(row.id),
    type: row.event_type,
    created_at: formatDate(row.created_ms, tz),
    customer_id: customerId,
  };
  const detail = row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : {};
  if (row.object_kind === 'test' || !customer) return JSON.stringify({ ...envelope, site_id: null, record_type: null, record: null });
  const kind = row.object_kind as RecordKind;
  const where = await locate(store.db, kind, row.object_id);
  const ctx = contextOf(store, customer, now);
  const record = where ? await recordOf(fns, ctx, kind, row.object_id, where) : null;
  const acId = typeof record?.ac_id === 'number' ? record.ac_id : null;
  const campaign =
    acId != null && acId > 0 && where ? ((await campaignsOfSite(store.db, where.site_id)).find((c) => c.id === acId) ?? null) : null;
  const sessionId = typeof record?.session_id === 'number' ? record.session_id : null;
  const visitorId = where?.visitor_id ?? null;
  const session = sessionId ? ((await answer(fns.session_info, ctx, { session_id: sessionId }))[0] ?? null) : null;
  const visitor = visitorId ? ((await answer(fns.visitor, ctx, { visitor_id: visitorId }))[0] ?? null) : null;
  return JSON.stringify({
    ...envelope,
    site_id: where?.site_id ?? null,
    record_type: kind,
    record,
    campaign: campaign ? { id: campaign.id, name: campaign.name } : null,
    session,
    visitor,
    ...detail,
  });
}

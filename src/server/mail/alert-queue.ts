import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { EventNotice } from '../webhooks/events.js';
import type { AlertKind } from './alert-kinds.js';

/**
 * The alerts an event makes, queued in the event's own transaction for the subscriptions that
 * want them (alert_queue): a missed call (a call ended unanswered), a request (a form or a
 * call-back asked for), a chat no operator wrote in, and anything the qualification rules marked
 * qualified. A site nobody subscribed on costs one read.
 */

interface Subscription {
  id: number;
  kind: string;
}

/**
 * The subscriptions that may want an alert of the site: its customer's, for every site or this one;
 * an employee's only while they serve the site (site 0: every site they serve).
 */
export async function subscriptionsOfSite(db: Queryable, siteId: number): Promise<Subscription[]> {
  const r = await sql<Subscription>`
    SELECT a.id, a.kind FROM alert_subscriptions a JOIN sites s ON s.customer_id = a.customer_id
    WHERE s.id = ${siteId} AND (a.site_id = 0 OR a.site_id = s.id)
      AND (a.account = 'rest' OR EXISTS (
        SELECT 1 FROM employee_sites es WHERE es.employee_id = a.account_id AND es.site_id = s.id))`.execute(db);
  return r.rows.map((x) => ({ id: Number(x.id), kind: x.kind }));
}

const phone = (numa: string | null) => (numa ? (/^\d+$/.test(numa) ? '+' + numa : numa) : '');

/** What the event's record says as alerts: kind and the mail's line. */
async function alertsOf(db: Queryable, e: EventNotice): Promise<Array<[AlertKind, string]>> {
  const out: Array<[AlertKind, string]> = [];
  if (e.type === 'call.ended' || e.type === 'callback.finished' || e.type === 'callback.requested') {
    const c = await sql<{ numa: string; answered_time: string | null; qualified_at: string | null; communication_type: string }>`
      SELECT numa, answered_time, qualified_at, communication_type FROM calls WHERE id = ${e.id}`.execute(db);
    const call = c.rows[0];
    if (!call) return out;
    if (e.type === 'call.ended' && call.communication_type === 'call' && call.answered_time === null)
      out.push(['missed_call', phone(call.numa)]);
    if (e.type === 'callback.requested') out.push(['request', phone(call.numa)]);
    if (e.type !== 'callback.requested' && call.qualified_at !== null) out.push(['qualified', phone(call.numa)]);
  } else if (e.type === 'request.created') {
    const r = await sql<{
      name: string | null;
      phone: string | null;
      email: string | null;
      message: string | null;
      qualified_at: string | null;
    }>`
      SELECT name, phone, email, message, qualified_at FROM offline_messages WHERE id = ${e.id}`.execute(db);
    const m = r.rows[0];
    if (!m) return out;
    const who = [m.name, m.phone, m.email].filter(Boolean).join(', ');
    const line = [who, (m.message ?? '').slice(0, 120)].filter(Boolean).join(': ');
    out.push(['request', line]);
    if (m.qualified_at !== null) out.push(['qualified', line]);
  } else if (e.type === 'chat.finished') {
    const r = await sql<{ operator_message_count: number; page_url: string; qualified_at: string | null }>`
      SELECT operator_message_count, page_url, qualified_at FROM chats WHERE id = ${e.id}`.execute(db);
    const chat = r.rows[0];
    if (!chat) return out;
    if (Number(chat.operator_message_count) === 0) out.push(['chat_unanswered', chat.page_url]);
    if (chat.qualified_at !== null) out.push(['qualified', chat.page_url]);
  }
  return out;
}

const ANNOUNCING = new Set<EventNotice['type']>([
  'call.ended',
  'callback.finished',
  'callback.requested',
  'request.created',
  'chat.finished',
]);

export async function queueAlerts(db: Queryable, e: EventNotice, now: number): Promise<void> {
  if (!ANNOUNCING.has(e.type)) return;
  const subscriptions = await subscriptionsOfSite(db, e.siteId);
  if (!subscriptions.length) return;
  const rows = [];
  for (const [kind, line] of await alertsOf(db, e)) {
    for (const s of subscriptions.filter((x) => x.kind === kind)) {
      rows.push({ subscription_id: s.id, site_id: e.siteId, record_id: e.id, line: line.slice(0, 300), created_ms: now });
    }
  }
  if (rows.length) await db.insertInto('alert_queue').values(rows).execute();
}

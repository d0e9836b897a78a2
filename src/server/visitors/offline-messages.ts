import type { OfflineRequestData } from '../../protocol.js';
import { CAMPAIGN_FIELDS } from '../tracking/campaign.js';
import { stmt, timestamp, type DB } from '../store/db.js';
import { saveVisitorInfo } from './visitor-info.js';

/** Where a request was made: the visitor's page view (or, lacking one, its session). */
export interface RequestPlace {
  site_id: number;
  visitor_id: number;
  session_id: number;
  hit_id: number | null;
  page_url: string | null;
}

/** The session fields every offline-message record repeats (rest-api "common visitor-context fields"). */
const CONTEXT = [
  'ac_id',
  'country',
  'region',
  'city',
  'search_engine',
  'search_query',
  'referrer_domain',
  'referrer',
  'ua_client_id',
  ...CAMPAIGN_FIELDS,
] as const;

const INSERT = `INSERT INTO offline_messages (site_id, visitor_id, session_id, hit_id, date_time, source, name, email,
    phone, message, form_name, group_id, is_sale, sale_cost, sale_date, page_url, visitor_first_ac, visitor_type,
    visits_count, ${CONTEXT.join(', ')})
  VALUES (@site_id, @visitor_id, @session_id, @hit_id, @date_time, @source, @name, @email, @phone, @message,
    @form_name, @group_id, @is_sale, @sale_cost, @sale_date, @page_url, @visitor_first_ac, @visitor_type,
    @visits_count, ${CONTEXT.map((f) => '@' + f).join(', ')})`;

/**
 * Stores a custom-form request with its visitor context copied from the session, and adds its
 * e-mail and phone to the visitor's lists (its name only when the visitor has none yet).
 * Returns the request id.
 */
export function storeOfflineMessage(db: DB, place: RequestPlace, data: OfflineRequestData, source: 'page' | 'server', now: number): number {
  const session = stmt<Record<string, unknown>>(db, `SELECT ${CONTEXT.join(', ')} FROM sessions WHERE id = ?`).get(place.session_id)!;
  const visitor = stmt<{ name: string | null; first_ac_id: number; visits_count: number }>(
    db,
    `SELECT name, first_ac_id, visits_count FROM visitors WHERE id = ?`,
  ).get(place.visitor_id)!;
  const at = timestamp(now);
  const id = Number(
    stmt(db, INSERT).run({
      ...session,
      ...place,
      date_time: at,
      source,
      name: data.name ?? null,
      email: data.email ?? null,
      phone: data.phone ?? null,
      message: data.message ?? null,
      form_name: data.form_name ?? null,
      group_id: data.group_id ?? null,
      is_sale: data.is_sale ? 1 : 0,
      sale_cost: data.sale_cost == null ? null : Number(data.sale_cost.replace(',', '.')),
      sale_date: data.is_sale ? at : null,
      visitor_first_ac: visitor.first_ac_id,
      visitor_type: visitor.visits_count > 1 ? 'returning' : 'new',
      visits_count: visitor.visits_count,
    }).lastInsertRowid,
  );
  saveVisitorInfo(db, place.visitor_id, { name: visitor.name ? undefined : data.name, email: data.email, phone: data.phone }, now);
  return id;
}

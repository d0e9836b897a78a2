import type { OfflineRequestData } from '../../protocol.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import { visitContext } from './visit-context.js';
import { insertOfflineMessage, visitorName } from './queries.js';
import { saveVisitorInfo } from './visitor-info.js';

/** Where a request was made: the visitor's page view (or, lacking one, its session). */
export interface RequestPlace {
  site_id: number;
  visitor_id: number;
  session_id: number;
  hit_id: number | null;
  page_url: string | null;
}

/**
 * Stores a custom-form request with its visitor context copied from the session (rest-api "common
 * visitor-context fields", through visitContext), and adds its e-mail and phone to the visitor's
 * lists (its name only when the visitor has none yet). Returns the request id. The caller pokes
 * the console once its transaction has committed.
 */
export async function storeOfflineMessage(
  db: Queryable,
  place: RequestPlace,
  data: OfflineRequestData,
  source: 'page' | 'server',
  now: number,
): Promise<number> {
  const context = await visitContext(db, place.session_id);
  // The place comes from a stored page view, whose session exists (a foreign key).
  if (!context) throw new Error(`session ${place.session_id} not found`);
  // An offline message has no session_start column; the rest of the context it copies as is.
  const { session_start: _sessionStart, ...copied } = context;
  const name = await visitorName(db, place.visitor_id);
  const at = timestamp(now);
  const id = await insertOfflineMessage(db, {
    ...copied,
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
  });
  await saveVisitorInfo(
    db,
    place.site_id,
    place.visitor_id,
    { name: name ? undefined : data.name, email: data.email, phone: data.phone },
    now,
  );
  return id;
}

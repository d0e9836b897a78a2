import type { Queryable } from '../store/queryable.js';

/**
 * What the cost report counts of a site's period, with the session facts it groups by: its calls
 * (call-backs too), chats and requests, whether each was qualified (migration 130), and the
 * sessions per campaign that share a campaign's cost among its sources, keywords and pages.
 */

/** The session facts a report row may be grouped by. */
export interface SessionFacts {
  utm_source: string | null;
  utm_term: string | null;
  entrance_page: string | null;
}

export interface LeadFact extends SessionFacts {
  kind: 'call' | 'chat' | 'offline_message';
  /** The call's (or call-back's), chat's or request's id. */
  id: number;
  ac_id: number;
  qualified: boolean;
}

/** UTC range, stored text, half-open. */
export interface UtcRange {
  from: string;
  till: string;
}

export async function leadFacts(db: Queryable, siteId: number, r: UtcRange): Promise<LeadFact[]> {
  const calls = await db
    .selectFrom('calls as c')
    .leftJoin('sessions as s', 's.id', 'c.session_id')
    .select(['c.id', 'c.ac_id', 'c.qualified_at', 's.utm_source', 's.utm_term', 's.entrance_page'])
    .where('c.site_id', '=', siteId)
    .where('c.call_date', '>=', r.from)
    .where('c.call_date', '<', r.till)
    .execute();
  const chats = await db
    .selectFrom('chats as ch')
    .leftJoin('sessions as s', 's.id', 'ch.session_id')
    .select(['ch.id', 'ch.ac_id', 'ch.qualified_at', 's.utm_source', 's.utm_term', 's.entrance_page'])
    .where('ch.site_id', '=', siteId)
    .where('ch.start_time', '>=', r.from)
    .where('ch.start_time', '<', r.till)
    .execute();
  const requests = await db
    .selectFrom('offline_messages as o')
    .leftJoin('sessions as s', 's.id', 'o.session_id')
    .select(['o.id', 'o.ac_id', 'o.qualified_at', 's.utm_source', 's.utm_term', 's.entrance_page'])
    .where('o.site_id', '=', siteId)
    .where('o.date_time', '>=', r.from)
    .where('o.date_time', '<', r.till)
    .execute();
  const fact =
    (kind: LeadFact['kind']) =>
    (x: SessionFacts & { id: number; ac_id: number; qualified_at: string | null }): LeadFact => ({
      kind,
      id: x.id,
      ac_id: x.ac_id,
      qualified: x.qualified_at != null,
      utm_source: x.utm_source,
      utm_term: x.utm_term,
      entrance_page: x.entrance_page,
    });
  return [...calls.map(fact('call')), ...chats.map(fact('chat')), ...requests.map(fact('offline_message'))];
}

/** The session facts of some sessions (the sold communications'), by session id. */
export async function sessionFacts(db: Queryable, ids: readonly number[]): Promise<Map<number, SessionFacts>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'utm_source', 'utm_term', 'entrance_page'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The sessions of the period per campaign and session facts, to share each campaign's cost. */
export async function sessionsPerCampaign(
  db: Queryable,
  siteId: number,
  r: UtcRange,
): Promise<Array<SessionFacts & { ac_id: number; n: number }>> {
  const rows = await db
    .selectFrom('sessions')
    .select(['ac_id', 'utm_source', 'utm_term', 'entrance_page', (eb) => eb.fn.countAll().as('n')])
    .where('site_id', '=', siteId)
    .where('start_time', '>=', r.from)
    .where('start_time', '<', r.till)
    .groupBy(['ac_id', 'utm_source', 'utm_term', 'entrance_page'])
    .execute();
  return rows.map((x) => ({ ...x, n: Number(x.n) }));
}

import { sql } from 'kysely';
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

/** Where each kind of lead is stored, and the column that dates it. */
const LEAD_TABLES = [
  { kind: 'call', table: 'calls', at: 'call_date' },
  { kind: 'chat', table: 'chats', at: 'start_time' },
  { kind: 'offline_message', table: 'offline_messages', at: 'date_time' },
] as const;

/** One kind's leads of the period, with the facts of the session each came in. */
async function leadsOf(db: Queryable, siteId: number, r: UtcRange, of: (typeof LEAD_TABLES)[number]): Promise<LeadFact[]> {
  // Kysely types a query on one table; the three have these columns alike, so one statement serves.
  const at = sql.ref(`l.${of.at}`);
  const { rows } = await sql<SessionFacts & { id: number; ac_id: number; qualified_at: string | null }>`
    SELECT l.id, l.ac_id, l.qualified_at, s.utm_source, s.utm_term, s.entrance_page
    FROM ${sql.table(of.table)} AS l LEFT JOIN sessions AS s ON s.id = l.session_id
    WHERE l.site_id = ${siteId} AND ${at} >= ${r.from} AND ${at} < ${r.till}`.execute(db);
  return rows.map((x) => ({
    kind: of.kind,
    id: Number(x.id),
    ac_id: x.ac_id,
    qualified: x.qualified_at != null,
    utm_source: x.utm_source,
    utm_term: x.utm_term,
    entrance_page: x.entrance_page,
  }));
}

/** The period's calls (call-backs too), chats and requests, in that order. */
export async function leadFacts(db: Queryable, siteId: number, r: UtcRange): Promise<LeadFact[]> {
  const facts: LeadFact[] = [];
  for (const of of LEAD_TABLES) facts.push(...(await leadsOf(db, siteId, r, of)));
  return facts;
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

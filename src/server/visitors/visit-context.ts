import type { Queryable } from '../store/queryable.js';
import { CAMPAIGN_FIELDS } from '../store/tables/traffic.js';

/**
 * The visitor context a communication record copies when it is stored (the REST document's
 * "common visitor-context fields"): where the session came from, and who the visitor was then.
 * Offline requests, call-back requests and chats copy it, so a report shows the values at the
 * time of the communication, and needs no join.
 */
export const SESSION_CONTEXT_COLUMNS = [
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

export type SessionContextColumn = (typeof SESSION_CONTEXT_COLUMNS)[number];

export type VisitContext = { [K in SessionContextColumn]: K extends 'ac_id' ? number : string | null } & {
  session_start: string;
  visitor_first_ac: number;
  visits_count: number;
  visitor_type: 'new' | 'returning';
};

/** The context of a session and its visitor, now. */
export async function visitContext(db: Queryable, sessionId: number): Promise<VisitContext | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('visitors as v', 'v.id', 's.visitor_id')
    .select(SESSION_CONTEXT_COLUMNS.map((c) => `s.${c}` as const))
    .select(['s.start_time as session_start', 'v.first_ac_id as visitor_first_ac', 'v.visits_count'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, visitor_type: row.visits_count > 1 ? 'returning' : 'new' };
}

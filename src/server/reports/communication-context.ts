import type { Queryable } from '../store/queryable.js';

/**
 * What the console's communication list shows beside each communication of a page: where its
 * visitor came from (the session's campaign parameters, referrer, search engine and query, entry
 * page) and a line about the communication itself (a goal's name, a chat's status, a request's
 * name and phone, a call's number). Read by id for one page of the list (`reports/communications.ts`
 * `communicationPage` gives the ids), so a page costs a few statements whatever the range holds.
 */

export interface SessionContext {
  id: number;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  referrer: string | null;
  search_engine: string | null;
  search_query: string | null;
  entrance_page: string | null;
}

/** The sessions among `ids` (at most one page of ids: the list's page size is capped). */
export async function sessionContexts(db: Queryable, ids: readonly number[]): Promise<Map<number, SessionContext>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'referrer', 'search_engine', 'search_query', 'entrance_page'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface GoalLine {
  id: number;
  name: string;
  action: string;
}
export async function goalLines(db: Queryable, ids: readonly number[]): Promise<Map<number, GoalLine>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('goals').select(['id', 'name', 'action']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface ChatLine {
  id: number;
  status: 'lost' | 'succeed' | 'refused' | null;
  operator_name: string | null;
  messages_count: number;
  qualified_at: string | null;
}
export async function chatLines(db: Queryable, ids: readonly number[]): Promise<Map<number, ChatLine>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('chats')
    .select(['id', 'status', 'operator_name', 'messages_count', 'qualified_at'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { ...r, messages_count: Number(r.messages_count) }]));
}

export interface RequestLine {
  id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  message: string | null;
  qualified_at: string | null;
}
export async function requestLines(db: Queryable, ids: readonly number[]): Promise<Map<number, RequestLine>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('offline_messages')
    .select(['id', 'name', 'phone', 'email', 'message', 'qualified_at'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface CallLine {
  id: number;
  numa: string;
  status: 'normal' | 'lost' | null;
}
export async function callLines(db: Queryable, ids: readonly number[]): Promise<Map<number, CallLine>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('calls').select(['id', 'numa', 'status']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

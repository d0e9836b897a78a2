import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { QualifiableKind } from '../store/tables.js';
import { firstCallOf, visitorRecord, type VisitorRecord } from '../visitors/visitor-history.js';

/**
 * What the rules ask of a communication, read from its table: calls and call-backs (`calls`),
 * chats, requests (`offline_messages`); and the marks a rule leaves on them (`qualified_at`,
 * `qualification_rule_id`, set once: a later edit of the rules never clears one).
 */

export interface CommunicationFacts {
  kind: QualifiableKind;
  id: number;
  siteId: number;
  acId: number;
  answered: boolean;
  /** Talk seconds (a chat: from start to end); null when the kind has none. */
  talkSeconds: number | null;
  /** The caller's number (a request: the phone it left); null when unknown. */
  caller: string | null;
  firstTime: boolean;
  /** Already qualified: nothing more is done with it. */
  qualified: boolean;
}

async function callFacts(db: Queryable, id: number): Promise<CommunicationFacts | null> {
  const c = await db
    .selectFrom('calls')
    .select(['id', 'site_id', 'ac_id', 'communication_type', 'status', 'duration', 'numa', 'qualified_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!c) return null;
  const caller = c.numa.replace(/\D/g, '') ? c.numa : null;
  return {
    kind: c.communication_type,
    id,
    siteId: c.site_id,
    acId: c.ac_id,
    answered: c.status === 'normal',
    talkSeconds: c.duration,
    caller,
    firstTime: await firstCallOf(db, c.site_id, caller, id),
    qualified: c.qualified_at != null,
  };
}

/** What a chat or a request tells, read from its visitor record; `talk`: what its kind tells of the talk. */
async function visitorFacts<T extends 'chats' | 'offline_messages'>(
  db: Queryable,
  table: T,
  kind: 'chat' | 'offline_message',
  id: number,
  talk: (r: VisitorRecord<T>) => Pick<CommunicationFacts, 'answered' | 'talkSeconds' | 'caller'>,
): Promise<CommunicationFacts | null> {
  const r = await visitorRecord(db, table, id);
  if (!r) return null;
  return { kind, id, siteId: r.site_id, acId: r.ac_id, ...talk(r), firstTime: r.firstTime, qualified: r.qualified_at != null };
}

const chatFacts = (db: Queryable, id: number) =>
  visitorFacts(db, 'chats', 'chat', id, (c) => ({
    answered: c.answer_ms != null || c.status === 'succeed',
    talkSeconds: c.end_ms != null ? Math.round((Number(c.end_ms) - Number(c.start_ms)) / 1000) : null,
    caller: null,
  }));

const requestFacts = (db: Queryable, id: number) =>
  visitorFacts(db, 'offline_messages', 'offline_message', id, (r) => ({ answered: false, talkSeconds: null, caller: r.phone }));

export async function communicationFacts(db: Queryable, kind: QualifiableKind, id: number): Promise<CommunicationFacts | null> {
  const f = kind === 'chat' ? await chatFacts(db, id) : kind === 'offline_message' ? await requestFacts(db, id) : await callFacts(db, id);
  return f && f.kind === kind ? f : null;
}

/**
 * Marks a communication qualified by a rule unless it is already: one UPDATE, so two evaluations
 * at once mark it once. True when this one marked it.
 */
export async function markQualified(db: Queryable, kind: QualifiableKind, id: number, ruleId: number, at: string): Promise<boolean> {
  const mark = { qualified_at: at, qualification_rule_id: ruleId };
  const r =
    kind === 'chat'
      ? await db.updateTable('chats').set(mark).where('id', '=', id).where('qualified_at', 'is', null).executeTakeFirst()
      : kind === 'offline_message'
        ? await db.updateTable('offline_messages').set(mark).where('id', '=', id).where('qualified_at', 'is', null).executeTakeFirst()
        : await db.updateTable('calls').set(mark).where('id', '=', id).where('qualified_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A site's communications of `kind` not qualified yet, over and done with (a call ended, a chat
 * over), since `since` (stored UTC text), after id `after`: one page of a re-evaluation.
 */
export async function unqualifiedSince(
  db: Queryable,
  kind: QualifiableKind,
  siteId: number,
  since: string,
  after: number,
  limit: number,
): Promise<number[]> {
  let rows: Array<{ id: number }>;
  if (kind === 'chat')
    rows = await db
      .selectFrom('chats')
      .select('id')
      .where('site_id', '=', siteId)
      .where('start_time', '>=', since)
      .where('qualified_at', 'is', null)
      .where('end_ms', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(sql.lit(limit))
      .execute();
  else if (kind === 'offline_message')
    rows = await db
      .selectFrom('offline_messages')
      .select('id')
      .where('site_id', '=', siteId)
      .where('date_time', '>=', since)
      .where('qualified_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(sql.lit(limit))
      .execute();
  else
    rows = await db
      .selectFrom('calls')
      .select('id')
      .where('site_id', '=', siteId)
      .where('communication_type', '=', kind)
      .where('call_date', '>=', since)
      .where('qualified_at', 'is', null)
      .where('status', 'is not', null)
      .where('open_since_ms', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(sql.lit(limit))
      .execute();
  return rows.map((r) => r.id);
}

/** A call's site and kind (a call or a call-back), or null. */
export async function callSite(db: Queryable, id: number): Promise<{ siteId: number; kind: 'call' | 'sitephone' } | null> {
  const c = await db.selectFrom('calls').select(['site_id', 'communication_type']).where('id', '=', id).executeTakeFirst();
  return c ? { siteId: c.site_id, kind: c.communication_type } : null;
}

import { numberKey } from '../numbers/keys.js';
import { storedMs } from '../reports/report-common.js';
import type { Queryable } from '../store/queryable.js';
import type { QualifiableKind } from '../store/tables.js';
import { firstCallOf, visitorRecord } from '../visitors/visitor-history.js';

/**
 * What a conversion says of one communication, read when it is sent (never copied into the
 * outbox: an erased visitor's record is gone or blank, and nothing of it is sent then): when it
 * happened, the caller, the talk, and the ids the platforms link it by — the click ids of the
 * record or its session, the `_ga` client id and the Metrica ClientId of its session.
 */

export interface ConversionFacts {
  kind: QualifiableKind;
  id: number;
  siteId: number;
  /** When the communication began (a call's start, a chat's start, a request stored), epoch ms. */
  atMs: number;
  /** When its session began: the click's time as near as the server knows it; null without a session. */
  sessionStartMs: number | null;
  qualified: boolean;
  /** The caller's digits with the country code (a request: the phone it left); null when unknown. */
  caller: string | null;
  talkSeconds: number | null;
  holdSeconds: number | null;
  missed: boolean;
  firstTime: boolean;
  url: string | null;
  gclid: string | null;
  yclid: string | null;
  gaClientId: string | null;
  ymClientId: string | null;
}

interface SessionIds {
  start: number | null;
  gclid: string | null;
  yclid: string | null;
  ga: string | null;
  ym: string | null;
  page: string | null;
}

async function sessionIds(db: Queryable, sessionId: number | null): Promise<SessionIds> {
  const s =
    sessionId == null
      ? undefined
      : await db
          .selectFrom('sessions')
          .select(['start_time', 'gclid', 'yclid', 'ua_client_id', 'ym_client_id', 'entrance_page'])
          .where('id', '=', sessionId)
          .executeTakeFirst();
  if (!s) return { start: null, gclid: null, yclid: null, ga: null, ym: null, page: null };
  return { start: storedMs(s.start_time), gclid: s.gclid, yclid: s.yclid, ga: s.ua_client_id, ym: s.ym_client_id, page: s.entrance_page };
}

const callerOf = (n: string | null): string | null => (n ? numberKey(n) : null);

async function callFacts(db: Queryable, id: number): Promise<ConversionFacts | null> {
  const c = await db
    .selectFrom('calls')
    .select([
      'site_id',
      'communication_type',
      'call_date',
      'status',
      'numa',
      'wait_time',
      'duration',
      'page_url',
      'session_id',
      'gclid',
      'yclid',
      'ua_client_id',
      'qualified_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!c) return null;
  const s = await sessionIds(db, c.session_id);
  const caller = callerOf(c.numa);
  return {
    kind: c.communication_type,
    id,
    siteId: c.site_id,
    atMs: storedMs(c.call_date),
    sessionStartMs: s.start,
    qualified: c.qualified_at != null,
    caller,
    talkSeconds: c.duration,
    holdSeconds: c.wait_time,
    missed: c.status !== 'normal',
    firstTime: await firstCallOf(db, c.site_id, caller ? c.numa : null, id),
    url: c.page_url ?? s.page,
    gclid: c.gclid ?? s.gclid,
    yclid: c.yclid ?? s.yclid,
    gaClientId: c.ua_client_id ?? s.ga,
    ymClientId: s.ym,
  };
}

async function chatFacts(db: Queryable, id: number): Promise<ConversionFacts | null> {
  const c = await visitorRecord(db, 'chats', id);
  if (!c) return null;
  const s = await sessionIds(db, c.session_id);
  return {
    kind: 'chat',
    id,
    siteId: c.site_id,
    atMs: Number(c.start_ms),
    sessionStartMs: s.start,
    qualified: c.qualified_at != null,
    caller: null,
    talkSeconds: c.end_ms != null ? Math.round((Number(c.end_ms) - Number(c.start_ms)) / 1000) : null,
    holdSeconds: c.answer_ms != null ? Math.round((Number(c.answer_ms) - Number(c.start_ms)) / 1000) : null,
    missed: c.answer_ms == null && c.status !== 'succeed',
    firstTime: c.firstTime,
    url: c.page_url,
    gclid: s.gclid,
    yclid: s.yclid,
    gaClientId: s.ga,
    ymClientId: s.ym,
  };
}

async function requestFacts(db: Queryable, id: number): Promise<ConversionFacts | null> {
  const r = await visitorRecord(db, 'offline_messages', id);
  if (!r) return null;
  const s = await sessionIds(db, r.session_id);
  return {
    kind: 'offline_message',
    id,
    siteId: r.site_id,
    atMs: storedMs(r.date_time),
    sessionStartMs: s.start,
    qualified: r.qualified_at != null,
    caller: callerOf(r.phone),
    talkSeconds: null,
    holdSeconds: null,
    missed: false,
    firstTime: r.firstTime,
    url: r.page_url,
    gclid: r.gclid ?? s.gclid,
    yclid: r.yclid ?? s.yclid,
    gaClientId: r.ua_client_id ?? s.ga,
    ymClientId: s.ym,
  };
}

/** The facts of a communication, or null when it is gone (or is not of `kind`). */
export async function conversionFacts(db: Queryable, kind: QualifiableKind, id: number): Promise<ConversionFacts | null> {
  const f = kind === 'chat' ? await chatFacts(db, id) : kind === 'offline_message' ? await requestFacts(db, id) : await callFacts(db, id);
  return f && f.kind === kind ? f : null;
}

/** Whether a communication is qualified now (the enqueue's question, in the event's transaction). */
export async function isQualified(db: Queryable, kind: QualifiableKind, id: number): Promise<boolean> {
  const row =
    kind === 'chat'
      ? await db.selectFrom('chats').select('qualified_at').where('id', '=', id).executeTakeFirst()
      : kind === 'offline_message'
        ? await db.selectFrom('offline_messages').select('qualified_at').where('id', '=', id).executeTakeFirst()
        : await db.selectFrom('calls').select('qualified_at').where('id', '=', id).executeTakeFirst();
  return row?.qualified_at != null;
}

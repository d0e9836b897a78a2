import type { ConsoleRequest } from '../../console-protocol.js';
import { unawaited } from '../store/pipelined-connection.js';
import type { Queryable } from '../store/queryable.js';
import { sql } from 'kysely';
import type { NewRow, VisitorRow } from '../store/tables.js';
import { CAMPAIGN_FIELDS, type CampaignColumns } from '../store/tables/traffic.js';

/**
 * The queries of the visitor tables: `visitors`, their properties, e-mails and phones, and their
 * offline messages. The page view creates visitors through these functions too. This folder is the
 * one owner of `visitors`: the other folders' reads of it are functions here too (persons in
 * person-queries.ts and person-communications.ts, the REST record in visitor-record.ts, the context
 * a communication copies in visit-context.ts).
 */

/** Stores a new visitor under `id` (page-view/public-ids.ts: not a sequence). */
export async function createVisitor(db: Queryable, id: number, siteId: number, token: string, createdAt: string): Promise<VisitorRow> {
  await unawaited(db, [db.insertInto('visitors').values({ id, site_id: siteId, token, created_at: createdAt, person_id: id }).execute()]);
  return { id, site_id: siteId, token, first_ac_id: -1 };
}

/** The largest visitor id stored, 0 for none: where the id sequence goes on (page-view/public-ids.ts). */
export async function maxVisitorId(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('visitors')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** A new session of the visitor: one more visit, and the first campaign if it had none. */
export async function recordVisit(db: Queryable, visitorId: number, acId: number): Promise<void> {
  const update = db
    .updateTable('visitors')
    .set((eb) => ({
      visits_count: eb('visits_count', '+', 1),
      first_ac_id: eb.case().when('first_ac_id', '=', -1).then(eb.val(acId)).else(eb.ref('first_ac_id')).end(),
    }))
    .where('id', '=', visitorId)
    .execute();
  await unawaited(db, [update]);
}

/** The visitor a client names, if the id, site and token agree. */
export async function visitorByToken(db: Queryable, siteId: number, id: number, token: string): Promise<VisitorRow | null> {
  const row = await db
    .selectFrom('visitors')
    .select(['id', 'site_id', 'token', 'first_ac_id'])
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .where('token', '=', token)
    .executeTakeFirst();
  return row ?? null;
}

/** What a page view reads of the visitor's latest session (tracking/queries.ts `LatestSession`). */
export type SessionOfVisit = {
  id: number;
  last_hit_ms: number;
  ac_id: number;
  number_reason: string | null;
  ua_client_id: string | null;
  ym_client_id: string | null;
} & CampaignColumns;

/** A returning visitor as the batch's first round trip reads it on PostgreSQL (`visitOfVisitor`). */
export interface VisitOfVisitor {
  visitor: VisitorRow;
  session: SessionOfVisit | null;
  /** Sequence numbers for the page view's new ids (page-view/public-ids.ts); a session's only when one may start. */
  sequences: { hits: number; sessions?: number };
}

const SESSION_COLUMNS = ['id', 'last_hit_ms', 'ac_id', 'number_reason', 'ua_client_id', 'ym_client_id', ...CAMPAIGN_FIELDS];
const SESSION_SELECT = sql.join(SESSION_COLUMNS.map((c) => sql.ref(`s.${c}`)));

/**
 * PostgreSQL only: the visitor a batch names (id, site and token agree, as `visitorByToken`) with its
 * latest session and the sequence numbers its page view takes, in one statement, so that a returning visitor's page
 * view reads everything it needs in the batch's first round trip. A session's number is taken only
 * when a new session may start: none yet, idle since `idleBefore`, or `mayChangeCampaign` (the
 * landing URL names a campaign). Numbers taken and not used leave gaps, as any sequence's.
 */
export async function visitOfVisitor(
  db: Queryable,
  siteId: number,
  id: number,
  token: string,
  idleBefore: number,
  mayChangeCampaign: boolean,
): Promise<VisitOfVisitor | null> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT v.id AS v_id, v.site_id AS v_site_id, v.token AS v_token, v.first_ac_id AS v_first_ac_id, ${SESSION_SELECT},
      nextval(pg_get_serial_sequence('hits', 'id')) AS hit_sequence,
      CASE WHEN s.id IS NULL OR s.last_hit_ms < ${idleBefore} OR ${mayChangeCampaign}
        THEN nextval(pg_get_serial_sequence('sessions', 'id')) END AS session_sequence
    FROM visitors v
    LEFT JOIN LATERAL (
      SELECT ${sql.join(SESSION_COLUMNS.map((c) => sql.ref(c)))}
      FROM sessions WHERE visitor_id = v.id ORDER BY id DESC LIMIT 1
    ) s ON true
    WHERE v.id = ${id} AND v.site_id = ${siteId} AND v.token = ${token}`.execute(db);
  const r = rows[0];
  if (!r) return null;
  const session = r.id == null ? null : (Object.fromEntries(SESSION_COLUMNS.map((c) => [c, r[c]])) as unknown as SessionOfVisit);
  return {
    visitor: { id: Number(r.v_id), site_id: Number(r.v_site_id), token: String(r.v_token), first_ac_id: Number(r.v_first_ac_id) },
    session,
    sequences: { hits: Number(r.hit_sequence), ...(r.session_sequence != null && { sessions: Number(r.session_sequence) }) },
  };
}

/** The visitor whose page view has this client id (a retried first visit finds its visitor). */
export async function visitorOfHit(db: Queryable, siteId: number, clientId: string): Promise<VisitorRow | null> {
  const row = await db
    .selectFrom('hits as h')
    .innerJoin('visitors as v', 'v.id', 'h.visitor_id')
    .select(['v.id', 'v.site_id', 'v.token', 'v.first_ac_id'])
    .where('h.site_id', '=', siteId)
    .where('h.client_id', '=', clientId)
    .executeTakeFirst();
  return row ?? null;
}

/** The visitor's stored name, or null (none yet, or no such visitor). */
export async function visitorName(db: Queryable, visitorId: number): Promise<string | null> {
  const row = await db.selectFrom('visitors').select('name').where('id', '=', visitorId).executeTakeFirst();
  return row?.name ?? null;
}

/** `addVisitorInfo`'s name: it overwrites the stored one. */
export async function setVisitorName(db: Queryable, visitorId: number, name: string): Promise<void> {
  await db.updateTable('visitors').set({ name }).where('id', '=', visitorId).execute();
}

/**
 * Adds an e-mail to the visitor's list unless it is there already in any case. The e-mail is
 * stored as first given (the REST API shows it so) and compared as lower(email) = lower(?), which
 * holds on both dialects: SQLite's column is also COLLATE NOCASE, PostgreSQL's is not. Both fold
 * ASCII letters alike; PostgreSQL's lower() also folds other letters, SQLite's does not.
 * onConflict covers the exact spelling should two requests add it at once.
 */
export async function addVisitorEmail(db: Queryable, visitorId: number, email: string, createdAt: string): Promise<void> {
  const known = await db
    .selectFrom('visitor_emails')
    .select('email')
    .where('visitor_id', '=', visitorId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
    .executeTakeFirst();
  if (known) return;
  await db
    .insertInto('visitor_emails')
    .values({ visitor_id: visitorId, email, created_at: createdAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Adds a phone to the visitor's list unless a number with the same digits is there. */
export async function addVisitorPhone(db: Queryable, visitorId: number, digits: string, phone: string, createdAt: string): Promise<void> {
  await db
    .insertInto('visitor_phones')
    .values({ visitor_id: visitorId, digits, phone, created_at: createdAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** `setProperty`: sets or overwrites one property of the visitor. */
export async function setProperty(db: Queryable, visitorId: number, name: string, value: string | null, updatedAt: string): Promise<void> {
  await db
    .insertInto('visitor_properties')
    .values({ visitor_id: visitorId, name, value, updated_at: updatedAt })
    .onConflict((oc) =>
      oc
        .columns(['visitor_id', 'name'])
        .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}

export async function deleteProperty(db: Queryable, visitorId: number, name: string): Promise<void> {
  await db.deleteFrom('visitor_properties').where('visitor_id', '=', visitorId).where('name', '=', name).execute();
}

/** How many properties the visitor has and their size in characters (names and values). */
export async function propertyUsage(db: Queryable, visitorId: number): Promise<{ count: number; chars: number }> {
  const row = await db
    .selectFrom('visitor_properties')
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.sum(eb(eb.fn('length', ['name']), '+', eb.fn.coalesce(eb.fn('length', ['value']), eb.lit(0)))).as('chars'),
    ])
    .where('visitor_id', '=', visitorId)
    .executeTakeFirstOrThrow();
  // count and sum are bigints in PostgreSQL, which its driver returns as text.
  return { count: Number(row.n), chars: Number(row.chars ?? 0) };
}

/** The property's row, if set: `{ value }` (a value may be null), else null. */
export async function propertyOf(db: Queryable, visitorId: number, name: string): Promise<{ value: string | null } | null> {
  const row = await db
    .selectFrom('visitor_properties')
    .select('value')
    .where('visitor_id', '=', visitorId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row ?? null;
}

/** Stores an offline request as given (its visitor context already copied in); returns its id. */
export async function insertOfflineMessage(db: Queryable, row: NewRow<'offline_messages'>): Promise<number> {
  const { id } = await db.insertInto('offline_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

// ---- offline requests, as the operator console lists them

/** An offline request in the console's request list (src/console-protocol.ts `ConsoleRequest`). */
export type OfflineRequestRow = Omit<ConsoleRequest, 'kind'> & { kind: 'offline' };

function offlineRequests(db: Queryable, siteIds: readonly number[]) {
  return db
    .selectFrom('offline_messages')
    .select(['id', 'site_id', 'date_time', 'name', 'phone', 'email', 'message', 'page_url'])
    .where('site_id', 'in', siteIds);
}

/** The sites' offline requests with an id above `afterId`, oldest first, at most `limit`. */
export async function offlineRequestsAfter(
  db: Queryable,
  siteIds: readonly number[],
  afterId: number,
  limit: number,
): Promise<OfflineRequestRow[]> {
  // `IN ()` is an error in PostgreSQL: no sites, no requests.
  if (!siteIds.length) return [];
  const rows = await offlineRequests(db, siteIds).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ kind: 'offline', ...r }));
}

/** The sites' newest offline requests since `sinceTime` with an id up to `upToId`, oldest first, at most `limit`. */
export async function recentOfflineRequests(
  db: Queryable,
  siteIds: readonly number[],
  sinceTime: string,
  upToId: number,
  limit: number,
): Promise<OfflineRequestRow[]> {
  if (!siteIds.length) return [];
  const rows = await offlineRequests(db, siteIds)
    .where('date_time', '>=', sinceTime)
    .where('id', '<=', upToId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({ kind: 'offline', ...r }));
}

/** The largest offline request id of any site (0 when none): where a live list starts. */
export async function lastOfflineMessageId(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('offline_messages')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

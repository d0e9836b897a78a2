import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * The `visitor` and `session_info` records: a visitor's sessions, a session's page views and
 * communications (the visitor and its contacts: visitors/visitor-record.ts).
 */

/** The visitor's sessions, oldest first, with the campaign each came through. */
export async function sessionsOfVisitor(db: Queryable, visitorId: number) {
  return db
    .selectFrom('sessions as s')
    .leftJoin('ad_campaigns as a', 'a.id', 's.ac_id')
    .select(['s.id', 's.ac_id', 'a.name', 'a.removed_at'])
    .where('s.visitor_id', '=', visitorId)
    .orderBy('s.id')
    .execute();
}

/** A session of the customer's sites, or null. */
export async function sessionOfCustomer(db: Queryable, sessionId: number, customerId: number): Promise<Row<'sessions'> | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('sites as st', 'st.id', 's.site_id')
    .selectAll('s')
    .where('s.id', '=', sessionId)
    .where('st.customer_id', '=', customerId)
    .executeTakeFirst();
  return row ?? null;
}

/** The session's page views in order. */
export async function hitsOfSession(db: Queryable, sessionId: number) {
  return db.selectFrom('hits').select(['id', 'hit_time', 'url']).where('session_id', '=', sessionId).orderBy('id').execute();
}

/**
 * The session's communications of every kind, as `session_info` lists them. Found through the
 * session's visitor, which every communication table indexes (none indexes the session).
 */
export async function communicationsOfSession(db: Queryable, session: { id: number; visitor_id: number }) {
  const goals = db
    .selectFrom('goals')
    .select([sql<string>`'goals'`.as('communication_type'), 'id', 'start_time'])
    .where('visitor_id', '=', session.visitor_id)
    .where('session_id', '=', session.id);
  const chats = db
    .selectFrom('chats')
    .select([sql<string>`'chats'`.as('communication_type'), 'id', 'start_time'])
    .where('visitor_id', '=', session.visitor_id)
    .where('session_id', '=', session.id);
  const offline = db
    .selectFrom('offline_messages')
    .select([sql<string>`'offline_massages'`.as('communication_type'), 'id', 'date_time as start_time'])
    .where('visitor_id', '=', session.visitor_id)
    .where('session_id', '=', session.id);
  const calls = db
    .selectFrom('calls')
    .select([sql<string>`'calls'`.as('communication_type'), 'id', 'call_date as start_time'])
    .where('visitor_id', '=', session.visitor_id)
    .where('session_id', '=', session.id);
  const rows = await db
    .selectFrom(goals.unionAll(chats).unionAll(offline).unionAll(calls).as('u'))
    .selectAll()
    .orderBy('start_time')
    .orderBy('communication_type')
    .orderBy('id')
    .execute();
  return rows;
}

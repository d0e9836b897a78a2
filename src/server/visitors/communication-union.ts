import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { callType } from '../store/call-object-type.js';
import type { Queryable } from '../store/queryable.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';

/**
 * The communications of every kind (goals, chats, requests, call-backs and calls) as one union of
 * their four tables, for whoever narrows it: the reports by their filter, a person's history by its
 * visitors. It lives with the visitors because the persons' narrowing joins their table.
 */

/** The columns of one communication table a narrowing reads, as SQL over the table's alias. */
export interface CommunicationColumns {
  site: string;
  at: string;
  /** A column, or an expression where the campaign is another table's (a goal's session). */
  ac: string | RawBuilder<number>;
  visitor: string;
  id: string;
  /** The row's object type: a literal, or the call's kind. */
  type: RawBuilder<unknown>;
}

/**
 * A goal's campaign is its session's, read per goal by the session's key, and only where a
 * statement asks for it (a count of the range does not). A sub-select, not a join: joined,
 * PostgreSQL read every session stored to hash-join a year's goals with them, most of the time of
 * a year's `advertising_sales`, journal and one campaign's `stat` at 1M page views.
 */
export const goalCampaign = sql<number>`(SELECT s.ac_id FROM sessions s WHERE s.id = g.session_id)`;

/** Each table's columns, under the alias its part of the union gives it. */
export const COMMUNICATION_COLUMNS = {
  calls: { site: 'c.site_id', at: 'c.call_date', ac: 'c.ac_id', visitor: 'c.visitor_id', id: 'c.id', type: callType },
  goals: { site: 'g.site_id', at: 'g.start_time', ac: goalCampaign, visitor: 'g.visitor_id', id: 'g.id', type: sql`'goal'` },
  chats: { site: 'ch.site_id', at: 'ch.start_time', ac: 'ch.ac_id', visitor: 'ch.visitor_id', id: 'ch.id', type: sql`'chat'` },
  offline_messages: {
    site: 'o.site_id',
    at: 'o.date_time',
    ac: 'o.ac_id',
    visitor: 'o.visitor_id',
    id: 'o.id',
    type: sql`'offline_message'`,
  },
} as const satisfies Record<string, CommunicationColumns>;

/** A condition on one table's part of the union, written over its columns. */
export type Narrowing = (c: CommunicationColumns) => RawBuilder<SqlBool>;

/**
 * Every kind's rows that `narrow` keeps, as one union (its order is the caller's): object type,
 * id, site, visitor, session, time (`at`, UTC) and campaign. `person`: each row's visitor is
 * joined (as `v`, which `narrow` may read) and its person added as `person_id`.
 */
export function communicationUnion(db: Queryable, narrow: Narrowing, person = false) {
  const k = COMMUNICATION_COLUMNS;
  const calls = db
    .selectFrom('calls as c')
    .select([k.calls.type.as('object_type'), 'c.id', 'c.site_id', 'c.visitor_id', 'c.session_id', 'c.call_date as at', 'c.ac_id'])
    .where(narrow(k.calls))
    .$if(person, (q) => q.innerJoin('visitors as v', 'v.id', 'c.visitor_id').select('v.person_id'));
  const goals = db
    .selectFrom('goals as g')
    .select([
      sql<CommunicationObjectType>`'goal'`.as('object_type'),
      'g.id',
      'g.site_id',
      'g.visitor_id',
      'g.session_id',
      'g.start_time as at',
      goalCampaign.as('ac_id'),
    ])
    .where(narrow(k.goals))
    .$if(person, (q) => q.innerJoin('visitors as v', 'v.id', 'g.visitor_id').select('v.person_id'));
  const chats = db
    .selectFrom('chats as ch')
    .select([
      sql<CommunicationObjectType>`'chat'`.as('object_type'),
      'ch.id',
      'ch.site_id',
      'ch.visitor_id',
      'ch.session_id',
      'ch.start_time as at',
      'ch.ac_id',
    ])
    .where(narrow(k.chats))
    .$if(person, (q) => q.innerJoin('visitors as v', 'v.id', 'ch.visitor_id').select('v.person_id'));
  const offline = db
    .selectFrom('offline_messages as o')
    .select([
      sql<CommunicationObjectType>`'offline_message'`.as('object_type'),
      'o.id',
      'o.site_id',
      'o.visitor_id',
      'o.session_id',
      'o.date_time as at',
      'o.ac_id',
    ])
    .where(narrow(k.offline_messages))
    .$if(person, (q) => q.innerJoin('visitors as v', 'v.id', 'o.visitor_id').select('v.person_id'));
  // Calls first: their visitor and session may be NULL, and a union takes the first part's types.
  return calls.unionAll(goals).unionAll(chats).unionAll(offline);
}

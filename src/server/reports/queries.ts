import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '../store/page.js';
import { onPostgres, type Queryable } from '../store/queryable.js';
import type { CommunicationObjectType, Row } from '../store/tables.js';

/**
 * The reports' reads (rest-api.md, "Reports"): communications of every kind (goals, chats, offline
 * requests, call records) with the visitor context of their sessions, their tags and sales, and
 * the sessions and page views behind them. The tables are written by their owners (tracking/,
 * consultant/chat/, visitors/, callback/); this file only reads them, so that one report's
 * statements sit together. Tags set on communications and sales (`tag_links`, `sales`) are this
 * feature's own tables and are written here too.
 *
 * Date-times compared here are stored UTC text (store/time.ts); the caller turns the customer's
 * range into UTC first. Ranges are half-open: `from <= t < till`.
 */

/** What every report list is narrowed by. `siteId` absent: all the customer's sites. */
export interface ReportFilter {
  customerId: number;
  siteId?: number | undefined;
  /** UTC, inclusive. */
  from?: string | undefined;
  /** UTC, exclusive. */
  till: string;
  /** The session's campaign; -1: without one. */
  acId?: number | undefined;
  tagId?: number | undefined;
  visitorId?: number | undefined;
  /** Communications carrying any of these tags are left out (communication's show_not_goal=false). */
  withoutTagIds?: readonly number[] | undefined;
}

/** The columns a filter reads on one communication table, and the table's object type (SQL). */
interface Columns {
  site: string;
  at: string;
  ac: string;
  visitor: string;
  id: string;
  type: RawBuilder<unknown>;
}

/**
 * The conditions of a filter on one communication table, as one expression. Written with the `sql`
 * tag (every value bound) because one condition serves tables of different shapes, which the
 * builder's types cannot share; it is plain SQL both dialects read alike.
 */
function filtered(f: ReportFilter, c: Columns): RawBuilder<SqlBool> {
  const parts: Array<RawBuilder<unknown>> = [
    f.siteId !== undefined
      ? sql`${sql.ref(c.site)} = ${f.siteId}`
      : // Every site of the customer: a sub-select, not an IN-list of varying length.
        sql`${sql.ref(c.site)} IN (SELECT st.id FROM sites st WHERE st.customer_id = ${f.customerId})`,
    sql`${sql.ref(c.at)} < ${f.till}`,
  ];
  if (f.from !== undefined) parts.push(sql`${sql.ref(c.at)} >= ${f.from}`);
  if (f.acId !== undefined) parts.push(sql`${sql.ref(c.ac)} = ${f.acId}`);
  if (f.visitorId !== undefined) parts.push(sql`${sql.ref(c.visitor)} = ${f.visitorId}`);
  const tagged = (ids: readonly number[]) =>
    sql`EXISTS (SELECT 1 FROM tag_links tl WHERE tl.object_type = ${c.type} AND tl.object_id = ${sql.ref(c.id)} AND tl.tag_id IN (${sql.join(ids)}))`;
  if (f.tagId !== undefined) parts.push(tagged([f.tagId]));
  if (f.withoutTagIds?.length) parts.push(sql`NOT ${tagged(f.withoutTagIds)}`);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** The object type of a call record: a call-back request is `sitephone`, any other call `cdr_in`. */
const callType = sql<CommunicationObjectType>`CASE WHEN c.communication_type = 'sitephone' THEN 'sitephone' ELSE 'cdr_in' END`;

// ---- communications of every kind, as one list

/** A communication, whatever its kind. */
export interface CommunicationRow {
  object_type: CommunicationObjectType;
  id: number;
  site_id: number;
  visitor_id: number | null;
  session_id: number | null;
  /** UTC. */
  at: string;
  ac_id: number;
}

/** Every kind's rows in the filter, as one union (its order is the caller's). */
function communicationUnion(db: Queryable, f: ReportFilter) {
  const goals = db
    .selectFrom('goals as g')
    .innerJoin('sessions as s', 's.id', 'g.session_id')
    .select([
      sql<CommunicationObjectType>`'goal'`.as('object_type'),
      'g.id',
      'g.site_id',
      'g.visitor_id',
      'g.session_id',
      'g.start_time as at',
      's.ac_id',
    ])
    .where(filtered(f, { site: 'g.site_id', at: 'g.start_time', ac: 's.ac_id', visitor: 'g.visitor_id', id: 'g.id', type: sql`'goal'` }));
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
    .where(
      filtered(f, { site: 'ch.site_id', at: 'ch.start_time', ac: 'ch.ac_id', visitor: 'ch.visitor_id', id: 'ch.id', type: sql`'chat'` }),
    );
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
    .where(
      filtered(f, {
        site: 'o.site_id',
        at: 'o.date_time',
        ac: 'o.ac_id',
        visitor: 'o.visitor_id',
        id: 'o.id',
        type: sql`'offline_message'`,
      }),
    );
  const calls = db
    .selectFrom('calls as c')
    .select([callType.as('object_type'), 'c.id', 'c.site_id', 'c.visitor_id', 'c.session_id', 'c.call_date as at', 'c.ac_id'])
    .where(filtered(f, { site: 'c.site_id', at: 'c.call_date', ac: 'c.ac_id', visitor: 'c.visitor_id', id: 'c.id', type: callType }));
  // Calls first: their visitor and session may be NULL, and a union takes the first part's types.
  return calls.unionAll(goals).unionAll(chats).unionAll(offline);
}

/**
 * One communication table as the person test reads it: its rows of one visitor, their time and
 * kind (the kind's SQL over the table's alias `x`).
 */
const PERSON_PARTS = [
  { table: 'goals', at: 'start_time', type: sql`'goal'` },
  { table: 'chats', at: 'start_time', type: sql`'chat'` },
  { table: 'offline_messages', at: 'date_time', type: sql`'offline_message'` },
  { table: 'calls', at: 'call_date', type: sql`CASE WHEN x.communication_type = 'sitephone' THEN 'sitephone' ELSE 'cdr_in' END` },
] as const;

/**
 * The row `u` of the communication union is its person's first communication of every kind and
 * date (by time, then kind, then id, as person-facts.ts numbers them): no communication of any
 * visitor of the same person comes before it. The test reads the visitor's person by key, the
 * person's visitors by `visitors_person` and their communications by each table's visitor index,
 * so a row costs a few index lookups whatever the tables hold. A visitor without a person (or a
 * communication without a visitor) is its own first, as in person-facts.ts.
 */
function firstOfPerson(db: Queryable): RawBuilder<SqlBool> {
  // See below: PostgreSQL only (on SQLite the inner fences made the year at 1M 60% slower).
  const fence = onPostgres(db) ? sql` LIMIT 1 OFFSET 0` : sql``;
  const earlier = PERSON_PARTS.map(
    (p) =>
      sql`EXISTS (SELECT 1 FROM ${sql.table(p.table)} x WHERE x.visitor_id = pv.id AND (${sql.ref(`x.${p.at}`)} < u.at OR (${sql.ref(`x.${p.at}`)} = u.at AND (${p.type} < u.object_type OR (${p.type} = u.object_type AND x.id < u.id))))${fence})`,
  );
  // The visitor's person and its visitors are read once per row, then each table by visitor.
  // `LIMIT 1 OFFSET 0` keeps each test per row, by index, on PostgreSQL: an OFFSET stops the
  // planner's rewrites of EXISTS. Without it the outer test became an anti-join reading every
  // visitor and communication (report-plans.test.ts saw the full index scans), and an inner one a
  // "hashed SubPlan" that read all of a small table again for every row (the bench's PostgreSQL
  // row saw it: the year at 100k took 1 s). SQLite runs them per row either way, faster unfenced.
  return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM visitors me INNER JOIN visitors pv ON pv.person_id = me.person_id WHERE me.id = u.visitor_id AND (${sql.join(earlier, sql` OR `)})${fence})`;
}

/** The communications of the filter, as one table `u`; `onlyFirst`: each person's first only. */
function communicationList(db: Queryable, f: ReportFilter, onlyFirst: boolean) {
  const q = db.selectFrom(communicationUnion(db, f).as('u'));
  return onlyFirst ? q.where(firstOfPerson(db)) : q;
}

/** One page of the communications in the filter, oldest first (the order of `communications`). */
export async function communicationPage(db: Queryable, f: ReportFilter, onlyFirst: boolean, page: Page): Promise<CommunicationRow[]> {
  const rows = await communicationList(db, f, onlyFirst)
    .selectAll()
    .orderBy('at')
    .orderBy('object_type')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows as CommunicationRow[];
}

export async function communicationCount(db: Queryable, f: ReportFilter, onlyFirst: boolean): Promise<number> {
  const r = await communicationList(db, f, onlyFirst)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** How many communications of the filter came through each campaign (`advertising_sales`). */
export async function communicationsPerCampaign(db: Queryable, f: ReportFilter, onlyFirst: boolean): Promise<Map<number, number>> {
  const rows = await communicationList(db, f, onlyFirst)
    .select(['u.ac_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('u.ac_id')
    .execute();
  return new Map(rows.map((r) => [r.ac_id, Number(r.n)]));
}

/** The communications of the filter that have a sale, with it (few: a sale is set by hand or by a request's page). */
export async function soldCommunications(
  db: Queryable,
  f: ReportFilter,
  onlyFirst: boolean,
): Promise<Array<CommunicationRow & { sale_date: string; cost_kopecks: number }>> {
  const rows = await communicationList(db, f, onlyFirst)
    .innerJoin('sales as sa', (j) => j.onRef('sa.object_type', '=', 'u.object_type').onRef('sa.object_id', '=', 'u.id'))
    .selectAll('u')
    .select(['sa.sale_date', 'sa.cost_kopecks'])
    .execute();
  // A request the page marked as a sale (addOfflineRequest's is_sale) is one until a sale is tagged
  // on it, as its offline_message record says.
  const ownSales = await communicationList(db, f, onlyFirst)
    .innerJoin('offline_messages as om', (j) => j.on('u.object_type', '=', 'offline_message').onRef('om.id', '=', 'u.id'))
    .where('om.is_sale', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sales as sa')
            .select('sa.object_id')
            .where('sa.object_type', '=', 'offline_message')
            .whereRef('sa.object_id', '=', 'om.id'),
        ),
      ),
    )
    .selectAll('u')
    .select(['om.sale_date', 'om.date_time', 'om.sale_cost'])
    .execute();
  return [
    ...rows.map((r) => ({ ...(r as CommunicationRow), sale_date: r.sale_date, cost_kopecks: Number(r.cost_kopecks) })),
    ...ownSales.map((r) => {
      const { sale_date, date_time, sale_cost, ...c } = r;
      return { ...(c as CommunicationRow), sale_date: sale_date ?? date_time, cost_kopecks: Math.round(Number(sale_cost ?? 0) * 100) };
    }),
  ];
}

// ---- persons: what communication_number, first communications and the visitor context need

/** The person of each visitor. */
export async function personsOfVisitors(db: Queryable, visitorIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const chunk of chunks(visitorIds)) {
    const rows = await db.selectFrom('visitors').select(['id', 'person_id']).where('id', 'in', chunk).execute();
    for (const r of rows) out.set(r.id, r.person_id ?? r.id);
  }
  return out;
}

/** A communication of a person (any site of the person's: a person is of one site). */
export interface PersonCommunication extends CommunicationRow {
  person_id: number;
}

/** Every communication of the persons, whatever its date. */
export async function communicationsOfPersons(db: Queryable, personIds: readonly number[]): Promise<PersonCommunication[]> {
  const out: PersonCommunication[] = [];
  for (const chunk of chunks(personIds)) {
    const goals = db
      .selectFrom('goals as g')
      .innerJoin('sessions as s', 's.id', 'g.session_id')
      .innerJoin('visitors as v', 'v.id', 'g.visitor_id')
      .select([
        sql<CommunicationObjectType>`'goal'`.as('object_type'),
        'g.id',
        'g.site_id',
        'g.visitor_id',
        'g.session_id',
        'g.start_time as at',
        's.ac_id',
        'v.person_id',
      ])
      .where('v.person_id', 'in', chunk);
    const chats = db
      .selectFrom('chats as ch')
      .innerJoin('visitors as v', 'v.id', 'ch.visitor_id')
      .select([
        sql<CommunicationObjectType>`'chat'`.as('object_type'),
        'ch.id',
        'ch.site_id',
        'ch.visitor_id',
        'ch.session_id',
        'ch.start_time as at',
        'ch.ac_id',
        'v.person_id',
      ])
      .where('v.person_id', 'in', chunk);
    const offline = db
      .selectFrom('offline_messages as o')
      .innerJoin('visitors as v', 'v.id', 'o.visitor_id')
      .select([
        sql<CommunicationObjectType>`'offline_message'`.as('object_type'),
        'o.id',
        'o.site_id',
        'o.visitor_id',
        'o.session_id',
        'o.date_time as at',
        'o.ac_id',
        'v.person_id',
      ])
      .where('v.person_id', 'in', chunk);
    const calls = db
      .selectFrom('calls as c')
      .innerJoin('visitors as v', 'v.id', 'c.visitor_id')
      .select([
        callType.as('object_type'),
        'c.id',
        'c.site_id',
        'c.visitor_id',
        'c.session_id',
        'c.call_date as at',
        'c.ac_id',
        'v.person_id',
      ])
      .where('v.person_id', 'in', chunk);
    const rows = await calls.unionAll(goals).unionAll(chats).unionAll(offline).execute();
    for (const r of rows) out.push({ ...(r as CommunicationRow), person_id: r.person_id ?? (r.visitor_id as number) });
  }
  return out;
}

/** A session as the visitor context of a record needs it. */
export interface PersonSession {
  id: number;
  visitor_id: number;
  person_id: number;
  ac_id: number;
  start_time: string;
  search_query: string | null;
}

/** Every session of the persons' visitors. */
export async function sessionsOfPersons(db: Queryable, personIds: readonly number[]): Promise<PersonSession[]> {
  const out: PersonSession[] = [];
  for (const chunk of chunks(personIds)) {
    const rows = await db
      .selectFrom('visitors as v')
      .innerJoin('sessions as s', 's.visitor_id', 'v.id')
      .select(['s.id', 's.visitor_id', 'v.person_id', 's.ac_id', 's.start_time', 's.search_query'])
      .where('v.person_id', 'in', chunk)
      .execute();
    for (const r of rows) out.push({ ...r, person_id: r.person_id ?? r.visitor_id });
  }
  return out;
}

// ---- the records of each kind

/** The session columns a record of a goal or chat shows (offline requests and calls copy them). */
const CONTEXT = [
  's.country',
  's.region',
  's.city',
  's.search_engine',
  's.search_query',
  's.referrer_domain',
  's.referrer',
  's.ua_client_id',
  's.utm_campaign',
  's.utm_content',
  's.utm_medium',
  's.utm_source',
  's.utm_term',
  's.os_ad_id',
  's.os_campaign_id',
  's.os_service_name',
  's.os_source_id',
  's.gclid',
  's.yclid',
  's.ef_id',
] as const;

export type ContextRow = Pick<
  Row<'sessions'>,
  | 'country'
  | 'region'
  | 'city'
  | 'search_engine'
  | 'search_query'
  | 'referrer_domain'
  | 'referrer'
  | 'ua_client_id'
  | 'utm_campaign'
  | 'utm_content'
  | 'utm_medium'
  | 'utm_source'
  | 'utm_term'
  | 'os_ad_id'
  | 'os_campaign_id'
  | 'os_service_name'
  | 'os_source_id'
  | 'gclid'
  | 'yclid'
  | 'ef_id'
>;

/**
 * The goals of the filter. Their campaign is their session's, so the session is joined only when
 * the filter names a campaign (a count of the year need not read a session per goal).
 */
function goalQuery(db: Queryable, f: ReportFilter, goalId: number | undefined) {
  const g = db.selectFrom('goals as g');
  const q = (f.acId === undefined ? g : g.innerJoin('sessions as s', 's.id', 'g.session_id')).where(
    filtered(f, { site: 'g.site_id', at: 'g.start_time', ac: 's.ac_id', visitor: 'g.visitor_id', id: 'g.id', type: sql`'goal'` }),
  );
  return goalId === undefined ? q : q.where('g.id', '=', goalId);
}

/**
 * Goals (custom events) in the filter, by id, one page. The page's ids are found first, from the
 * index alone, and only its rows are read and joined with their sessions: ordering a year's rows
 * by id with their context attached read every one of them.
 */
export async function goalRows(db: Queryable, f: ReportFilter, goalId: number | undefined, page: Page) {
  const ids = goalQuery(db, f, goalId).select('g.id').orderBy('g.id').limit(page.limit).offset(page.offset);
  return db
    .selectFrom('goals as g')
    .innerJoin('sessions as s', 's.id', 'g.session_id')
    .select(['g.id', 'g.name', 'g.start_time', 'g.site_id', 'g.visitor_id', 'g.session_id', 's.ac_id', 's.entrance_page', ...CONTEXT])
    .where('g.id', 'in', ids)
    .orderBy('g.id')
    .execute();
}

export async function goalCount(db: Queryable, f: ReportFilter, goalId: number | undefined): Promise<number> {
  const r = await goalQuery(db, f, goalId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The chats of the filter (a chat carries its campaign: no session needed). */
function chatQuery(db: Queryable, f: ReportFilter, userId: number | undefined) {
  const q = db
    .selectFrom('chats as ch')
    .where(
      filtered(f, { site: 'ch.site_id', at: 'ch.start_time', ac: 'ch.ac_id', visitor: 'ch.visitor_id', id: 'ch.id', type: sql`'chat'` }),
    );
  return userId === undefined ? q : q.where('ch.employee_id', '=', userId);
}

/** Chats in the filter, by id, one page (its ids first, as goalRows). */
export async function chatRows(db: Queryable, f: ReportFilter, userId: number | undefined, page: Page) {
  const ids = chatQuery(db, f, userId).select('ch.id').orderBy('ch.id').limit(page.limit).offset(page.offset);
  return db
    .selectFrom('chats as ch')
    .innerJoin('sessions as s', 's.id', 'ch.session_id')
    .select([
      'ch.id',
      'ch.status',
      'ch.initiator',
      'ch.start_time',
      'ch.start_ms',
      'ch.answer_ms',
      'ch.end_ms',
      'ch.employee_id',
      'ch.operator_name',
      'ch.messages_count',
      'ch.operator_message_count',
      'ch.visitor_message_count',
      'ch.page_url',
      'ch.site_id',
      'ch.visitor_id',
      'ch.session_id',
      'ch.ac_id',
      'ch.visitor_type',
      ...CONTEXT,
    ])
    .where('ch.id', 'in', ids)
    .orderBy('ch.id')
    .execute();
}

export async function chatCount(db: Queryable, f: ReportFilter, userId: number | undefined): Promise<number> {
  const r = await chatQuery(db, f, userId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A chat of the customer's sites, or null. */
export async function chatOfCustomer(db: Queryable, chatId: number, customerId: number): Promise<{ id: number } | null> {
  const row = await db
    .selectFrom('chats as ch')
    .innerJoin('sites as st', 'st.id', 'ch.site_id')
    .select('ch.id')
    .where('ch.id', '=', chatId)
    .where('st.customer_id', '=', customerId)
    .executeTakeFirst();
  return row ?? null;
}

/** A chat's messages in the order they were written, one page. */
export async function chatMessageRows(db: Queryable, chatId: number, page: Page) {
  return db
    .selectFrom('chat_messages')
    .select(['id', 'sourse', 'user_id', 'message', 'date_time'])
    .where('chat_id', '=', chatId)
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function chatMessageCount(db: Queryable, chatId: number): Promise<number> {
  const r = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('chat_id', '=', chatId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function offlineQuery(db: Queryable, f: ReportFilter) {
  return db.selectFrom('offline_messages as o').where(
    filtered(f, {
      site: 'o.site_id',
      at: 'o.date_time',
      ac: 'o.ac_id',
      visitor: 'o.visitor_id',
      id: 'o.id',
      type: sql`'offline_message'`,
    }),
  );
}

/**
 * Offline requests in the filter, by id, one page (their visitor context was copied when stored);
 * its ids first, as goalRows.
 */
export async function offlineRows(db: Queryable, f: ReportFilter, page: Page): Promise<Array<Row<'offline_messages'>>> {
  const ids = offlineQuery(db, f).select('o.id').orderBy('o.id').limit(page.limit).offset(page.offset);
  return db.selectFrom('offline_messages as o').selectAll('o').where('o.id', 'in', ids).orderBy('o.id').execute();
}

export async function offlineCount(db: Queryable, f: ReportFilter): Promise<number> {
  const r = await offlineQuery(db, f)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The call report's own filters. */
export interface CallFilter {
  direction?: 'in' | 'out' | undefined;
  id?: number | undefined;
  numa?: string | undefined;
  numb?: string | undefined;
}

function callQuery(db: Queryable, f: ReportFilter, cf: CallFilter) {
  let q = db.selectFrom('calls as c').where(
    filtered(f, {
      site: 'c.site_id',
      at: 'c.call_date',
      ac: 'c.ac_id',
      visitor: 'c.visitor_id',
      id: 'c.id',
      type: callType,
    }),
  );
  if (cf.direction !== undefined) q = q.where('c.direction', '=', cf.direction);
  if (cf.id !== undefined) q = q.where('c.id', '=', cf.id);
  if (cf.numa !== undefined) q = q.where('c.numa', '=', cf.numa);
  if (cf.numb !== undefined) q = q.where('c.numb', '=', cf.numb);
  return q;
}

/** Call records in the filter, by id, one page; its ids first, as goalRows. */
export async function callRows(db: Queryable, f: ReportFilter, cf: CallFilter, page: Page): Promise<Array<Row<'calls'>>> {
  const ids = callQuery(db, f, cf).select('c.id').orderBy('c.id').limit(page.limit).offset(page.offset);
  return db.selectFrom('calls as c').selectAll('c').where('c.id', 'in', ids).orderBy('c.id').execute();
}

export async function callCount(db: Queryable, f: ReportFilter, cf: CallFilter): Promise<number> {
  const r = await callQuery(db, f, cf)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---- tags and sales of communications

/** The tags on each of the communications (`object_type` and ids), with their names. */
export async function tagsOfCommunications(
  db: Queryable,
  type: CommunicationObjectType,
  ids: readonly number[],
): Promise<Map<number, Array<{ id: number; tag: string }>>> {
  const out = new Map<number, Array<{ id: number; tag: string }>>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .selectFrom('tag_links as tl')
      .innerJoin('tags as t', 't.id', 'tl.tag_id')
      .select(['tl.object_id', 't.id', 't.name'])
      .where('tl.object_type', '=', type)
      .where('tl.object_id', 'in', chunk)
      .orderBy('t.id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.object_id) ?? [];
      list.push({ id: r.id, tag: r.name });
      out.set(r.object_id, list);
    }
  }
  return out;
}

/** The sale of each of the communications that has one: UTC date and sum in kopecks. */
export async function salesOfCommunications(
  db: Queryable,
  type: CommunicationObjectType,
  ids: readonly number[],
): Promise<Map<number, { sale_date: string; cost_kopecks: number }>> {
  const out = new Map<number, { sale_date: string; cost_kopecks: number }>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .selectFrom('sales')
      .select(['object_id', 'sale_date', 'cost_kopecks'])
      .where('object_type', '=', type)
      .where('object_id', 'in', chunk)
      .execute();
    for (const r of rows) out.set(r.object_id, { sale_date: r.sale_date, cost_kopecks: Number(r.cost_kopecks) });
  }
  return out;
}

/** The site of a communication, for its owner's check; null when there is no such communication. */
export async function siteOfCommunication(db: Queryable, type: CommunicationObjectType, id: number): Promise<number | null> {
  const q =
    type === 'goal'
      ? db.selectFrom('goals').select('site_id').where('id', '=', id)
      : type === 'chat'
        ? db.selectFrom('chats').select('site_id').where('id', '=', id)
        : type === 'offline_message'
          ? db.selectFrom('offline_messages').select('site_id').where('id', '=', id)
          : db
              .selectFrom('calls')
              .select('site_id')
              .where('id', '=', id)
              .where('communication_type', '=', type === 'sitephone' ? 'sitephone' : 'call');
  return (await q.executeTakeFirst())?.site_id ?? null;
}

export async function addTagLink(
  db: Queryable,
  link: { object_type: CommunicationObjectType; object_id: number; tag_id: number; site_id: number; created_at: string },
): Promise<void> {
  await db
    .insertInto('tag_links')
    .values(link)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Removes a tag from a communication; false when it did not carry it. */
export async function removeTagLink(db: Queryable, type: CommunicationObjectType, objectId: number, tagId: number): Promise<boolean> {
  const r = await db
    .deleteFrom('tag_links')
    .where('object_type', '=', type)
    .where('object_id', '=', objectId)
    .where('tag_id', '=', tagId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Sets (or replaces) the deal of a communication. */
export async function setSale(db: Queryable, sale: Row<'sales'>): Promise<void> {
  await db
    .insertInto('sales')
    .values(sale)
    .onConflict((oc) =>
      oc
        .columns(['object_type', 'object_id'])
        .doUpdateSet({ sale_date: sale.sale_date, cost_kopecks: sale.cost_kopecks, created_at: sale.created_at }),
    )
    .execute();
}

export async function removeSale(db: Queryable, type: CommunicationObjectType, objectId: number): Promise<void> {
  await db.deleteFrom('sales').where('object_type', '=', type).where('object_id', '=', objectId).execute();
}

/** The customer's tags of these names (the sale and not-target tags are found by name). */
export async function tagsNamed(db: Queryable, customerId: number, names: readonly string[]): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('name', 'in', names as string[])
    .orderBy('id')
    .execute();
}

/** The customer's tag, or null. */
export async function tagOfCustomer(db: Queryable, customerId: number, tagId: number): Promise<{ id: number; name: string } | null> {
  return (
    (await db.selectFrom('tags').select(['id', 'name']).where('id', '=', tagId).where('customer_id', '=', customerId).executeTakeFirst()) ??
    null
  );
}

/** Adds a tag to the customer's; its id. An existing name answers that tag's id. */
export async function ensureTag(db: Queryable, customerId: number, name: string): Promise<number> {
  await db
    .insertInto('tags')
    .values({ customer_id: customerId, name })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom('tags')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---- site statistics

/** How many of each kind the filter holds (`stat`); visits are the sessions started in the range. */
export async function statCounts(db: Queryable, f: ReportFilter) {
  const n = (r: { n: number | string | bigint }) => Number(r.n);
  const visits = await db
    .selectFrom('sessions as s')
    .where(
      filtered(
        { ...f, tagId: undefined, withoutTagIds: undefined },
        {
          site: 's.site_id',
          at: 's.start_time',
          ac: 's.ac_id',
          visitor: 's.visitor_id',
          id: 's.id',
          type: sql`'session'`,
        },
      ),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const calls = await callQuery(db, f, {})
    .select((eb) => [
      eb.fn.count(eb.case().when('c.communication_type', '=', 'call').then(1).end()).as('calls'),
      eb.fn.count(eb.case().when('c.communication_type', '=', 'sitephone').then(1).end()).as('sitephone'),
    ])
    .executeTakeFirstOrThrow();
  const chats = await chatQuery(db, f, undefined)
    .where('ch.status', '=', 'succeed')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return {
    visits_count: n(visits),
    calls_count: Number(calls.calls),
    sitephone_calls_count: Number(calls.sitephone),
    good_chats_count: n(chats),
    offline_messages_count: await offlineCount(db, f),
    goals_count: await goalCount(db, f, undefined),
  };
}

/**
 * Sessions in the filter per campaign of the site (`advertising_sales`), -1 (none) included: one
 * count per campaign, each a range of `sessions_site_campaign_time` (a GROUP BY would sort every
 * session of the range by campaign).
 */
export async function sessionsPerCampaign(db: Queryable, f: ReportFilter): Promise<Map<number, number>> {
  const siteId = f.siteId ?? -1;
  const out = new Map<number, number>();
  for (const acId of [-1, ...(await campaignsOfSite(db, siteId)).map((c) => c.id)]) {
    let q = db
      .selectFrom('sessions as s')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('s.site_id', '=', siteId)
      .where('s.ac_id', '=', acId)
      .where('s.start_time', '<', f.till);
    if (f.from !== undefined) q = q.where('s.start_time', '>=', f.from);
    const n = Number((await q.executeTakeFirstOrThrow()).n);
    if (n) out.set(acId, n);
  }
  return out;
}

/** The site's campaigns, removed ones too (old records keep their ids). */
export async function campaignsOfSite(db: Queryable, siteId: number): Promise<Array<{ id: number; name: string; removed: boolean }>> {
  const rows = await db
    .selectFrom('ad_campaigns')
    .select(['id', 'name', 'removed_at'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, removed: r.removed_at != null }));
}

// ---- visitors and sessions

/** A visitor of the customer's sites, or null. */
export async function visitorOfCustomer(db: Queryable, visitorId: number, customerId: number): Promise<Row<'visitors'> | null> {
  const row = await db
    .selectFrom('visitors as v')
    .innerJoin('sites as st', 'st.id', 'v.site_id')
    .selectAll('v')
    .where('v.id', '=', visitorId)
    .where('st.customer_id', '=', customerId)
    .executeTakeFirst();
  return row ?? null;
}

/** The visitor's phones, e-mails and properties, in the order they were left. */
export async function visitorContacts(db: Queryable, visitorId: number) {
  const phones = await db.selectFrom('visitor_phones').select('phone').where('visitor_id', '=', visitorId).orderBy('created_at').execute();
  const emails = await db.selectFrom('visitor_emails').select('email').where('visitor_id', '=', visitorId).orderBy('created_at').execute();
  const properties = await db
    .selectFrom('visitor_properties')
    .select(['name', 'value'])
    .where('visitor_id', '=', visitorId)
    .orderBy('name')
    .execute();
  return { phones: phones.map((p) => p.phone), emails: emails.map((e) => e.email), properties };
}

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

/** Lists of ids in pieces small enough for any statement's parameters. */
function* chunks<T>(list: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

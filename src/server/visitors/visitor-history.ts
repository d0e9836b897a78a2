import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * A chat or a request, with whether it is its visitor's first of the kind: what the qualification
 * rules ask of one (`first_time`) and what a conversion sends of it. One read for both, so the two
 * cannot count a first time differently.
 */

/** The columns read of each kind: what the rules and the conversions ask of it between them. */
const COLUMNS = {
  chats: ['site_id', 'ac_id', 'visitor_id', 'session_id', 'status', 'start_ms', 'answer_ms', 'end_ms', 'page_url', 'qualified_at'],
  offline_messages: [
    'site_id',
    'ac_id',
    'visitor_id',
    'session_id',
    'date_time',
    'phone',
    'page_url',
    'gclid',
    'yclid',
    'ua_client_id',
    'qualified_at',
  ],
} as const;

type VisitorTable = keyof typeof COLUMNS;

interface Read {
  chats: Pick<Row<'chats'>, (typeof COLUMNS)['chats'][number]>;
  offline_messages: Pick<Row<'offline_messages'>, (typeof COLUMNS)['offline_messages'][number]>;
}

/** The record as read, and whether no earlier one of its visitor is in its table. */
export type VisitorRecord<T extends VisitorTable> = Read[T] & { firstTime: boolean };

/** A chat or a request by id with its visitor's history, or null when it is gone. */
export async function visitorRecord<T extends VisitorTable>(db: Queryable, table: T, id: number): Promise<VisitorRecord<T> | null> {
  // Kysely cannot follow a table chosen by a type parameter: it reads either, typed by COLUMNS.
  const from = table as VisitorTable;
  const row = (await db.selectFrom(from).select(COLUMNS[from]).where('id', '=', id).executeTakeFirst()) as Read[VisitorTable] | undefined;
  if (!row) return null;
  const earlier = await db
    .selectFrom(from)
    .select('id')
    .where('visitor_id', '=', row.visitor_id)
    .where('id', '<', id)
    .limit(1)
    .executeTakeFirst();
  return { ...(row as Read[T]), firstTime: !earlier };
}

/**
 * Whether a call is its number's first on the site (a call's "visitor" is its caller). A hidden
 * number is nobody's first: it cannot be told apart from the others, so the caller passes null.
 */
export async function firstCallOf(db: Queryable, siteId: number, numa: string | null, id: number): Promise<boolean> {
  if (numa == null) return false;
  const earlier = await db
    .selectFrom('calls')
    .select('id')
    .where('site_id', '=', siteId)
    .where('numa', '=', numa)
    .where('id', '<', id)
    .limit(1)
    .executeTakeFirst();
  return !earlier;
}

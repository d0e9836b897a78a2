import type { Page } from '../store/page.js';
import type { Queryable } from '../store/queryable.js';
import { CONTEXT } from './record-context.js';
import { filtered, type ReportFilter } from './report-filter.js';
import { COMMUNICATION_COLUMNS } from '../visitors/communication-union.js';

/** The `chat` and `chat_messages` reports' records. */

/** The chats of the filter (a chat carries its campaign: no session needed). */
export function chatQuery(db: Queryable, f: ReportFilter, userId: number | undefined) {
  const q = db.selectFrom('chats as ch').where(filtered(f, COMMUNICATION_COLUMNS.chats));
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
      'ch.qualified_at',
      'ch.qualification_rule_id',
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

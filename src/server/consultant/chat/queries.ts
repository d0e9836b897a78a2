import { sql } from 'kysely';
import type { Queryable } from '../../store/queryable.js';
import type { HitRow, Row } from '../../store/tables.js';
import { timestamp } from '../../store/time.js';
import { visitContext } from '../../visitors/visit-context.js';

/**
 * Every query of the chat tables: chats and chat messages (REST `chat`, `chat_messages`). The
 * visitor's writes, the operator console, the visitor's stream and the lost timers all read and
 * change them through these functions.
 */

export type ChatRow = Row<'chats'>;
export type MessageRow = Row<'chat_messages'>;

/** The REST `sourse` of a message. */
export const VISITOR = 'Посетитель';
export const OPERATOR = 'Оператор';

export async function chatById(db: Queryable, id: number): Promise<ChatRow | null> {
  return (await db.selectFrom('chats').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The visitor's latest chat on the site, open or not. */
export async function latestChat(db: Queryable, siteId: number, visitorId: number): Promise<ChatRow | null> {
  const row = await db
    .selectFrom('chats')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('visitor_id', '=', visitorId)
    .orderBy('id', 'desc')
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Starts a chat on behalf of the visitor, on the page view it was started on; the campaign and the
 * kind of visitor are copied from the visit, as every communication record copies them.
 */
export async function startChat(db: Queryable, siteId: number, hit: HitRow, now: number): Promise<ChatRow> {
  const visit = await visitContext(db, hit.session_id);
  return db
    .insertInto('chats')
    .values({
      site_id: siteId,
      visitor_id: hit.visitor_id,
      session_id: hit.session_id,
      hit_id: hit.id,
      ac_id: visit?.ac_id ?? -1,
      visitor_type: visit?.visitor_type ?? 'new',
      start_time: timestamp(now),
      start_ms: now,
      page_url: hit.url,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Adds a message. An operator's message makes the chat `succeed` and names its operator; the
 * first one sets the answer time. `clientId` makes a repeated send store nothing again.
 */
export async function addMessage(
  db: Queryable,
  chat: ChatRow,
  from: 'visitor' | 'operator',
  text: string,
  now: number,
  clientId: string | null,
  operator?: { id: number; full_name: string },
): Promise<MessageRow> {
  if (clientId) {
    const seen = await db
      .selectFrom('chat_messages')
      .selectAll()
      .where('chat_id', '=', chat.id)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (seen) return seen;
  }
  const op = from === 'operator' ? operator! : null;
  const message = await db
    .insertInto('chat_messages')
    .values({
      chat_id: chat.id,
      sourse: op ? OPERATOR : VISITOR,
      user_id: op?.id ?? null,
      message: text,
      date_time: timestamp(now),
      client_id: clientId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('chats')
    .set((eb) =>
      op
        ? {
            messages_count: eb('messages_count', '+', 1),
            operator_message_count: eb('operator_message_count', '+', 1),
            status: 'succeed',
            answer_ms: eb.fn.coalesce('answer_ms', eb.val(now)),
            employee_id: op.id,
            operator_name: op.full_name,
          }
        : { messages_count: eb('messages_count', '+', 1), visitor_message_count: eb('visitor_message_count', '+', 1) },
    )
    .where('id', '=', chat.id)
    .execute();
  return message;
}

/**
 * Ends a chat. One nobody answered ends as `unanswered` says (`lost` when the visitor left or time
 * ran out, `refused` when an operator closed it). Returns false when it had already ended.
 */
export async function endChat(db: Queryable, chatId: number, now: number, unanswered: 'lost' | 'refused'): Promise<boolean> {
  const r = await db
    .updateTable('chats')
    .set((eb) => ({ end_ms: now, status: eb.fn.coalesce('status', eb.val(unanswered)) }))
    .where('id', '=', chatId)
    .where('end_ms', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Loses a chat that is still waiting for its first answer: its visitor, or null when it no longer waits. */
export async function loseIfWaiting(db: Queryable, chatId: number, now: number): Promise<number | null> {
  const row = await db
    .updateTable('chats')
    .set({ end_ms: now, status: 'lost' })
    .where('id', '=', chatId)
    .where('end_ms', 'is', null)
    .where('status', 'is', null)
    .returning('visitor_id')
    .executeTakeFirst();
  return row?.visitor_id ?? null;
}

/** Chats still waiting for an answer, for the lost timers after a restart. */
export async function waitingChats(db: Queryable): Promise<Array<{ id: number; site_id: number; start_ms: number }>> {
  return db.selectFrom('chats').select(['id', 'site_id', 'start_ms']).where('end_ms', 'is', null).where('status', 'is', null).execute();
}

/** A chat's messages after `afterId`, oldest first. */
export async function messagesAfter(db: Queryable, chatId: number, afterId: number): Promise<MessageRow[]> {
  return db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).where('id', '>', afterId).orderBy('id').execute();
}

/** Whether message `messageId` belongs to chat `chatId`. */
export async function messageInChat(db: Queryable, messageId: number, chatId: number): Promise<boolean> {
  const row = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('id', '=', messageId)
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
  return row != null;
}

/** The console's chats of `siteIds`: the open ones, and those started or ended after `sinceMs`. */
export async function consoleChats(db: Queryable, siteIds: readonly number[], sinceMs: number): Promise<ChatRow[]> {
  if (!siteIds.length) return [];
  // One page: the newest CONSOLE_CHATS, oldest first. A busy site's day of chats (200k in the
  // issue-20 test) was read whole on every refresh of every open console.
  const rows = await db
    .selectFrom('chats')
    .selectAll()
    .where('site_id', 'in', siteIds)
    .where((eb) => eb.or([eb('end_ms', 'is', null), eb('start_ms', '>', sinceMs), eb('end_ms', '>', sinceMs)]))
    .orderBy('id', 'desc')
    .limit(sql.lit(CONSOLE_CHATS))
    .execute();
  return rows.reverse();
}

/** How many chats the console lists at most: the newest. */
export const CONSOLE_CHATS = 300;

/** How many chats the visitor started since `sinceMs` (bounded by the per-visitor rule of chat/writes.ts). */
export async function chatsStartedSince(db: Queryable, siteId: number, visitorId: number, sinceMs: number): Promise<number> {
  const row = await db
    .selectFrom('chats')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('visitor_id', '=', visitorId)
    .where('site_id', '=', siteId)
    .where('start_ms', '>', sinceMs)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The messages after `afterId` of the chats {@link consoleChats} lists, oldest first, at most `limit`. */
export async function consoleMessagesAfter(
  db: Queryable,
  siteIds: readonly number[],
  afterId: number,
  sinceMs: number,
  limit: number,
): Promise<MessageRow[]> {
  if (!siteIds.length) return [];
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .selectAll('m')
    .where('c.site_id', 'in', siteIds)
    .where('m.id', '>', afterId)
    .where((eb) => eb.or([eb('c.end_ms', 'is', null), eb('c.start_ms', '>', sinceMs), eb('c.end_ms', '>', sinceMs)]))
    .orderBy('m.id')
    .limit(limit)
    .execute();
}

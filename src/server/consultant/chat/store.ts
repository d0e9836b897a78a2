import type { ChatMessageEvent, ChatState } from '../../../protocol.js';
import { stmt, timestamp, type DB } from '../../store/db.js';

/** Chats and chat messages (REST `chat`, `chat_messages`): every change to them goes through here. */

export interface ChatRow {
  id: number;
  site_id: number;
  visitor_id: number;
  session_id: number;
  status: ChatState['status'];
  start_ms: number;
  answer_ms: number | null;
  end_ms: number | null;
  employee_id: number | null;
  operator_name: string | null;
  page_url: string;
}

export interface MessageRow {
  id: number;
  chat_id: number;
  sourse: 'Оператор' | 'Посетитель';
  user_id: number | null;
  message: string;
  date_time: string;
  client_id: string | null;
}

export const VISITOR = 'Посетитель';
export const OPERATOR = 'Оператор';

export function chatById(db: DB, id: number): ChatRow | undefined {
  return stmt<ChatRow>(db, `SELECT * FROM chats WHERE id = ?`).get(id);
}

/** The visitor's latest chat on the site, open or not. */
export function latestChat(db: DB, siteId: number, visitorId: number): ChatRow | undefined {
  return stmt<ChatRow>(db, `SELECT * FROM chats WHERE site_id = ? AND visitor_id = ? ORDER BY id DESC LIMIT 1`).get(siteId, visitorId);
}

/** Starts a chat on behalf of the visitor, with the context of the page view it was started on. */
export function startChat(
  db: DB,
  siteId: number,
  hit: { id: number; session_id: number; visitor_id: number; url: string },
  now: number,
): ChatRow {
  const ctx = stmt<{ ac_id: number; visits_count: number }>(
    db,
    `SELECT s.ac_id, v.visits_count FROM sessions s JOIN visitors v ON v.id = s.visitor_id WHERE s.id = ?`,
  ).get(hit.session_id);
  const id = Number(
    stmt(
      db,
      `INSERT INTO chats (site_id, visitor_id, session_id, hit_id, ac_id, visitor_type, start_time, start_ms, page_url)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      siteId,
      hit.visitor_id,
      hit.session_id,
      hit.id,
      ctx?.ac_id ?? -1,
      (ctx?.visits_count ?? 1) > 1 ? 'returning' : 'new',
      timestamp(now),
      now,
      hit.url,
    ).lastInsertRowid,
  );
  return chatById(db, id)!;
}

/**
 * Adds a message. An operator's message makes the chat `succeed` and names its operator; the
 * first one sets the answer time. `clientId` makes a repeated send store nothing again.
 */
export function addMessage(
  db: DB,
  chat: ChatRow,
  from: 'visitor' | 'operator',
  text: string,
  now: number,
  clientId: string | null,
  operator?: { id: number; full_name: string },
): MessageRow {
  if (clientId) {
    const seen = stmt<MessageRow>(db, `SELECT * FROM chat_messages WHERE chat_id = ? AND client_id = ?`).get(chat.id, clientId);
    if (seen) return seen;
  }
  const op = from === 'operator';
  const id = Number(
    stmt(db, `INSERT INTO chat_messages (chat_id, sourse, user_id, message, date_time, client_id) VALUES (?, ?, ?, ?, ?, ?)`).run(
      chat.id,
      op ? OPERATOR : VISITOR,
      op ? operator!.id : null,
      text,
      timestamp(now),
      clientId,
    ).lastInsertRowid,
  );
  stmt(
    db,
    `UPDATE chats SET messages_count = messages_count + 1,
       operator_message_count = operator_message_count + @op, visitor_message_count = visitor_message_count + 1 - @op,
       status = CASE WHEN @op THEN 'succeed' ELSE status END,
       answer_ms = CASE WHEN @op AND answer_ms IS NULL THEN @now ELSE answer_ms END,
       employee_id = CASE WHEN @op THEN @emp ELSE employee_id END,
       operator_name = CASE WHEN @op THEN @name ELSE operator_name END
     WHERE id = @id`,
  ).run({ id: chat.id, op: op ? 1 : 0, now, emp: operator?.id ?? null, name: operator?.full_name ?? null });
  return stmt<MessageRow>(db, `SELECT * FROM chat_messages WHERE id = ?`).get(id)!;
}

/**
 * Ends a chat. One nobody answered ends as `unanswered` says (`lost` when the visitor left or time
 * ran out, `refused` when an operator closed it). Returns false when it had already ended.
 */
export function endChat(db: DB, chatId: number, now: number, unanswered: 'lost' | 'refused'): boolean {
  return (
    stmt(db, `UPDATE chats SET end_ms = ?, status = coalesce(status, ?) WHERE id = ? AND end_ms IS NULL`).run(now, unanswered, chatId)
      .changes > 0
  );
}

/** Loses a chat that is still waiting for its first answer; false when it no longer waits. */
export function loseIfWaiting(db: DB, chatId: number, now: number): boolean {
  return (
    stmt(db, `UPDATE chats SET end_ms = ?, status = 'lost' WHERE id = ? AND end_ms IS NULL AND status IS NULL`).run(now, chatId).changes > 0
  );
}

/** Chats still waiting for an answer, for the lost timers after a restart. */
export function waitingChats(db: DB): Array<{ id: number; site_id: number; start_ms: number }> {
  return stmt<{ id: number; site_id: number; start_ms: number }>(
    db,
    `SELECT id, site_id, start_ms FROM chats WHERE end_ms IS NULL AND status IS NULL`,
  ).all();
}

export function messagesAfter(db: DB, chatId: number, afterId: number): MessageRow[] {
  return stmt<MessageRow>(db, `SELECT * FROM chat_messages WHERE chat_id = ? AND id > ? ORDER BY id`).all(chatId, afterId);
}

/** What the visitor's page sees of a chat. */
export function chatState(c: ChatRow): ChatState {
  return {
    id: c.id,
    status: c.status,
    closed: c.end_ms != null,
    operator: c.operator_name ? (c.operator_name.split(' ')[1] ?? c.operator_name) : null,
  };
}

/** What the visitor's page sees of a message: the operator's id stays on the server. */
export function messageEvent(m: MessageRow): ChatMessageEvent {
  const e: ChatMessageEvent = {
    id: m.id,
    chat_id: m.chat_id,
    from: m.sourse === OPERATOR ? 'operator' : 'visitor',
    text: m.message,
    at: m.date_time,
  };
  if (m.client_id && m.sourse === VISITOR) e.cid = m.client_id;
  return e;
}

import type { Defaulted, Id } from './column-types.js';

/** The online consultant: chats, their messages, and the operator consoles online. */

export interface ChatsTable {
  id: Id;
  site_id: number;
  visitor_id: number;
  session_id: number;
  hit_id: number;
  ac_id: Defaulted<number>;
  visitor_type: 'new' | 'returning';
  status: 'lost' | 'succeed' | 'refused' | null;
  initiator: Defaulted<'Посетитель' | 'Оператор' | 'Автоприглашение'>;
  start_time: string;
  start_ms: number;
  answer_ms: number | null;
  end_ms: number | null;
  employee_id: number | null;
  operator_name: string | null;
  messages_count: Defaulted<number>;
  operator_message_count: Defaulted<number>;
  visitor_message_count: Defaulted<number>;
  page_url: string;
}

export interface ChatMessagesTable {
  id: Id;
  chat_id: number;
  sourse: 'Оператор' | 'Посетитель';
  user_id: number | null;
  message: string;
  date_time: string;
  client_id: string | null;
}

/** An operator's console open in a server process (consultant/chat/presence.ts). */
export interface OperatorConsolesTable {
  employee_id: number;
  /** The server process holding the console's stream (a random id per start). */
  process_id: string;
  /** Counts as online until then, ms. */
  until_ms: number;
}

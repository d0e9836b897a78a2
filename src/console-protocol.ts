/**
 * The operator console's contract with the consultant server (the console is served by that
 * server, same origin, signed in by an HttpOnly session cookie). Imported by the console page
 * (src/console/) and by the server (src/server/consultant/console/), so they cannot drift.
 *
 * Every POST sends `Content-Type: application/json`; answers are `{success: true, data}` or the
 * error envelope `{success: false, message: "<code>: <text>"}`.
 */

export const CONSOLE_PATH = '/op/';
export const CONSOLE_API = '/op/api/';

/** `POST /op/api/login`. */
export interface LoginBody {
  email: string;
  password: string;
}

/** `POST /op/api/status`: the operator goes online or offline. */
export interface StatusBody {
  online: boolean;
}

/** `POST /op/api/chats/<id>/messages`. */
export interface ReplyBody {
  text: string;
  /** Client-made id: a repeated send stores the message once. */
  client_id: string;
}

/** The signed-in operator (`GET /op/api/me`, answer of login, `hello` event). */
export interface ConsoleMe {
  id: number;
  full_name: string;
  email: string;
  /** The operator's online switch. */
  online: boolean;
  /** The sites this operator serves. */
  sites: Array<{ id: number; domain: string }>;
  /** When the session ends, epoch ms. */
  expires: number;
  /** The customer's IANA time zone: the console writes every date-time in it. */
  time_zone: string;
}

/** `chat` event: a chat of one of the operator's sites, sent on connect and on every change. */
export interface ConsoleChat {
  id: number;
  site_id: number;
  visitor_id: number;
  /** REST chat status: null while nobody has answered. */
  status: 'lost' | 'succeed' | 'refused' | null;
  closed: boolean;
  start_time: string;
  employee_id: number | null;
  operator_name: string | null;
  messages_count: number;
  page_url: string;
  /** When a waiting chat becomes lost, epoch ms; null once answered or over. */
  lost_at: number | null;
  /** Where the visitor's session came from. */
  visit: ConsoleChatVisit;
}

/** Where a chat's visitor came from: the session the chat was started in. */
export interface ConsoleChatVisit {
  /** The name of the campaign the chat is credited to (its ac_id, as every report reads it); null: the site. */
  campaign: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  search_engine: string | null;
  search_query: string | null;
  /** The referrer's domain; null for a direct visit. */
  referrer_domain: string | null;
}

/** `message` event. */
export interface ConsoleMessage {
  id: number;
  chat_id: number;
  from: 'visitor' | 'operator';
  text: string;
  at: string;
  /** The replying operator's id. */
  user_id: number | null;
  client_id: string | null;
}

/** `request` event: an offline request or a call-back request of one of the operator's sites. */
export interface ConsoleRequest {
  kind: 'offline' | 'callback';
  id: number;
  site_id: number;
  date_time: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  message: string | null;
  page_url: string | null;
}

/**
 * `call` event: a telephone call to one of the operator's sites (the "screen pop"), sent when it
 * starts ringing and on every change for the next minutes, with the visit it was attributed to.
 */
export interface ConsoleCall {
  id: number;
  site_id: number;
  /** The caller's number. */
  numa: string;
  /** The site's number called. */
  numb: string | null;
  state: 'ringing' | 'answered' | 'ended' | 'lost';
  /** When it began, UTC `YYYY-MM-DD HH:MM:SS.mmm`. */
  date_time: string;
  operator_name: string | null;
  /** The campaign the call is credited to (the record's ac_id), whether or not a visitor is known; null: the site. */
  campaign: string | null;
  /** The caller's visit; null when no visitor is known. */
  visit: ConsoleCallVisit | null;
}

export interface ConsoleCallVisit {
  visitor_id: number;
  session_id: number | null;
  /** True: found by the caller's number (an earlier contact), not by the number the visit showed. */
  by_number: boolean;
  /** The campaign's name; null without one. */
  campaign: string | null;
  search_engine: string | null;
  search_query: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  entry_page: string | null;
  /** The pages the session saw, in order (the last 20). */
  pages: string[];
  /** The person's communications before this call, newest first (at most 10). */
  earlier: Array<{ type: 'call' | 'callback' | 'chat' | 'request' | 'goal'; date_time: string }>;
}

/** Names of the events of `GET /op/api/stream` and their data. */
export interface ConsoleEvents {
  hello: ConsoleMe;
  chat: ConsoleChat;
  message: ConsoleMessage;
  request: ConsoleRequest;
  call: ConsoleCall;
  /** Whether this operator's sites have an operator online (after any switch, including others'). */
  online: { me: boolean };
}

/** `GET /op/reports`: the reports page; its data under /op/api/reports/. */
export const REPORTS_PATH = CONSOLE_PATH + 'reports';

/** The query of both report endpoints: one of the operator's sites, `[date_from, date_till)` in the customer's zone. */
export interface ReportsQuery {
  site_id: number;
  /** `YYYY-MM-DD`, inclusive. */
  date_from: string;
  /** `YYYY-MM-DD`, exclusive. */
  date_till: string;
}

/** What the chart counts per day. */
export type ReportKind = 'visits' | 'calls' | 'chats' | 'requests' | 'goals';
export const REPORT_KINDS: readonly ReportKind[] = ['visits', 'calls', 'chats', 'requests', 'goals'];

/** `GET /op/api/reports/daily`: counts per day of the customer's zone, split by campaign. */
export interface ReportsDaily {
  site_id: number;
  time_zone: string;
  /** Every day of the range, `YYYY-MM-DD`. */
  days: string[];
  /** The campaigns with anything in the range (`id` -1: without campaign), then the site's other live ones. */
  campaigns: Array<{ id: number; name: string }>;
  /** `counts[kind][i][d]`: the count of `campaigns[i]` on `days[d]`. */
  counts: Record<ReportKind, number[][]>;
}

/** One communication of `GET /op/api/reports/communications` (`limit`, `offset`; oldest first). */
export interface ReportsCommunication {
  type: 'goal' | 'chat' | 'offline_message' | 'sitephone' | 'cdr_in';
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  ac_id: number;
  ac_name: string;
  visitor_id: number | null;
  /** `new` for the visitor's first visit. */
  visitor_type: 'new' | 'returning' | null;
  visits_count: number | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  search_engine: string | null;
  search_query: string | null;
  referrer: string | null;
  entrance_page: string | null;
  /** A line about the communication itself: a goal's name, a request's name and phone, a call's number. */
  detail: string;
  /** Chat status (REST values), else null. */
  status: string | null;
  tags: string[];
}

export interface ReportsCommunications {
  total: number;
  items: ReportsCommunication[];
}

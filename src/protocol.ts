/**
 * The wire contract between the snippet and the consultant server.
 *
 * Both sides import this module: the snippet for the shapes it sends, the server for the shapes it
 * validates (src/server/writes/schemas.ts asserts, with an `Exact<>` type check, that the output of each
 * zod schema is exactly the type here: a field added on one side only is a compile error), so the
 * two cannot drift. Only types and a few constants live here: the snippet pays for nothing
 * but the constants it uses.
 */

import type { Captcha, PhoneElement, SitePhoneCallParams } from './types.js';

/**
 * The write endpoint: `POST {consultant_server_url}w/<site_key>`, body JSON sent as `text/plain`
 * so that the browser makes a CORS "simple" request and never a preflight.
 */
export const WRITE_PATH = 'w/';

/** Every kind of write the outbox carries, and the payload of each. */
export interface WritePayloads {
  /** A page view: the first one of a page creates the visitor and session if needed. */
  hit: HitData;
  /** `Svc.trackEvent`. */
  event: EventData;
  /** `Svc.setProperty(name, value)`: without a value, the property has none. */
  property_set: PropertySetData;
  /** `Svc.deleteProperty(name)`. */
  property_delete: PropertyNameData;
  /** `Svc.getProperty` / `Svc.hasProperty`, a read: returns {@link PropertyValue}. Never persisted. */
  property_get: PropertyNameData;
  /** `Svc.addVisitorInfo(req)`. */
  visitor_info: VisitorInfoData;
  /** `Svc.addOfflineRequest(req)`. */
  offline_request: OfflineRequestData;
  /** A visitor's chat message; the first one of a chat starts the chat. Result: {@link ChatMessageResult}. */
  chat_message: ChatMessageData;
  /** The visitor ends a chat. */
  chat_close: ChatCloseData;
  /** `Svc.Captcha.get_captcha`: a read (never stored by the outbox); returns {@link CaptchaResult}. */
  captcha: CaptchaData;
  /** `SvcWidget.sitePhoneCall`: a call-back request; returns {@link SitePhoneResult}. */
  sitephone: SitePhoneData;
}

export type WriteType = keyof WritePayloads;

/** A page view as the snippet reports it. */
export interface HitData {
  /** Full page URL, query string included: the server reads the campaign parameters from it. */
  url: string;
  /** `document.title`. */
  title: string;
  /** `document.referrer` of the page load (for SPA page views, the previous URL). */
  referrer: string;
  /** True for `reinitTrackView()` page views: never starts a new session by itself. */
  spa?: boolean;
  /**
   * The page's `_ga` (`GA1.1.<client id>`) and `_ym_uid` (the Yandex Metrica ClientId) cookies as
   * `name=value`, when it has them (null: none, or consent awaited): the server keeps the two ids
   * with the session.
   */
  ids?: string[] | null | false;
}

/** A custom event (`Svc.trackEvent(category, action, name, value)`). */
export interface EventData {
  category: string;
  action: string;
  name?: string;
  value?: string;
}

/** A visitor property and its value (absent: the property has no value). */
export interface PropertySetData {
  name: string;
  value?: string;
}

/** Names a visitor property. */
export interface PropertyNameData {
  name: string;
}

/** Result of `property_get`: the value (null when the property has none), or false when it is not set. */
export type PropertyValue = string | null | false;

/** `addVisitorInfo`: at least one field; name overwrites, email and phone are added to the lists. */
export interface VisitorInfoData {
  name?: string;
  email?: string;
  phone?: string;
}

/** `addOfflineRequest`: a custom-form request. */
export interface OfflineRequestData {
  name?: string;
  email?: string;
  phone?: string;
  message?: string;
  /** True for a sale; default false. */
  is_sale?: boolean;
  /** Deal sum, decimal text; only with `is_sale`. */
  sale_cost?: string;
  /** Group the request goes to. */
  group_id?: number;
  /** Name of the custom form. */
  form_name?: string;
}
/** A captcha request carries nothing: the key belongs to the write's site and visitor. */
export type CaptchaData = Record<string, never>;

/** Result of a `captcha` write: what `get_captcha` passes to its callback (the public {@link Captcha}). */
export type CaptchaResult = Captcha;

/**
 * A call-back request: the parameters of `SvcWidget.sitePhoneCall` as the page passed them, after
 * the checks in the widget bundle (a phone matching {@link PHONE}, a call time in the future, the
 * captcha fields when the site asks for them). The public type, so page and wire cannot differ.
 */
export type SitePhoneData = SitePhoneCallParams;

/**
 * `result.status` of `sitePhoneCall` (page-api §7). -1 is ours: the request was not sent or not
 * accepted (invalid input, unknown page view); `result.code` says why.
 */
export const SITEPHONE_STATUS = {
  invalid: -1,
  sent: 0,
  captcha: 1,
  noScenario: 2,
  platform: 3,
  limit: 4,
} as const;

/** Result of a `sitephone` write: `status` as in {@link SITEPHONE_STATUS}, `code` a short reason. */
export interface SitePhoneResult {
  status: number;
  code: string;
}

/**
 * A phone number as a visitor may type it: digits, spaces and `+ ( ) - .`, with 10 to 15 digits
 * (E.164 has at most 15; fewer than 10 cannot be dialled from outside the local area). One
 * expression for both sides, so the snippet and the server judge a phone alike.
 */
export const PHONE = /^\+?[\s().-]*(?:\d[\s().-]*){10,15}$/;

/** One outbox entry. */
export interface Write<T extends WriteType = WriteType> {
  /** Client-made id, unique per write: the server stores each id once, so a retry is harmless. */
  id: string;
  /** What kind of write this is. */
  type: T;
  /** Client id of the page view this write belongs to (a `hit` write names itself). */
  hit: string;
  /** Client clock, epoch milliseconds, when the write was made. */
  at: number;
  /** The payload. */
  data: WritePayloads[T];
}

/** The visitor's identity as stored in first-party storage. */
export interface VisitorRef {
  /** Server-issued visitor id. */
  id: number;
  /** Server-issued secret that proves the id is this browser's. */
  token: string;
}

/**
 * Body of `POST w/<site_key>`: what the outbox sends (`_body` builds it as this type) and what the
 * server's `WriteRequestSchema` frames (its keys are asserted to be exactly these).
 */
export interface WriteRequest {
  /** The stored visitor, or null on a first visit. */
  visitor: VisitorRef | null;
  /** Writes in the order they were made. */
  writes: Write[];
}

/** The result of one write. */
export interface WriteResult {
  /** The write's client id. */
  id: string;
  /** True when the write is stored (now or by an earlier try). */
  success: boolean;
  /** Why not, when `success` is false: a short machine-readable code. */
  code?: string;
  /** What the write returns, by type (a `hit` returns {@link HitResult}). */
  result?: unknown;
}

/** Result of a `hit` write. */
export interface HitResult {
  /** Visitor id. */
  visitor_id: number;
  /** Session id (a session ends after 30 minutes without a hit). */
  session_id: number;
  /** Id of this page view. */
  hit_id: number;
  /** Widget key of the site. */
  key: string;
  /** Address of the consultant server. */
  uri: string;
  /** Base URL for server calls, ending with a slash. */
  consultant_server_url: string;
  /** Site settings the snippet needs. */
  settings: SiteSettings;
  /** The numbers issued to this session: the site's defaults or its campaign's, DT numbers leased. */
  phones: HitPhone[];
  /** How long, in ms from now, the snippet may show `phones` from its cache (the DT lease's end). */
  phones_ttl: number;
}

/** A replacement element as a page view delivers it: the public shape and whether it is a leased DT number. */
export interface HitPhone extends PhoneElement {
  /** True for a dynamic-tracking number leased to this session; false for static and overflow numbers. */
  dt: boolean;
  /**
   * `number=` blocks: the ways the original number is written, each with the replacement's digits
   * in the same form, `[original, replacement]` (see `numberForms` in src/server/leases). The
   * snippet finds each form in the page and writes its pair.
   */
  forms?: [string, string][];
}

/**
 * What a number block replaces (the `id` of a replacement element): `#id`, `.class`, `[name=x]` or
 * `number=<digits>`. Ids and classes are CSS identifiers that need no escaping.
 */
export const PHONE_ID = /^([#.][a-z_][\w-]*|\[name=[\w-]+\]|number=\d{5,15})$/i;

/** Site settings delivered with every page view. */
export interface SiteSettings {
  /** Whether the site-phone (call-back) form asks for a captcha. */
  captcha: boolean;
  /** Default language of the widgets. */
  lang: string;
  /** Seconds an operator has to answer a chat before it is lost (server default 120). */
  chat_wait?: number;
}

/** A visitor's chat message. */
export interface ChatMessageData {
  /** The text, shown as text (never as HTML) on both sides. */
  text: string;
}

/** Result of a `chat_message` write. */
export interface ChatMessageResult {
  chat_id: number;
  message_id: number;
}

/** The visitor ends the chat `chat_id` (a chat nobody answered yet ends as `lost`). */
export interface ChatCloseData {
  chat_id: number;
}

/**
 * Operator-status stream: `GET {consultant_server_url}os/<site_key>`, server-sent events. The data
 * of each message is `1` while at least one operator of the site is online, else `0`; one comes on
 * connect and one on every change.
 */
export const STATUS_PATH = 'os/';

/**
 * The visitor's chat stream: `GET {consultant_server_url}c/<site_key>?v=<visitor id>&t=<token>`,
 * server-sent events `chat` ({@link ChatState}) and `message` ({@link ChatMessageEvent}). A message's
 * event id is its id: a reconnect (Last-Event-ID) resumes after the last one received.
 */
export const CHAT_PATH = 'c/';

/** `chat` event: the visitor's current chat, sent on connect and whenever it changes; null when none. */
export interface ChatState {
  id: number;
  /** null while nobody has answered; then `succeed`, `lost` or `refused` (REST chat statuses). */
  status: 'lost' | 'succeed' | 'refused' | null;
  /** True once the chat is over (ended by either side, or lost). */
  closed: boolean;
  /** First name of the operator who answered, once one has. */
  operator: string | null;
}

/** `message` event: one message of the current chat. */
export interface ChatMessageEvent {
  id: number;
  chat_id: number;
  from: 'visitor' | 'operator';
  text: string;
  /** `YYYY-MM-DD HH:MM:SS.mmm`, UTC. */
  at: string;
  /** For the visitor's own messages: the client id of the write that sent it. */
  cid?: string;
}

/** Body of a successful `POST w/<site_key>` answer. */
export interface WriteResponse {
  success: true;
  /** The visitor the writes were stored for (new on a first visit); null when none is known. */
  visitor: VisitorRef | null;
  /** One result per write, in request order. */
  results: WriteResult[];
}

/** The error envelope of every endpoint: `message` reads `<numeric code>: <text>`. */
export interface ErrorEnvelope {
  success: false;
  message: string;
}

/** Limits both sides respect. */
export const LIMITS = {
  /** Most writes in one request; the outbox sends larger backlogs in several. */
  writesPerRequest: 50,
  /** Largest request body the server reads, in bytes. */
  bodyBytes: 64 * 1024,
  /**
   * Longest text field the server keeps, in characters: a longer form field is refused
   * (`invalid_<field>`), a longer page title is cut (a page view is never refused for its length).
   */
  text: 4096,
} as const;

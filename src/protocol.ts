/**
 * The wire contract between the snippet and the consultant server.
 *
 * Both sides import this module: the snippet for the shapes it sends, the server for the shapes it
 * validates (src/server/schemas.ts checks its zod schemas against these types with `satisfies`),
 * so the two cannot drift. Only types and a few constants live here: the snippet pays for nothing
 * but the constants it uses.
 */

import type { PhoneElement } from './types.js';

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
}

/** A custom event (`Svc.trackEvent(category, action, name, value)`). */
export interface EventData {
  category: string;
  action: string;
  name?: string;
  value?: string;
}

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

/** Body of `POST w/<site_key>`. */
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
  /** Longest text field the server keeps, in characters (longer is refused, not cut). */
  text: 4096,
} as const;

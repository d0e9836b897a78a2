import type { Transaction } from 'kysely';
import type { WritePayloads, WriteType } from '../../protocol.js';
import type { CallbackDispatcher } from '../telephony/callback-dispatch.js';
import type { PropertyQuota } from '../visitors/property-quota.js';
import type { Hub } from '../consultant/chat/hub.js';
import type { Site } from '../sites/lookup.js';
import type { Tables } from '../store/tables.js';
import type { PageViewDeps } from '../tracking/page-view.js';

/** What the client said about itself, beyond the body: from the connection and its headers. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** From a trusted reverse proxy's `X-Svc-Country` / `X-Svc-Region` / `X-Svc-City` headers, else null. */
  country: string | null;
  region: string | null;
  city: string | null;
}

export interface VisitorRow {
  id: number;
  site_id: number;
  token: string;
  first_ac_id: number;
}

export interface HitRow {
  id: number;
  session_id: number;
  visitor_id: number;
  url: string;
}

/** The services write handlers use besides the database, passed in by createServer. */
export interface WriteDeps extends PageViewDeps {
  /** Live state of the consultant: pokes after a change, operators online, lost timers. */
  hub: Hub;
  /** Hands stored call-back requests to the telephony platform after the batch commits. */
  callbackDispatcher: CallbackDispatcher;
  /** The hourly quotas of visitor properties per address and site (visitors/property-quota.ts). */
  propertyQuota: PropertyQuota;
}

/** Everything a write handler may use. One context serves one request's batch. */
export interface WriteContext {
  /** The batch's transaction: every handler's queries run in it, and it commits before the answer. */
  db: Transaction<Tables>;
  deps: WriteDeps;
  site: Site;
  client: ClientInfo;
  /** Base URL the server is reached at, ending with a slash. */
  publicUrl: string;
  /** The batch's visitor: from the request, or created by its first page view. */
  visitor: VisitorRow | null;
  /** The page view a write names by its client id, if it is this visitor's. */
  hit(clientId: string): Promise<HitRow | null>;
  /**
   * The page view a write names, else the visitor's latest: the context a communication (a chat
   * message, an offline request) is stored with when its own page view is unknown.
   */
  hitOrLatest(clientId: string): Promise<HitRow | null>;
  /** Current time, epoch ms (one clock for the whole batch). */
  now: number;
}

export type HandlerResult = { success: true; result?: unknown } | { success: false; code: string };

/** Stores one write; runs inside the batch's transaction. */
export type WriteHandler<T extends WriteType> = (
  ctx: WriteContext,
  data: WritePayloads[T],
  write: { id: string; hit: string; at: number },
) => Promise<HandlerResult>;

export type WriteHandlers = { [K in WriteType]: WriteHandler<K> };

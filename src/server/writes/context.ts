import type { Transaction } from 'kysely';
import type { WritePayloads, WriteType } from '../../protocol.js';
import type { Site } from '../sites/lookup.js';
import type { HitRow, Tables, VisitorRow } from '../store/tables.js';

/** What the client said about itself, beyond the body: from the connection and its headers. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** From a trusted reverse proxy's `X-Svc-Country` / `X-Svc-Region` / `X-Svc-City` headers, else null. */
  country: string | null;
  region: string | null;
  city: string | null;
}

/**
 * What every write handler is given; the services it needs besides (the hub, a quota) it gets
 * when it is built (write-handlers.ts). One context serves one request's batch.
 */
export interface WriteContext {
  /** The batch's transaction: every handler's queries run in it, and it commits before the answer. */
  db: Transaction<Tables>;
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

/**
 * What a step of the write pipeline reads ahead on PostgreSQL, at the start of the batch's
 * transaction and all in one round trip (ingest/read-ahead.ts reads the union of the steps'):
 * the visitor the batch names, whether a write id was stored, the page view a write names, a
 * page view's visit ({@link PrefetchedVisit}), an id of the goals' sequence.
 */
export type AheadRead = 'visitor' | 'write id' | 'page view' | 'visit' | 'goal id';

/** What a page view reads before it writes, read ahead (tracking/queries.ts `visitOfVisitor`, `firstVisitSequences`). */
export interface PrefetchedVisit {
  /**
   * The visitor's latest session as the page view reads it (tracking/queries.ts `LatestSession`),
   * null for none; absent when not read.
   */
  session?: { id: number; last_hit_ms: number; ac_id: number } | null;
  /** Sequence numbers for new ids (page-view/public-ids.ts): only those taken. */
  sequences: Partial<Record<'visitors' | 'sessions' | 'hits', number>>;
}

export type HandlerResult = { success: true; result?: unknown } | { success: false; code: string };

/**
 * Stores one write; runs inside the batch's transaction. `visit`: on PostgreSQL, what the batch's
 * first page view reads, read ahead with the visitor; given to that page view only, so a later
 * one reads its own. `readsAhead`: what the handler reads ahead besides the page view its write
 * names, which every write but a page view is given read (ingest/pipeline.ts).
 */
export type WriteHandler<T extends WriteType> = ((
  ctx: WriteContext,
  data: WritePayloads[T],
  write: { id: string; hit: string; at: number },
  visit?: PrefetchedVisit,
) => Promise<HandlerResult>) & { readsAhead?: readonly AheadRead[] };

export type WriteHandlers = { [K in WriteType]: WriteHandler<K> };

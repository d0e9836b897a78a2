import type { ConsoleRequest } from '../../../console-protocol.js';
import { callbackRequestsAfter, lastCallId, recentCallbackRequests } from '../../callback/queries.js';
import type { Queryable } from '../../store/queryable.js';
import { lastOfflineMessageId, offlineRequestsAfter, recentOfflineRequests } from '../../visitors/queries.js';

/**
 * The request feeds of the console: offline requests (REST "Offline request") and call-back
 * requests (the REST call records of communication_type 'sitephone'). Their queries live with the
 * features that own the tables (visitors/queries.ts, callback/queries.ts); a feed names them.
 */
export interface Feed {
  kind: ConsoleRequest['kind'];
  /** Rows of `siteIds` with id > `afterId`, oldest first; at most `limit`. */
  after(db: Queryable, siteIds: readonly number[], afterId: number, limit: number): Promise<ConsoleRequest[]>;
  /** The newest rows of `siteIds` since `sinceTime` (a REST date-time) with id <= `upToId`, oldest first. */
  recent(db: Queryable, siteIds: readonly number[], sinceTime: string, upToId: number, limit: number): Promise<ConsoleRequest[]>;
  /** The largest id in the table, of any site (0 when empty): where a live feed starts. */
  maxId(db: Queryable): Promise<number>;
}

export const FEEDS: readonly Feed[] = [
  { kind: 'offline', after: offlineRequestsAfter, recent: recentOfflineRequests, maxId: lastOfflineMessageId },
  { kind: 'callback', after: callbackRequestsAfter, recent: recentCallbackRequests, maxId: lastCallId },
];

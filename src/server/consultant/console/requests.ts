import type { ConsoleRequest } from '../../../console/protocol.js';
import type { Queryable } from '../../store/queryable.js';

/**
 * The request feeds of the console: offline requests (`offline_messages`, REST "Offline request")
 * and call-back requests (the REST call records of communication_type 'sitephone' in `calls`),
 * as the console shows them. Those tables belong to the visitors and call-back features; these
 * reads belong with their other queries (visitors/queries.ts, callback's), and are here only until
 * those modules are settled.
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

const offlineRequests = (db: Queryable, siteIds: readonly number[]) =>
  db
    .selectFrom('offline_messages')
    .select(['id', 'site_id', 'date_time', 'name', 'phone', 'email', 'message', 'page_url'])
    .where('site_id', 'in', siteIds);

const asOffline = (r: Omit<ConsoleRequest, 'kind'>): ConsoleRequest => ({ kind: 'offline', ...r });

const callbackRequests = (db: Queryable, siteIds: readonly number[]) =>
  db
    .selectFrom('calls')
    .select(['id', 'site_id', 'call_date', 'numa', 'page_url'])
    .where('site_id', 'in', siteIds)
    .where('communication_type', '=', 'sitephone');

const asCallback = (r: { id: number; site_id: number; call_date: string; numa: string; page_url: string | null }): ConsoleRequest => ({
  kind: 'callback',
  id: r.id,
  site_id: r.site_id,
  date_time: r.call_date,
  name: null,
  phone: r.numa,
  email: null,
  message: null,
  page_url: r.page_url,
});

export const FEEDS: readonly Feed[] = [
  {
    kind: 'offline',
    async after(db, siteIds, afterId, limit) {
      if (!siteIds.length) return [];
      const rows = await offlineRequests(db, siteIds).where('id', '>', afterId).orderBy('id').limit(limit).execute();
      return rows.map(asOffline);
    },
    async recent(db, siteIds, sinceTime, upToId, limit) {
      if (!siteIds.length) return [];
      const rows = await offlineRequests(db, siteIds)
        .where('date_time', '>=', sinceTime)
        .where('id', '<=', upToId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map(asOffline);
    },
    async maxId(db) {
      const row = await db
        .selectFrom('offline_messages')
        .select((eb) => eb.fn.max('id').as('n'))
        .executeTakeFirst();
      return row?.n ?? 0;
    },
  },
  {
    kind: 'callback',
    async after(db, siteIds, afterId, limit) {
      if (!siteIds.length) return [];
      const rows = await callbackRequests(db, siteIds).where('id', '>', afterId).orderBy('id').limit(limit).execute();
      return rows.map(asCallback);
    },
    async recent(db, siteIds, sinceTime, upToId, limit) {
      if (!siteIds.length) return [];
      const rows = await callbackRequests(db, siteIds)
        .where('call_date', '>=', sinceTime)
        .where('id', '<=', upToId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map(asCallback);
    },
    async maxId(db) {
      const row = await db
        .selectFrom('calls')
        .select((eb) => eb.fn.max('id').as('n'))
        .executeTakeFirst();
      return row?.n ?? 0;
    },
  },
];

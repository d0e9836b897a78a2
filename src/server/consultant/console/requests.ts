import type { ConsoleRequest } from '../../../console/protocol.js';
import type { DB } from '../../store/db.js';

/**
 * The request feeds of the console: offline requests (REST `offline_message`) and call-back
 * requests (site-phone calls). Their tables belong to other capabilities; this module reads them
 * by the REST field names, taking the first table and columns that exist, so it keeps working as
 * those tables grow columns. A feed whose table does not exist is simply empty.
 */

interface FeedSpec {
  kind: ConsoleRequest['kind'];
  tables: string[];
  /** Extra condition, used only when the table has the column it names. */
  where?: { column: string; sql: string };
  columns: Record<Exclude<keyof ConsoleRequest, 'kind' | 'id' | 'site_id'>, string[]>;
}

const SPECS: FeedSpec[] = [
  {
    kind: 'offline',
    tables: ['offline_messages'],
    columns: {
      date_time: ['date_time', 'created_at'],
      name: ['name'],
      phone: ['phone'],
      email: ['email'],
      message: ['message', 'text'],
      page_url: ['page_url', 'url'],
    },
  },
  {
    kind: 'callback',
    // Call-back requests are the REST call records of communication_type 'sitephone'.
    tables: ['calls'],
    where: { column: 'communication_type', sql: `communication_type = 'sitephone'` },
    columns: {
      date_time: ['call_date', 'date_time', 'created_at', 'start_time'],
      name: ['name'],
      phone: ['phone', 'numa'],
      email: ['email'],
      message: ['message'],
      page_url: ['page_url', 'url'],
    },
  },
];

export interface Feed {
  kind: ConsoleRequest['kind'];
  /** Rows of `sites` (JSON array of ids) with id > `after`, oldest first; at most `limit`. */
  after(sites: string, after: number, limit: number): ConsoleRequest[];
  /** The newest rows of `sites` since `sinceTime` (a REST date-time), oldest first. */
  recent(sites: string, sinceTime: string, limit: number): ConsoleRequest[];
  /** The largest id in the table, of any site: where a live feed starts. */
  maxId(): number;
}

const ident = (s: string) => '"' + s.replace(/"/g, '""') + '"';

/** The feeds whose tables exist in `db` (call after migrations). */
export function requestFeeds(db: DB): Feed[] {
  const feeds: Feed[] = [];
  for (const spec of SPECS) {
    const table = spec.tables.find((t) => db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(t));
    if (!table) continue;
    const have = new Set((db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((c) => c.name));
    if (!have.has('id') || !have.has('site_id')) continue;
    const cols = Object.entries(spec.columns).map(([as, names]) => {
      const c = names.find((n) => have.has(n));
      return (c ? ident(c) : 'NULL') + ' AS ' + as;
    });
    const dateCol = spec.columns.date_time.find((n) => have.has(n));
    const extra = spec.where && have.has(spec.where.column) ? ` AND ${spec.where.sql}` : '';
    const base = `SELECT '${spec.kind}' AS kind, id, site_id, ${cols.join(', ')} FROM ${ident(table)}
      WHERE site_id IN (SELECT value FROM json_each(?))${extra}`;
    const after = db.prepare(`${base} AND id > ? ORDER BY id LIMIT ?`);
    const recent = db.prepare(
      `SELECT * FROM (${base} ${dateCol ? `AND ${ident(dateCol)} >= ?` : 'AND ? IS NOT NULL'} ORDER BY id DESC LIMIT ?) ORDER BY id`,
    );
    const max = db.prepare(`SELECT coalesce(max(id), 0) AS n FROM ${ident(table)}`);
    feeds.push({
      kind: spec.kind,
      after: (sites, id, limit) => after.all(sites, id, limit) as ConsoleRequest[],
      recent: (sites, since, limit) => recent.all(sites, since, limit) as ConsoleRequest[],
      maxId: () => (max.get() as { n: number }).n,
    });
  }
  return feeds;
}

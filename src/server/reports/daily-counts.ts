import { sql } from 'kysely';
import type { Queryable } from '../store/queryable.js';

/**
 * The console's reports page: visits, calls, chats, requests and goals of one site in a range,
 * counted per campaign and per ten minutes of stored UTC time. The caller folds the ten-minute
 * buckets into the customer's calendar days: a day in a zone is not a day in UTC, and ten minutes
 * divide every offset in use but a few (±:45), so no bucket straddles two local days there.
 * Grouping in SQL keeps what is read small however much traffic a range holds; each statement
 * reads by the (site, time) index of its table.
 */

export const DAILY_KINDS = ['visits', 'calls', 'chats', 'requests', 'goals'] as const;
export type DailyKind = (typeof DAILY_KINDS)[number];

export interface BucketCount {
  kind: DailyKind;
  ac_id: number;
  /** `YYYY-MM-DD HH:M`, the first 15 characters of a stored UTC date-time. */
  bucket: string;
  n: number;
}

/** One site's range, stored UTC text, half-open `[from, till)`. */
export interface SiteRange {
  siteId: number;
  from: string;
  till: string;
}

/** The ten-minute bucket of a stored UTC date-time column (text in both dialects). */
const bucket = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 15)`;

/** `kinds`: the counts wanted (each kind is a statement of its own; a site's visits are the most rows). */
export async function bucketCounts(db: Queryable, r: SiteRange, kinds: readonly DailyKind[] = DAILY_KINDS): Promise<BucketCount[]> {
  const out: BucketCount[] = [];
  const add = (kind: DailyKind, rows: Array<{ ac_id: number; bucket: string; n: number | string | bigint }>) => {
    for (const row of rows) out.push({ kind, ac_id: Number(row.ac_id), bucket: row.bucket, n: Number(row.n) });
  };
  if (kinds.includes('visits'))
    add(
      'visits',
      await db
        .selectFrom('sessions as s')
        .select((eb) => ['s.ac_id', bucket('s.start_time').as('bucket'), eb.fn.countAll().as('n')])
        .where('s.site_id', '=', r.siteId)
        .where('s.start_time', '>=', r.from)
        .where('s.start_time', '<', r.till)
        // The owner's preview of a campaign is no visit (tracking/number-reasons.ts).
        .where((eb) => eb.or([eb('s.number_reason', 'is', null), eb('s.number_reason', '<>', 'preview')]))
        .groupBy(['s.ac_id', bucket('s.start_time')])
        .execute(),
    );
  if (kinds.includes('calls'))
    add(
      'calls',
      await db
        .selectFrom('calls as c')
        .select((eb) => ['c.ac_id', bucket('c.call_date').as('bucket'), eb.fn.countAll().as('n')])
        .where('c.site_id', '=', r.siteId)
        .where('c.call_date', '>=', r.from)
        .where('c.call_date', '<', r.till)
        .groupBy(['c.ac_id', bucket('c.call_date')])
        .execute(),
    );
  if (kinds.includes('chats'))
    add(
      'chats',
      await db
        .selectFrom('chats as ch')
        .select((eb) => ['ch.ac_id', bucket('ch.start_time').as('bucket'), eb.fn.countAll().as('n')])
        .where('ch.site_id', '=', r.siteId)
        .where('ch.start_time', '>=', r.from)
        .where('ch.start_time', '<', r.till)
        .groupBy(['ch.ac_id', bucket('ch.start_time')])
        .execute(),
    );
  if (kinds.includes('requests'))
    add(
      'requests',
      await db
        .selectFrom('offline_messages as o')
        .select((eb) => ['o.ac_id', bucket('o.date_time').as('bucket'), eb.fn.countAll().as('n')])
        .where('o.site_id', '=', r.siteId)
        .where('o.date_time', '>=', r.from)
        .where('o.date_time', '<', r.till)
        .groupBy(['o.ac_id', bucket('o.date_time')])
        .execute(),
    );
  if (kinds.includes('goals'))
    add(
      'goals',
      await db
        .selectFrom('goals as g')
        .innerJoin('sessions as s', 's.id', 'g.session_id')
        .select((eb) => ['s.ac_id', bucket('g.start_time').as('bucket'), eb.fn.countAll().as('n')])
        .where('g.site_id', '=', r.siteId)
        .where('g.start_time', '>=', r.from)
        .where('g.start_time', '<', r.till)
        .groupBy(['s.ac_id', bucket('g.start_time')])
        .execute(),
    );
  return out;
}

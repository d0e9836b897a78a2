import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';

/**
 * How a DT pool is used (the app's pool page): numbers leased at once hour by hour, how often it
 * ran dry, and the size it would need. Read from the lease rows (`dt_leases`: every lease is kept
 * with its start and end) and the overflows (`dt_overflows`: each session the pool gave no number,
 * with why).
 */

const HOUR = 3_600_000;

/** Margin over the busiest hour's demand for the suggested size. */
export const SIZE_MARGIN = 0.25;

export interface PoolHour {
  /** The hour's start, ISO 8601 UTC. */
  at: string;
  /** The most numbers leased at once in the hour. */
  leased: number;
  /** Sessions that found every number leased in the hour. */
  dry: number;
}

export interface PoolUsage {
  size: number;
  hours: PoolHour[];
  /** Sessions that found the pool dry in the last 7 days, and in how many hours. */
  week: { dry_visits: number; dry_hours: number; share_refusals: number };
  /** The most numbers wanted at once in one hour of the last 7 days: leased at once + visits that found it dry. */
  peak_wanted: number;
  /** ⌈peak_wanted × (1 + SIZE_MARGIN)⌉, at least 1. */
  suggested_size: number;
}

/** The pool's usage in the last `hours` hours (the hour now running is the last), and over 7 days. */
export async function poolUsage(db: Queryable, blockId: number, size: number, hours: number, now: number): Promise<PoolUsage> {
  const end = Math.floor(now / HOUR) * HOUR + HOUR;
  const weekStart = end - 7 * 24 * HOUR;
  const leases = await leasesBetween(db, blockId, weekStart, end);
  const overflows = await overflowsSince(db, blockId, weekStart);
  const week = hourly(leases, overflows, weekStart, 7 * 24);
  const peak = Math.max(0, ...week.map((h) => h.leased + h.dry));
  const dry = overflows.filter((o) => o.reason === 'dry');
  return {
    size,
    hours: week.slice(-hours),
    week: {
      dry_visits: dry.length,
      dry_hours: week.filter((h) => h.dry > 0).length,
      share_refusals: overflows.length - dry.length,
    },
    peak_wanted: peak,
    suggested_size: Math.max(1, Math.ceil(peak * (1 + SIZE_MARGIN))),
  };
}

/** Hour by hour from `start`: the most leases live at once, and the dry overflows. */
function hourly(
  leases: Array<{ start_ms: number; until_ms: number }>,
  overflows: Array<{ at: number; reason: string | null }>,
  start: number,
  n: number,
): PoolHour[] {
  const out: PoolHour[] = Array.from({ length: n }, (_, i) => ({ at: new Date(start + i * HOUR).toISOString(), leased: 0, dry: 0 }));
  // A sweep over the leases' starts (+1) and ends (-1); an end before a start at the same moment.
  const events = leases.flatMap((l) => [
    [Math.max(l.start_ms, start), 1],
    [l.until_ms, -1],
  ]) as Array<[number, number]>;
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let live = 0;
  let hour = 0;
  for (const [at, d] of events) {
    const h = Math.floor((at - start) / HOUR);
    // The hours passed since the last event had `live` leases throughout.
    for (; hour < Math.min(h, n); hour++) out[hour]!.leased = Math.max(out[hour]!.leased, live);
    // The count just before and just after the event, both within its hour.
    if (h < n) out[h]!.leased = Math.max(out[h]!.leased, live, live + d);
    live += d;
  }
  for (; hour < n; hour++) out[hour]!.leased = Math.max(out[hour]!.leased, live);
  for (const o of overflows) {
    const h = Math.floor((o.at - start) / HOUR);
    if (o.reason === 'dry' && h >= 0 && h < n) out[h]!.dry++;
  }
  return out;
}

/** The block's leases live at some moment of `[from, till)`. */
async function leasesBetween(db: Queryable, blockId: number, from: number, till: number) {
  return db
    .selectFrom('dt_leases')
    .select(['start_ms', 'until_ms'])
    .where('block_id', '=', blockId)
    .where('until_ms', '>', from)
    .where('start_ms', '<', till)
    .execute();
}

/** The block's overflows since `from` (epoch ms), with their time as epoch ms. */
async function overflowsSince(db: Queryable, blockId: number, from: number) {
  const rows = await db
    .selectFrom('dt_overflows')
    .select(['created_at', 'reason'])
    .where('block_id', '=', blockId)
    .where('created_at', '>=', timestamp(from))
    .execute();
  return rows.map((r) => ({ at: Date.parse(r.created_at.replace(' ', 'T') + 'Z'), reason: r.reason }));
}

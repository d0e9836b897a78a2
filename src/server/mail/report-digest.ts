import { sql } from 'kysely';
import { parseDate } from '../identity/dates.js';
import { bucketCounts } from '../reports/daily-counts.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { sitesOfCustomer } from '../sites/sites.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import type { ReportPeriod } from './report-period.js';

/**
 * The numbers of a scheduled report: the customer's totals over its sites in the period and the
 * period before (visits, calls, missed calls, chats, requests), and the campaigns that brought the
 * most calls, chats and requests. Counted by the reports' own buckets (reports/daily-counts.ts).
 */
export const TOTALS = ['visits', 'calls', 'missed', 'chats', 'requests'] as const;
export type Total = (typeof TOTALS)[number];

export interface Digest {
  now: Record<Total, number>;
  before: Record<Total, number>;
  top: Array<{ name: string; site: string; n: number }>;
}

const zero = (): Record<Total, number> => ({ visits: 0, calls: 0, missed: 0, chats: 0, requests: 0 });

async function missedCalls(db: Queryable, siteId: number, from: string, till: string): Promise<number> {
  const r = await sql<{ n: number }>`
    SELECT COUNT(*) AS n FROM calls WHERE site_id = ${siteId} AND call_date >= ${from} AND call_date < ${till}
      AND communication_type = 'call' AND answered_time IS NULL AND ended_time IS NOT NULL`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export async function reportDigest(db: Queryable, customerId: number, tz: string, p: ReportPeriod): Promise<Digest> {
  const at = (day: string) => timestamp(parseDate(day, tz)!);
  const d: Digest = { now: zero(), before: zero(), top: [] };
  const byCampaign: Array<{ name: string; site: string; n: number }> = [];
  for (const site of await sitesOfCustomer(db, customerId, { limit: 10_000, offset: 0 })) {
    for (const [into, from, till] of [
      [d.now, p.start, p.end],
      [d.before, p.previousStart, p.start],
    ] as const) {
      const rows = await bucketCounts(db, { siteId: site.id, from: at(from), till: at(till) }, ['visits', 'calls', 'chats', 'requests']);
      for (const r of rows) into[r.kind as Total] += r.n;
      into.missed += await missedCalls(db, site.id, at(from), at(till));
      if (into !== d.now) continue;
      const names = new Map((await campaignsOfSite(db, site.id)).map((c) => [c.id, c.name]));
      const per = new Map<number, number>();
      for (const r of rows) if (r.kind !== 'visits') per.set(r.ac_id, (per.get(r.ac_id) ?? 0) + r.n);
      for (const [ac, n] of per) byCampaign.push({ name: ac === -1 ? '' : (names.get(ac) ?? '#' + ac), site: site.domain, n });
    }
  }
  d.top = byCampaign.sort((a, b) => b.n - a.n).slice(0, 5);
  return d;
}

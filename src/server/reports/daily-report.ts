import { dayOf, daySpan, DEFAULT_TIME_ZONE, parseDate } from '../identity/dates.js';
import { errors } from '../http/errors.js';
import { bucketCounts } from './daily-counts.js';
import type { CustomerRow } from '../identity/customers.js';
import { campaignsOfSite } from '../sites/campaigns.js';
import { siteById } from '../sites/sites.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';

/** The longest range the chart draws: a year and a day. */
const MAX_DAYS = 366;

/**
 * Calls per campaign per day of the customer's calendar, `[date_from, date_till]`, for the report's
 * chart: the reports' ten-minute buckets (reports/daily-counts.ts) summed by the customer's day.
 */
export async function dailyCalls(db: Queryable, customer: CustomerRow, q: { site_id: number; date_from: string; date_till: string }) {
  const site = await siteById(db, q.site_id);
  if (!site || site.customer_id !== customer.id) throw errors.notFound();
  const zone = customer.time_zone || DEFAULT_TIME_ZONE;
  if (q.date_till < q.date_from) throw errors.invalid('date_till: on or after date_from');
  const count = daySpan(q.date_from, q.date_till);
  if (count > MAX_DAYS) throw errors.invalid(`date_till: at most ${MAX_DAYS} days after date_from`);
  const start = Date.parse(q.date_from + 'T00:00:00Z');
  const days = Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  const from = parseDate(q.date_from, zone);
  const after = parseDate(new Date(start + count * 86_400_000).toISOString().slice(0, 10), zone);
  if (from == null || after == null) throw errors.invalid('date_from: not a date');
  // Calls only: counting the range's sessions too (the console's visits) cost most of the answer.
  const rows = await bucketCounts(db, { siteId: q.site_id, from: timestamp(from), till: timestamp(after) }, ['calls']);
  const campaigns = new Map((await campaignsOfSite(db, q.site_id)).map((c) => [c.id, c]));
  const ids = [...new Set(rows.map((r) => r.ac_id))].sort((a, b) => a - b);
  const index = new Map(days.map((d, i) => [d, i]));
  const calls = ids.map(() => days.map(() => 0));
  for (const r of rows) {
    const d = index.get(dayOf(Date.parse(r.bucket.replace(' ', 'T') + '0:00.000Z'), zone));
    if (d !== undefined) calls[ids.indexOf(r.ac_id)]![d]! += r.n;
  }
  const campaign = (id: number) => ({
    id,
    name: id === -1 ? '' : (campaigns.get(id)?.name ?? '#' + id),
    is_removed: campaigns.get(id)?.removed ?? false,
  });
  return { days, campaigns: ids.map(campaign), calls };
}

import { agentCharges } from './agents.js';
import { dayOf, parseDate } from '../identity/dates.js';
import { customerNumbers } from '../numbers/queries.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import { costsBetween } from './queries.js';
import { dailyRent } from './tariff.js';

/**
 * A customer's charges per calendar day of its time zone (daily_sdr), in kopecks:
 * - call: the sum of the costs of its legs set up that day (the same rows cdr_in_cost and
 *   cdr_out_cost list);
 * - number: the rent of every number it holds that day, from the day of its activation through
 *   `today` (days to come are not charged yet);
 * - activation_number: the connection fee of the numbers activated that day;
 * - tp: what its agent was charged for its tariff plan that day (agent_charges);
 * - physical_limit: no limit extension is sold here, always 0.
 */
export interface DayCharges {
  day: string;
  tp: number;
  number: number;
  physical_limit: number;
  call: number;
  activation_number: number;
}

/** The next calendar day of `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The calendar days from `first` through `last`. */
export function daysFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = nextDay(d)) out.push(d);
  return out;
}

const storedMs = (t: string): number => Date.parse(t.replace(' ', 'T') + 'Z');

export async function dailyCharges(
  db: Queryable,
  customer: { id: number; time_zone: string },
  days: readonly string[],
  nowMs: number,
): Promise<DayCharges[]> {
  const tz = customer.time_zone;
  const today = dayOf(nowMs, tz);
  const out = new Map<string, DayCharges>(
    days.map((day) => [day, { day, tp: 0, number: 0, physical_limit: 0, call: 0, activation_number: 0 }]),
  );
  if (!days.length) return [];
  const from = timestamp(parseDate(days[0]!, tz)!);
  const till = timestamp(parseDate(nextDay(days[days.length - 1]!), tz)!);
  for (const c of await costsBetween(db, customer.id, from, till)) {
    const rec = out.get(dayOf(storedMs(c.setup_time), tz));
    if (rec) rec.call += c.cost_kopecks;
  }
  for (const n of await customerNumbers(db, customer.id)) {
    const since = dayOf(storedMs(n.activation_date), tz);
    for (const rec of out.values()) {
      if (rec.day < since || rec.day > today) continue;
      rec.number += dailyRent(n.monthly_charge_kopecks, rec.day);
      if (rec.day === since) rec.activation_number += n.activation_charge_kopecks;
    }
  }
  for (const c of await agentCharges(db, customer.id)) {
    const rec = out.get(c.day);
    if (rec) rec.tp += c.amount_kopecks;
  }
  return [...out.values()];
}

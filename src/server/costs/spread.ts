import { apiErrors } from '../api/errors.js';

/** A cost entered for a period, spread over its days. */

/** The longest period a cost is spread over. */
export const MAX_SPREAD_DAYS = 366;

/**
 * The days `from` to `till` (both included, YYYY-MM-DD) with `cents` shared evenly; the hundredths
 * left over go one each to the first days, so the days add up to the amount exactly.
 */
export function spreadOverDays(from: string, till: string, cents: number): Array<{ day: string; cents: number }> {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${till}T00:00:00Z`);
  if (Number.isNaN(start)) throw apiErrors.invalid('date_from', 'not a day');
  if (Number.isNaN(end)) throw apiErrors.invalid('date_till', 'not a day');
  if (end < start) throw apiErrors.invalid('date_till', 'must not be before date_from');
  const n = Math.round((end - start) / 864e5) + 1;
  if (n > MAX_SPREAD_DAYS) throw apiErrors.invalid('date_till', `at most ${MAX_SPREAD_DAYS} days`);
  const base = Math.floor(cents / n);
  const rest = cents - base * n;
  return Array.from({ length: n }, (_, i) => ({
    day: new Date(start + i * 864e5).toISOString().slice(0, 10),
    cents: base + (i < rest ? 1 : 0),
  }));
}

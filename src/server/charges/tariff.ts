import type { PrefixType } from '../store/tables/telephony.js';
import type { Row } from '../store/tables.js';

/**
 * The rating rules (docs/calls.md, "Numbers, scenarios and charges"), pure so they can be read and tested
 * alone:
 * - a leg is billed per started minute of talk (`duration`, connect to end): 1 s is one minute,
 *   60 s one, 61 s two; a leg never connected costs nothing;
 * - the number rated is where the call comes from on an incoming leg (`numa`) and where it goes on
 *   an outgoing one (`numb`); the customer's own number on the leg (`numb` in, `numa` out) gives
 *   the number category;
 * - the tariff is the row of the leg's direction whose prefix is the longest that starts the rated
 *   number, a row of the number's category before a row for any category; `''` matches all;
 * - a rated number of at most 6 digits is an extension or a SIP line: `internal`, free, as is a
 *   leg no tariff matches;
 * - a number's rent for a day is its monthly charge divided by the days of that month, rounded to
 *   the kopeck (half up).
 */

export type CallTariff = Row<'call_tariffs'>;

export const PREFIX_TYPE_NAMES: Record<PrefixType, string> = {
  internal: 'Внутренние',
  local: 'Местные',
  country: 'Междугородные',
  international: 'Международные',
  zone: 'Зоновые',
};

export function billedMinutes(durationS: number): number {
  return durationS > 0 ? Math.ceil(durationS / 60) : 0;
}

/** The tariff of a rated number; null for an internal number or when none matches. */
export function findTariff(
  tariffs: readonly CallTariff[],
  direction: 'in' | 'out',
  category: string | null,
  rated: string,
): CallTariff | null {
  if (rated.length <= 6) return null;
  let best: CallTariff | null = null;
  for (const t of tariffs) {
    if (t.direction !== direction || !rated.startsWith(t.prefix)) continue;
    if (t.number_category !== null && t.number_category !== category) continue;
    if (
      !best ||
      t.prefix.length > best.prefix.length ||
      (t.prefix.length === best.prefix.length && best.number_category === null && t.number_category !== null)
    )
      best = t;
  }
  return best;
}

export interface RatedLeg {
  minutes: number;
  tariff_id: number | null;
  prefix_type: PrefixType;
  prefix_type_name: string;
  cost_kopecks: number;
}

export function rateLeg(
  tariffs: readonly CallTariff[],
  leg: { direction: 'in' | 'out'; numa: string; numb: string; duration: number },
  categoryOf: (number: string) => string | null,
): RatedLeg {
  const numa = leg.numa.replace(/\D/g, '');
  const numb = leg.numb.replace(/\D/g, '');
  const [rated, own] = leg.direction === 'in' ? [numa, numb] : [numb, numa];
  const t = findTariff(tariffs, leg.direction, categoryOf(own), rated);
  const minutes = billedMinutes(leg.duration);
  if (!t) return { minutes, tariff_id: null, prefix_type: 'internal', prefix_type_name: PREFIX_TYPE_NAMES.internal, cost_kopecks: 0 };
  return {
    minutes,
    tariff_id: t.id,
    prefix_type: t.prefix_type,
    prefix_type_name: t.prefix_type_name,
    cost_kopecks: minutes * t.price_per_minute_kopecks,
  };
}

/** Days of the month of `day` (YYYY-MM-DD). */
export function daysInMonth(day: string): number {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** A number's rent for one day, in kopecks. */
export function dailyRent(monthlyKopecks: number, day: string): number {
  return Math.round(monthlyKopecks / daysInMonth(day));
}

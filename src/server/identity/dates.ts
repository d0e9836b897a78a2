import { z } from 'zod';

/**
 * Dates of the REST API: requests say `YYYY-MM-DD` (read as 00:00:00) or `YYYY-MM-DD HH:MM:SS`,
 * answers say `YYYY-MM-DD HH:MM:SS`, both in the acting customer's time zone (customers.time_zone,
 * default Europe/Moscow, where the vendor's records are). The database keeps UTC (store/time.ts).
 */

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True for a zone name Intl knows (a customer's setting is checked with it before it is stored). */
export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of instant `ms` in zone `tz`. */
function fields(ms: number, tz: string): number[] {
  const p = Object.fromEntries(
    formatter(tz)
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return [+p.year!, +p.month!, +p.day!, +p.hour!, +p.minute!, +p.second!];
}

const offsetAt = (ms: number, tz: string) => {
  const [y, mo, d, h, mi, s] = fields(ms, tz);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - Math.floor(ms / 1000) * 1000;
};

/** A request date in zone `tz` as epoch ms; null when it is not a valid date of the accepted forms. */
export function parseDate(text: string, tz: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((x) => (x === undefined ? undefined : +x)) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h, mi, s);
  const back = new Date(wall);
  // 2026-02-30 rolls over to March in Date.UTC: refuse it rather than read another day.
  if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  let ms = wall - offsetAt(wall, tz);
  // Across a change of offset the first guess is off by the change: one correction settles it.
  const again = wall - offsetAt(ms, tz);
  if (again !== ms) ms = again;
  return ms;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the REST answers write it, `YYYY-MM-DD HH:MM:SS` in zone `tz`. */
export function formatDate(ms: number, tz: string): string {
  const [y, mo, d, h, mi, s] = fields(ms, tz);
  return `${y}-${pad(mo!)}-${pad(d!)} ${pad(h!)}:${pad(mi!)}:${pad(s!)}`;
}

/** The calendar day of instant `ms` in zone `tz`, `YYYY-MM-DD`. */
export function dayOf(ms: number, tz: string): string {
  return formatDate(ms, tz).slice(0, 10);
}

/**
 * The years a request date may name. Past them a date has no stored form (UTC text of four-digit
 * years, shifted by the zone and by the day after the range's last day), so it is refused as
 * input rather than failing later.
 */
export const DATE_YEARS = { min: 1000, max: 9998 } as const;

/** True when the date text (either accepted form) names a year of DATE_YEARS. */
export function inDateYears(text: string): boolean {
  const y = Number(text.slice(0, 4));
  return y >= DATE_YEARS.min && y <= DATE_YEARS.max;
}

export const DATE_YEARS_MESSAGE = `a year from ${DATE_YEARS.min} to ${DATE_YEARS.max}`;

/**
 * Calendar days from `first` through `last` (`YYYY-MM-DD`, both counted), by arithmetic: a range is
 * measured before any work that grows with it.
 */
export function daySpan(first: string, last: string): number {
  return Math.round((Date.parse(last + 'T00:00:00Z') - Date.parse(first + 'T00:00:00Z')) / 86_400_000) + 1;
}

/** A date parameter: one of the two accepted forms (the zone is applied by the function that reads it). */
export const dateArg = z.string().regex(DATE, 'YYYY-MM-DD or YYYY-MM-DD HH:MM:SS').refine(inDateYears, DATE_YEARS_MESSAGE);

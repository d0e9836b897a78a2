import { formatDate } from '../identity/dates.js';

/**
 * Which period of a scheduled report is due at an instant, in the customer's time zone: a daily
 * report covers yesterday and is due from its hour today; a weekly one covers last week (Monday to
 * Sunday) and is due from its hour on its weekday. Before that moment nothing is due: a period
 * missed while no process ran goes on the same day, never a day late.
 */
export interface ReportPeriod {
  /** First day, `YYYY-MM-DD`. */
  start: string;
  /** The day after the last, exclusive. */
  end: string;
  /** The period before, for comparison. */
  previousStart: string;
}

const addDays = (day: string, n: number) => new Date(Date.parse(day + 'T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);

/** ISO weekday of a date, 1 Monday to 7 Sunday. */
const weekday = (day: string) => ((new Date(day + 'T00:00:00Z').getUTCDay() + 6) % 7) + 1;

export function duePeriod(s: { period: 'daily' | 'weekly'; hour: number; weekday: number }, now: number, tz: string): ReportPeriod | null {
  const local = formatDate(now, tz);
  const today = local.slice(0, 10);
  if (Number(local.slice(11, 13)) < s.hour) return null;
  if (s.period === 'daily') return { start: addDays(today, -1), end: today, previousStart: addDays(today, -2) };
  if (weekday(today) !== s.weekday) return null;
  const monday = addDays(today, 1 - weekday(today));
  return { start: addDays(monday, -7), end: monday, previousStart: addDays(monday, -14) };
}

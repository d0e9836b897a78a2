import type { Lang } from './i18n.js';

/**
 * Phone numbers as people write them: Russian numbers `+7 (495) 777-00-11`, North American
 * `+1 (415) 555-0111`, others `+` and their digits in groups; never the raw digits.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const d = raw.replace(/\D/g, '');
  if (d.length === 11 && (d[0] === '7' || d[0] === '8')) return `+7 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9)}`;
  if (d.length === 10) return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
  // North America (a carrier's US and Canadian numbers): country code 1, area code, 3 + 4 digits.
  if (d.length === 11 && d[0] === '1') return `+1 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7)}`;
  return '+' + d.replace(/(\d{3})(?=\d)/g, '$1 ');
}

export function formatDateTime(iso: string, lang: Lang, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/**
 * A time the REST API gives as the customer's wall clock (`2026-11-29 13:05:07`, already in their
 * zone) in the words `formatDateTime` uses for every other time ("Nov 29, 2026, 1:05 PM"); text of
 * another shape is shown as it is.
 */
export function formatWallClock(text: string, lang: Lang): string {
  if (!/^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/.test(text)) return text;
  return formatDateTime(text.replace(' ', 'T') + 'Z', lang, 'UTC');
}

export function formatMoney(roubles: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'RUB' }).format(roubles);
}

export function formatNumber(n: number, lang: Lang): string {
  return new Intl.NumberFormat(lang).format(n);
}

export function formatPercent(share: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

export function formatDuration(seconds: number | null): string {
  if (seconds == null) return '';
  const m = Math.floor(seconds / 60);
  return `${m}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Today in the zone, `YYYY-MM-DD`, shifted by `days`. */
export function dayIn(timeZone: string, days = 0, from = Date.now()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(from + days * 86_400_000),
  );
}

/** Days between two `YYYY-MM-DD` dates (0 for the same day). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
}

/** `YYYY-MM-DD` plus `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A CSV cell: quoted, and a value a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
 * CR) is prefixed with `'` (OWASP's advice on CSV injection).
 */
export function csvCell(v: string | number | null | undefined): string {
  let s = v == null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
  return '"' + s.replace(/"/g, '""') + '"';
}

import { formatDate } from '../identity/dates.js';
import type { ConversionFacts } from './communication.js';
import type { GoogleAdsSettings } from './google-ads.js';
import {
  csvField,
  isCall,
  METRICA_CALL_COLUMNS,
  METRICA_CONVERSION_COLUMNS,
  metricaCallRow,
  metricaConversionRow,
  type MetricaSettings,
} from './metrica.js';

/**
 * The CSV files an owner imports by hand (docs/conversions.md, "CSV downloads"), as the platforms'
 * templates have them: Google Ads' click-conversion and call-conversion import templates (a first
 * line `Parameters:TimeZone=<zone>`, then the header, times in that zone), and Metrica's offline
 * conversions and calls files (Unix times). Each lists the destination's communications that the
 * file's kind can carry; one a template cannot name (no gclid, no number, no ClientId) is left out.
 */

export const CSV_TEMPLATES = ['google_ads_clicks', 'google_ads_calls', 'metrica_conversions', 'metrica_calls'] as const;
export type CsvTemplate = (typeof CSV_TEMPLATES)[number];

export const GOOGLE_CLICK_COLUMNS = [
  'Google Click ID',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
] as const;
export const GOOGLE_CALL_COLUMNS = [
  "Caller's Phone Number",
  'Call Start Time',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
] as const;

const line = (cells: ReadonlyArray<string | number | null | undefined>) => cells.map(csvField).join(',');

export function googleClicksCsv(facts: readonly ConversionFacts[], s: GoogleAdsSettings, tz: string): string {
  const rows = facts.filter((f) => f.gclid).map((f) => line([f.gclid, s.conversion_name, formatDate(f.atMs, tz), s.value, s.currency]));
  return [`Parameters:TimeZone=${tz}`, line(GOOGLE_CLICK_COLUMNS), ...rows].join('\n') + '\n';
}

export function googleCallsCsv(facts: readonly ConversionFacts[], s: GoogleAdsSettings, tz: string): string {
  const name = s.call_conversion_name ?? s.conversion_name;
  const rows = facts
    .filter((f) => isCall(f) && f.caller)
    .map((f) => line([`+${f.caller!}`, formatDate(f.atMs, tz), name, formatDate(f.atMs, tz), s.value, s.currency]));
  return [`Parameters:TimeZone=${tz}`, line(GOOGLE_CALL_COLUMNS), ...rows].join('\n') + '\n';
}

/** Metrica's files name the visitor by ClientId or Yclid, whichever the visit had: both columns, one filled. */
const metricaIds = (f: ConversionFacts) => [f.ymClientId ?? '', f.ymClientId ? '' : (f.yclid ?? '')];

export function metricaConversionsCsv(facts: readonly ConversionFacts[], s: MetricaSettings): string {
  const rows = facts
    .filter((f) => !isCall(f) && (f.ymClientId || f.yclid))
    .map((f) => line([...metricaIds(f), ...metricaConversionRow(f, s)]));
  return [line(['ClientId', 'Yclid', ...METRICA_CONVERSION_COLUMNS]), ...rows].join('\n') + '\n';
}

export function metricaCallsCsv(facts: readonly ConversionFacts[], s: MetricaSettings): string {
  const rows = facts.filter((f) => isCall(f) && (f.ymClientId || f.yclid)).map((f) => line([...metricaIds(f), ...metricaCallRow(f, s)]));
  return [line(['ClientId', 'Yclid', ...METRICA_CALL_COLUMNS]), ...rows].join('\n') + '\n';
}

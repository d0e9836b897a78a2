import { parse } from 'csv-parse/sync';
import { apiErrors } from '../api/errors.js';

/**
 * Reads an ad platform's campaign cost report, as the platform documents its export:
 * - Yandex Direct, Reports API (`CAMPAIGN_PERFORMANCE_REPORT`, `Format: TSV`) or the report
 *   wizard's export: a title line (the report's name and period), the column names (`Date`,
 *   `CampaignId`, `CampaignName`, `Cost`), the rows, and a totals line (`Total rows: N`). Money is
 *   in the account's currency, in millionths (micros) unless `returnMoneyInMicros: false` was sent.
 * - Google Ads, a campaign report downloaded as CSV: a title line and the date range above the
 *   table, the columns `Day`, `Campaign`, `Campaign ID`, `Currency code`, `Cost`, and `Total: …`
 *   lines at the end.
 * csv-parse reads the quoting; this file only finds the table in the text and checks its cells.
 */

export type Platform = 'yandex_direct' | 'google_ads';

/** One row of the table: its line in the file, the platform's day, campaign and cost. */
export interface ExportRow {
  line: number;
  day: string;
  campaignId: string | null;
  campaignName: string | null;
  /** Hundredths of the currency. */
  cents: number;
  currency: string | null;
}

/** The largest file taken, in bytes of UTF-8: the REST body (64 KB) holds it with its JSON quoting. */
export const MAX_FILE_BYTES = 48 * 1024;

/** Each platform's column names (English and Russian interfaces) for what is read. */
const COLUMNS: Record<Platform, { day: string[]; id: string[]; name: string[]; cost: string[]; currency: string[] }> = {
  yandex_direct: { day: ['Date', 'Дата'], id: ['CampaignId'], name: ['CampaignName'], cost: ['Cost'], currency: ['Currency'] },
  google_ads: {
    day: ['Day', 'День'],
    id: ['Campaign ID', 'Идентификатор кампании'],
    name: ['Campaign', 'Кампания'],
    cost: ['Cost', 'Стоимость', 'Расходы'],
    currency: ['Currency code', 'Currency', 'Код валюты', 'Валюта'],
  },
};

export const EXPECTED: Record<Platform, string> = {
  yandex_direct: 'Date, CampaignId or CampaignName, Cost',
  google_ads: 'Day, Campaign ID or Campaign, Cost (and Currency code)',
};

interface Table {
  platform: Platform;
  at: { day: number; id: number; name: number; cost: number; currency: number };
  headerIndex: number;
}

const fail = (why: string) => apiErrors.invalid('file', why);

/**
 * The export's separator: a tab (the Reports API's TSV), a semicolon (a CSV saved where the comma is
 * the decimal mark, as spreadsheets in Russian do) or a comma; the one a line of the first few
 * holds most of.
 */
function delimiterOf(text: string): string {
  const head = text.split('\n', 8);
  const most = (d: string) => Math.max(...head.map((l) => l.split(d).length - 1));
  return (['\t', ';', ','] as const).reduce((best, d) => (most(d) > most(best) ? d : best), '\t' as string);
}

/** The records of the text, each with its line number; a quoting error names its line. */
function records(text: string): Array<{ line: number; cells: string[] }> {
  const delimiter = delimiterOf(text);
  try {
    const out = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    return out.map((r) => ({ line: r.info.lines, cells: r.record.map((c) => c.trim()) }));
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw fail(`${line ? `line ${line}: ` : ''}not readable as CSV or TSV (${(e as Error).message})`);
  }
}

/** The table's header: the first record naming a day, a campaign and a cost column of one platform. */
function findHeader(rows: Array<{ cells: string[] }>, wanted: Platform | null): Table | null {
  for (let i = 0; i < Math.min(rows.length, 20); i++) {
    const cells = rows[i]!.cells;
    for (const platform of wanted ? [wanted] : (['yandex_direct', 'google_ads'] as const)) {
      const c = COLUMNS[platform];
      const find = (names: string[]) => cells.findIndex((x) => names.some((n) => n.toLowerCase() === x.toLowerCase()));
      const at = { day: find(c.day), id: find(c.id), name: find(c.name), cost: find(c.cost), currency: find(c.currency) };
      if (at.day >= 0 && at.cost >= 0 && (at.id >= 0 || at.name >= 0)) return { platform, at, headerIndex: i };
    }
  }
  return null;
}

/** A total line: Yandex's `Total rows: N`, Google's `Total: …` (`Итого`, `Всего` in Russian). */
const isTotal = (first: string) => /^(total|итого|всего)/i.test(first);

/** A money cell as hundredths: `1234.5`, `1,234.50` or `1 234,50`; micros divided by a million. */
function cents(cell: string, micros: boolean, line: number): number {
  let t = cell.replace(/[\s\u00a0]/g, '');
  // A comma is a thousands separator beside a decimal point, else a decimal comma when two digits
  // or fewer follow it ("1234,5"), else a thousands separator again ("1,234").
  if (t.includes('.') || !/,\d\d?$/.test(t)) t = t.replace(/,/g, '');
  else t = t.replace(',', '.');
  if (t === '--' || t === '') t = '0';
  if (!/^\d+\.?\d*$/.test(t)) throw fail(`line ${line}: the cost "${cell}" is not an amount`);
  const n = Number(t);
  return micros ? Math.round(n / 1e4) : Math.round(n * 100);
}

/** A day cell as YYYY-MM-DD (the platforms write ISO days; Google's UI may write DD.MM.YYYY in Russian). */
function day(cell: string, line: number): string {
  const iso = /^(\d{4})-(\d\d)-(\d\d)$/.exec(cell);
  const ru = /^(\d\d)\.(\d\d)\.(\d{4})$/.exec(cell);
  const d = iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : null;
  if (!d || Number.isNaN(Date.parse(`${d}T00:00:00Z`)) || new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) !== d)
    throw fail(`line ${line}: "${cell}" is not a day (YYYY-MM-DD)`);
  return d;
}

/** The rows of an export; `platform` null: found from its columns. */
export function parseExport(text: string, platform: Platform | null, micros: boolean): { platform: Platform; rows: ExportRow[] } {
  if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES)
    throw fail(`the file is larger than ${MAX_FILE_BYTES / 1024} KB: export a shorter period or fewer campaigns`);
  if (!text.trim()) throw fail('the file is empty');
  const all = records(text);
  const table = findHeader(all, platform);
  if (!table) {
    const expected = platform ? EXPECTED[platform] : `${EXPECTED.yandex_direct} (Yandex Direct) or ${EXPECTED.google_ads} (Google Ads)`;
    const seen = all[0] ? ` (line ${all[0].line} has: ${all[0].cells.join(', ').slice(0, 200)})` : '';
    throw fail(`no table header with the columns ${expected}${seen}`);
  }
  const { at } = table;
  const rows: ExportRow[] = [];
  for (const { line, cells } of all.slice(table.headerIndex + 1)) {
    if (isTotal(cells[0] ?? '')) break;
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
    if (cells.length < Math.max(at.day, at.cost) + 1) throw fail(`line ${line}: ${cells.length} columns, the header has more`);
    rows.push({
      line,
      day: day(cell(at.day), line),
      campaignId: cell(at.id) || null,
      campaignName: cell(at.name) || null,
      cents: cents(cell(at.cost), table.platform === 'yandex_direct' && micros, line),
      currency: cell(at.currency).toUpperCase() || null,
    });
  }
  if (!rows.length) throw fail('the file holds no rows of costs (only its header)');
  return { platform: table.platform, rows };
}

import { parse } from 'csv-parse/sync';
import { apiErrors } from '../api/errors.js';
import type { ApiError } from '../http/errors.js';

/**
 * Reads an ad platform's campaign cost report, as the platform documents its export:
 * - Yandex Direct, Reports API (`CAMPAIGN_PERFORMANCE_REPORT`, `Format: TSV`): a title line (the
 *   report's name and period), the column names (`Date`, `CampaignId`, `CampaignName`, `Cost`), the
 *   rows, and a totals line (`Total rows: N`). Money is in the account's currency, in millionths
 *   (micros) unless `returnMoneyInMicros: false` was sent.
 * - Yandex Direct, the report wizard's export in Russian: a title line, `Дата`, `Кампания`,
 *   `№ Кампании`, `Расход (руб.)` (the currency in the header), days as DD.MM.YYYY, amounts with a
 *   decimal comma and non-breaking spaces between thousands, and an `Итого` line.
 * - Google Ads, a campaign report downloaded as CSV: a title line and the date range above the
 *   table, the columns `Day`, `Campaign`, `Campaign ID`, `Currency code`, `Cost` (in Russian `День`,
 *   `Кампания`, `Валюта`, `Стоимость`), and `Total: …` (`Итого: …`) lines at the end.
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

/**
 * Each platform's column names for what is read, in English and in Russian: the Reports API's field
 * names, the Direct report wizard's headers («Дата», «Кампания», «№ Кампании», «Расход (руб.)»), the
 * Google Ads interface's in either language («День», «Кампания», «Стоимость», «Валюта»).
 */
const COLUMNS: Record<Platform, Record<'day' | 'id' | 'name' | 'cost' | 'currency', string[]>> = {
  yandex_direct: {
    day: ['Date', 'Дата'],
    id: ['CampaignId', 'Campaign ID', 'Campaign No.', '№ Кампании', 'Номер кампании', 'ID кампании'],
    name: ['CampaignName', 'Campaign', 'Кампания', 'Название кампании'],
    cost: ['Cost', 'Расход'],
    currency: ['Currency', 'Валюта'],
  },
  google_ads: {
    day: ['Day', 'День'],
    id: ['Campaign ID', 'Идентификатор кампании', 'Идентификатор кампании (ID)'],
    name: ['Campaign', 'Кампания'],
    cost: ['Cost', 'Стоимость', 'Расходы'],
    currency: ['Currency code', 'Currency', 'Код валюты', 'Валюта'],
  },
};

export const EXPECTED: Record<Platform, string> = {
  yandex_direct: 'Date, CampaignId or CampaignName, Cost (Дата, № Кампании or Кампания, Расход)',
  google_ads: 'Day, Campaign ID or Campaign, Cost (День, Кампания, Стоимость)',
};

interface Table {
  platform: Platform;
  at: { day: number; id: number; name: number; cost: number; currency: number };
  headerIndex: number;
  /** The currency the cost column's header names («Расход (руб.)»), when it names one. */
  headerCurrency: string | null;
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
    return out
      .map((r) => ({ line: r.info.lines, cells: r.record.map((c) => c.replace(/\s+/g, ' ').trim()) }))
      .filter((r) => r.cells.some((c) => c !== ''));
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw fail(`${line ? `line ${line}: ` : ''}not readable as CSV or TSV (${(e as Error).message})`);
  }
}

/** A header cell naming one of `names`, alone or with a unit: `Расход (руб.)`, `Cost, RUB`; its unit. */
function headerUnit(cell: string, names: string[]): { unit: string | null } | null {
  const c = cell.toLowerCase();
  for (const n of names.map((x) => x.toLowerCase())) {
    if (c === n) return { unit: null };
    if (!c.startsWith(n)) continue;
    const unit = /^\s*(?:\((.+)\)|,\s*(.+))$/.exec(cell.slice(n.length));
    if (unit) return { unit: (unit[1] ?? unit[2])!.trim() };
  }
  return null;
}

/** The currencies a cost header's unit may name, most specific first (Belarusian roubles before roubles). */
const UNIT_CURRENCIES: Array<[RegExp, string]> = [
  [/бел\.?\s*руб|\bBYN\b/i, 'BYN'],
  [/руб|₽|\bRU[BR]\b/i, 'RUB'],
  [/тенге|\bтг\b|₸|\bKZT\b/i, 'KZT'],
  [/грн|₴|\bUAH\b/i, 'UAH'],
  [/\bсум\b|\bUZS\b/i, 'UZS'],
  [/долл|\$|\bUSD\b/i, 'USD'],
  [/евро|€|\bEUR\b/i, 'EUR'],
];

/** The currency of a cost header's unit; Direct's conventional units («у.е.») are no currency. */
function unitCurrency(unit: string | null, header: string): string | null {
  if (unit == null) return null;
  if (/у\.\s*е\./i.test(unit)) throw fail(`the costs are in conventional units ("${header}"): export the report in the account's currency`);
  for (const [re, code] of UNIT_CURRENCIES) if (re.test(unit)) return code;
  return /^[A-Z]{3}$/.exec(unit)?.[0] ?? null;
}

/** Where each column of one platform is in a record, and the cost header's unit. */
function columnsAt(cells: string[], platform: Platform) {
  const c = COLUMNS[platform];
  const find = (names: string[]) => cells.findIndex((x) => headerUnit(x, names) !== null);
  const at = { day: find(c.day), id: find(c.id), name: find(c.name), cost: find(c.cost), currency: find(c.currency) };
  return { at, unit: at.cost >= 0 ? headerUnit(cells[at.cost]!, c.cost)!.unit : null };
}

/** The table's header: the first record naming a day, a campaign and a cost column of one platform. */
function findHeader(rows: Array<{ cells: string[] }>, wanted: Platform | null): Table | null {
  for (let i = 0; i < Math.min(rows.length, 20); i++) {
    const cells = rows[i]!.cells;
    for (const platform of wanted ? [wanted] : (['yandex_direct', 'google_ads'] as const)) {
      const { at, unit } = columnsAt(cells, platform);
      if (at.day >= 0 && at.cost >= 0 && (at.id >= 0 || at.name >= 0))
        return { platform, at, headerIndex: i, headerCurrency: unitCurrency(unit, cells[at.cost]!) };
    }
  }
  return null;
}

/**
 * Why no header was found, naming what was expected and, of the first lines, the one nearest to a
 * header with the columns it lacks (the owner exported the right report without its cost, say).
 */
function noHeader(rows: Array<{ line: number; cells: string[] }>, wanted: Platform | null): ApiError {
  const expected = wanted ? EXPECTED[wanted] : `${EXPECTED.yandex_direct} (Yandex Direct) or ${EXPECTED.google_ads} (Google Ads)`;
  let best: { line: number; cells: string[]; missing: string[] } | null = null;
  for (const r of rows.slice(0, 20))
    for (const platform of wanted ? [wanted] : (['yandex_direct', 'google_ads'] as const)) {
      const { at } = columnsAt(r.cells, platform);
      const c = COLUMNS[platform];
      const missing = [
        ...(at.day < 0 ? [c.day.join(' or ')] : []),
        ...(at.id < 0 && at.name < 0 ? [[...c.id, ...c.name].join(' or ')] : []),
        ...(at.cost < 0 ? [c.cost.join(' or ')] : []),
      ];
      if (missing.length < 3 && (!best || missing.length < best.missing.length)) best = { ...r, missing };
    }
  const near = best ?? rows[0];
  const has = near ? ` (line ${near.line} has: ${near.cells.join(', ').slice(0, 200)}` : '';
  const lacks = best ? `; no column ${best.missing.join('; no column ')})` : near ? ')' : '';
  return fail(`no table header with the columns ${expected}${has}${lacks}`);
}

/** A total line: Yandex's `Total rows: N` and `Итого`, Google's `Total: …` (`Итого`, `Всего` in Russian). */
const isTotal = (cells: string[]) => /^(total|итого|всего)/i.test(cells.find((c) => c !== '') ?? '');

/** A money cell as hundredths: `1234.5`, `1,234.50` or `1 234,50`; micros divided by a million. */
function cents(cell: string, micros: boolean, line: number): number {
  let t = cell.replace(/\s/g, '');
  // A comma is a thousands separator beside a decimal point, else a decimal comma when two digits
  // or fewer follow it ("1234,5"), else a thousands separator again ("1,234").
  if (t.includes('.') || !/,\d\d?$/.test(t)) t = t.replace(/,/g, '');
  else t = t.replace(',', '.');
  if (t === '--' || t === '-' || t === '') t = '0';
  if (!/^\d+\.?\d*$/.test(t)) throw fail(`line ${line}: the cost "${cell}" is not an amount`);
  const n = Number(t);
  return micros ? Math.round(n / 1e4) : Math.round(n * 100);
}

/** A day cell as YYYY-MM-DD: ISO as the APIs write it, DD.MM.YYYY as the interfaces in Russian do. */
function dayOf(cell: string): string | null {
  const iso = /^(\d{4})-(\d\d)-(\d\d)$/.exec(cell);
  const ru = /^(\d\d)\.(\d\d)\.(\d{4})$/.exec(cell);
  const d = iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : null;
  if (!d || Number.isNaN(Date.parse(`${d}T00:00:00Z`)) || new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) !== d) return null;
  return d;
}

/** The table's rows: totals skipped wherever they stand, and after them what is no row (a footnote). */
function tableRows(all: Array<{ line: number; cells: string[] }>, table: Table, micros: boolean): ExportRow[] {
  const { at } = table;
  const rows: ExportRow[] = [];
  let pastTotal = false;
  for (const { line, cells } of all.slice(table.headerIndex + 1)) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
    // A campaign may be named "Total…" where its column comes first: a row has its day.
    if (isTotal(cells) && !dayOf(cell(at.day))) {
      pastTotal = true;
      continue;
    }
    const day = dayOf(cell(at.day));
    if (!day && pastTotal) continue;
    if (cells.length < Math.max(at.day, at.cost) + 1) throw fail(`line ${line}: ${cells.length} columns, the header has more`);
    if (!day) throw fail(`line ${line}: "${cell(at.day)}" is not a day (YYYY-MM-DD or DD.MM.YYYY)`);
    rows.push({
      line,
      day,
      campaignId: cell(at.id) || null,
      campaignName: cell(at.name) || null,
      cents: cents(cell(at.cost), table.platform === 'yandex_direct' && micros, line),
      currency: cell(at.currency).toUpperCase() || table.headerCurrency,
    });
  }
  return rows;
}

/** The rows of an export; `platform` null: found from its columns. */
export function parseExport(text: string, platform: Platform | null, micros: boolean): { platform: Platform; rows: ExportRow[] } {
  if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES)
    throw fail(`the file is larger than ${MAX_FILE_BYTES / 1024} KB: export a shorter period or fewer campaigns`);
  if (!text.trim()) throw fail('the file is empty');
  // What a browser makes of bytes that are no UTF-8 (a file saved as Windows-1251, say).
  if (text.includes('\uFFFD'))
    throw fail('the file is not UTF-8 text (Windows-1251, or UTF-16 as "CSV (Excel)" downloads are): save or download it as UTF-8 CSV');
  const all = records(text);
  const table = findHeader(all, platform);
  if (!table) throw noHeader(all, platform);
  const rows = tableRows(all, table, micros);
  if (!rows.length) throw fail('the file holds no rows of costs (only its header)');
  return { platform: table.platform, rows };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExport } from '../../../../src/server/costs/parse-export.js';

/**
 * The exports in Russian, read cell by cell: the Direct report wizard's («Дата», «Кампания»,
 * «№ Кампании», «Расход (руб.)», a title line, an «Итого» line, decimal commas, non-breaking spaces
 * between thousands) and the Google Ads interface's in Russian («День», «Кампания», «Валюта»,
 * «Стоимость», «Итого: …» lines). The fixtures under test/fixtures/costs/ are written in that shape.
 */

const fixture = (name: string) => readFileSync(join(__dirname, '../../../fixtures/costs', name), 'utf8');
const NBSP = '\u00a0';

/** The message a refusal carries, or the answer when there was none. */
function refusal(text: string, platform: 'yandex_direct' | 'google_ads' | null = null): string {
  try {
    return JSON.stringify(parseExport(text, platform, false));
  } catch (e) {
    return (e as Error).message;
  }
}

describe('exports in Russian', () => {
  it('Direct report wizard: title and Итого skipped, DD.MM.YYYY days, "1 300,00", the currency of "Расход (руб.)"', () => {
    const { platform, rows } = parseExport(fixture('yandex-direct-wizard-ru.csv'), null, false);
    expect(platform).toBe('yandex_direct');
    const row = (line: number, day: string, id: string, name: string, cents: number) => ({
      line,
      day,
      campaignId: id,
      campaignName: name,
      cents,
      currency: 'RUB',
    });
    expect(rows).toEqual([
      row(3, '2026-11-01', '55501', 'Brand search', 10000),
      row(4, '2026-11-02', '55501', 'Brand search', 20050),
      row(5, '2026-11-09', '55501', 'Brand search', 130000),
      row(6, '2026-11-10', '55501', 'Brand search', 40020),
      row(7, '2026-11-09', '55502', 'Old test', 5000),
    ]);
  });

  it('Google Ads in Russian: День, Кампания, Валюта, Стоимость; "Итого: …" lines skipped', () => {
    const { platform, rows } = parseExport(fixture('google-ads-ru.csv'), null, false);
    expect(platform).toBe('google_ads');
    const row = (line: number, day: string, name: string, cents: number) => ({
      line,
      day,
      campaignId: null,
      campaignName: name,
      cents,
      currency: 'RUB',
    });
    expect(rows).toEqual([
      row(4, '2026-11-02', 'Remarketing', 12000),
      row(5, '2026-11-09', 'Remarketing', 100000),
      row(6, '2026-11-12', 'Remarketing', 8000),
      row(7, '2026-11-09', 'display_nov', 6000),
      row(8, '2026-11-13', 'display_nov', 4050),
    ]);
  });

  it('"Расход" without a unit names no currency; totals first, as the interface shows them, are skipped too', () => {
    const text = `Дата\tКампания\tРасход\nИтого\t\t1${NBSP}000,5\n09.11.2026\tBrand search\t1${NBSP}000,5\n`;
    expect(parseExport(text, null, false).rows).toEqual([
      { line: 3, day: '2026-11-09', campaignId: null, campaignName: 'Brand search', cents: 100050, currency: null },
    ]);
  });

  it('a campaign named "Итого…" or "Total…" in the first column is a row, not a total', () => {
    const text =
      'Кампания,День,Стоимость,Валюта\nИтоговая распродажа,2026-11-09,"10,50",RUB\nTotal brand,2026-11-10,3,RUB\nИтого,--,"13,50",RUB\n';
    expect(parseExport(text, null, false).rows.map((r) => [r.campaignName, r.day, r.cents])).toEqual([
      ['Итоговая распродажа', '2026-11-09', 1050],
      ['Total brand', '2026-11-10', 300],
    ]);
  });

  it('the header’s unit in other spellings: "Cost, USD", "Расход (тенге)", "Расход (бел. руб.)"', () => {
    const currency = (header: string) => parseExport(`Date,Campaign,"${header}"\n2026-11-09,X,1\n`, null, false).rows[0]!.currency;
    expect(currency('Cost, USD')).toBe('USD');
    expect(currency('Расход (тенге)')).toBe('KZT');
    expect(currency('Расход (бел. руб.)')).toBe('BYN');
    expect(currency('Расход (руб., с НДС)')).toBe('RUB');
  });

  it('what it cannot read is refused, saying why', () => {
    expect(refusal('Дата;Кампания;Расход (у.е.)\n09.11.2026;X;1\n')).toContain(
      'the costs are in conventional units ("Расход (у.е.)"): export the report in the account\'s currency',
    );
    // The wizard's report without its cost column: the line nearest to a header, and what it lacks.
    expect(refusal('Статистика\nДата;Кампания;Клики\n09.11.2026;X;1\n')).toBe(
      'Invalid parameter file: no table header with the columns Date, CampaignId or CampaignName, Cost (Дата, № Кампании or Кампания, Расход) (Yandex Direct) or Day, Campaign ID or Campaign, Cost (День, Кампания, Стоимость) (Google Ads) (line 2 has: Дата, Кампания, Клики; no column Cost or Расход)',
    );
    expect(refusal('Дата;Кампания;Расход\n9 ноября;X;1\n')).toContain('line 2: "9 ноября" is not a day (YYYY-MM-DD or DD.MM.YYYY)');
    // A file saved as Windows-1251 and read as UTF-8 holds replacement characters.
    expect(refusal('\uFFFD\uFFFD\uFFFD;\uFFFD\n')).toContain('the file is not UTF-8 text');
  });
});

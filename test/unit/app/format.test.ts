import { describe, expect, it } from 'vitest';
import { conditionValueError, selectorOf } from '../../../src/app/conditions.js';
import {
  addDays,
  csvCell,
  dayIn,
  daysBetween,
  formatDateTime,
  formatDuration,
  formatPhone,
  formatWallClock,
} from '../../../src/app/format.js';

describe('phone numbers', () => {
  it('writes Russian numbers as people do, never raw digits', () => {
    expect(formatPhone('74957770011')).toBe('+7 (495) 777-00-11');
    expect(formatPhone('84957770011')).toBe('+7 (495) 777-00-11');
    expect(formatPhone('+7 (495) 777-00-11')).toBe('+7 (495) 777-00-11');
    expect(formatPhone('4957770011')).toBe('+7 (495) 777-00-11');
    expect(formatPhone('442071234567')).toBe('+442 071 234 567');
    expect(formatPhone(null)).toBe('');
  });

  it('writes North American numbers with their country code apart', () => {
    expect(formatPhone('14155550111')).toBe('+1 (415) 555-0111');
    expect(formatPhone('+1 415 555 0111')).toBe('+1 (415) 555-0111');
  });
});

describe('CSV cells', () => {
  it('quotes every cell and defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    for (const lead of ['+', '-', '@', '\t', '\r']) expect(csvCell(lead + '1')).toBe(`"'${lead}1"`);
    expect(csvCell('plain, text')).toBe('"plain, text"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(null)).toBe('""');
  });
});

describe('dates', () => {
  it('counts days in the customer’s zone', () => {
    const t = Date.UTC(2026, 10, 26, 22, 30);
    expect(dayIn('Europe/Moscow', 0, t)).toBe('2026-11-27');
    expect(dayIn('UTC', 0, t)).toBe('2026-11-26');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysBetween('2026-11-01', '2026-11-27')).toBe(26);
    expect(formatDuration(62)).toBe('1:02');
  });
});

describe('campaign forms', () => {
  it('validate a condition as the API does', () => {
    expect(conditionValueError('=', '')).toBe('required');
    expect(conditionValueError('sub', 'x'.repeat(1001))).toBe('tooLong');
    expect(conditionValueError('~', '(yandex')).toBe('invalidRegex');
    expect(conditionValueError('~', '^yandex$')).toBeNull();
  });
  it('write the selector of the number on the page', () => {
    expect(selectorOf('number', '+7 (495) 111-22-33')).toBe('number=74951112233');
    expect(selectorOf('id', 'phone')).toBe('#phone');
    expect(selectorOf('class', '.tel')).toBe('.tel');
    expect(selectorOf('name', 'phone')).toBe('[name=phone]');
  });
});

describe("the customer's wall-clock times of the REST API", () => {
  it('read as every other time of the app reads, in both languages, the clock unchanged', () => {
    // A webhook delivery's time: 13:05 in the customer's zone, whatever the browser's.
    expect(formatWallClock('2026-11-29 13:05:07', 'en')).toBe(formatDateTime('2026-11-29T10:05:07Z', 'en', 'Europe/Moscow'));
    expect(formatWallClock('2026-11-29 13:05:07', 'en')).toMatch(/^Nov 29, 2026, 1:05\sPM$/);
    expect(formatWallClock('2026-11-29 13:05:07', 'ru')).toMatch(/^29 нояб\. 2026 г\., 13:05$/);
    expect(formatWallClock('not a time', 'en')).toBe('not a time');
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { currentLang, dateTimeFormat, dayFormat, messageTimeFormat, pickLang, saveLang, withLang } from '../../../src/console/i18n.js';

/**
 * The console's language and dates (src/console/i18n.ts): Russian unless English is asked, and
 * every date-time written the chosen language's way in the customer's zone, never the browser's
 * default locale (the console used to print `11/23/2026, 8:43:26 PM` in a Russian interface).
 */

const AT = Date.UTC(2026, 10, 23, 17, 43, 26); // 20:43:26 in Moscow

afterEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/op/reports');
});

describe('the language', () => {
  it('is Russian unless a language we have is asked, as the widgets pick theirs', () => {
    expect(pickLang()).toBe('ru');
    expect(pickLang('en')).toBe('en');
    expect(pickLang('de', 'en')).toBe('en');
    expect(pickLang('__proto__', 'toString', null, undefined)).toBe('ru');
  });

  it('comes from ?lang=, else the saved choice, else Russian', () => {
    expect(currentLang()).toBe('ru');
    saveLang('en');
    expect(currentLang()).toBe('en');
    history.replaceState(null, '', '/op/reports?lang=ru');
    expect(currentLang()).toBe('ru');
    history.replaceState(null, '', '/op/reports?lang=xx');
    expect(currentLang()).toBe('en');
  });

  it('rides along to the other console page when the address named it', () => {
    expect(withLang('/op/', 'en')).toBe('/op/');
    history.replaceState(null, '', '/op/reports?size=5&lang=en');
    expect(withLang('/op/', 'en')).toBe('/op/?lang=en');
    // Switched on the page since: the link follows the switch, not the address.
    expect(withLang('/op/', 'ru')).toBe('/op/?lang=ru');
  });
});

describe('dates', () => {
  it('are written the chosen language’s way in the customer’s zone', () => {
    expect(dateTimeFormat('ru', 'Europe/Moscow')(AT)).toBe('23.11.2026, 20:43:26');
    expect(dateTimeFormat('en', 'Europe/Moscow')(AT).replace(/\s/g, ' ')).toBe('11/23/2026, 8:43:26 PM');
    expect(dateTimeFormat('ru', 'Asia/Vladivostok')(AT)).toBe('24.11.2026, 03:43:26');
  });

  it('survive a zone the browser does not know (written in its own zone instead)', () => {
    expect(dateTimeFormat('ru', 'Nowhere/Atlantis')(AT)).toMatch(/^\d\d\.\d\d\.2026, \d\d:43:26$/);
  });

  it('of chat messages are the hour and minute, with the date when not today in the customer’s zone', () => {
    const ru = messageTimeFormat('ru', 'Europe/Moscow');
    expect(ru(AT, AT + 3600_000)).toBe('20:43');
    // 05:03 in Moscow: the hour keeps its leading zero.
    expect(ru(Date.UTC(2026, 10, 23, 2, 3), AT)).toBe('05:03');
    // The next day in Moscow, though the same in UTC: the date is written.
    expect(ru(AT, Date.UTC(2026, 10, 23, 21, 30))).toBe('23.11.2026, 20:43');
    expect(messageTimeFormat('en', 'Europe/Moscow')(AT, Date.UTC(2026, 10, 24, 9)).replace(/\s/g, ' ')).toBe('11/23/2026, 8:43 PM');
    // In Vladivostok the same two instants fall on one day.
    expect(messageTimeFormat('ru', 'Asia/Vladivostok')(AT, Date.UTC(2026, 10, 23, 21, 30))).toBe('03:43');
  });

  it('write calendar days as themselves', () => {
    expect(dayFormat('ru')('2026-03-10')).toBe('10.03.2026');
    expect(dayFormat('en')('2026-03-10')).toBe('3/10/2026');
  });
});

/**
 * The console's language and how it writes dates. Russian by default; English when asked, as the
 * widgets choose (src/widgets/i18n.ts `pickLang`: only languages we have, anything else Russian).
 * Asked by `?lang=` in the page address, else the choice saved in this browser by the language
 * switch of the reports page. Dates and times are written by `Intl.DateTimeFormat` in that
 * language and in the customer's time zone, so a Russian console writes `23.11.2026, 20:43:26`.
 */

export type Lang = 'ru' | 'en';
const LANGS: readonly Lang[] = ['ru', 'en'];
const KEY = 'svc_op_lang';

export function pickLang(...wanted: Array<string | null | undefined>): Lang {
  for (const l of wanted) if (typeof l === 'string' && (LANGS as readonly string[]).includes(l)) return l as Lang;
  return 'ru';
}

function saved(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The language of this page: the address's `?lang=`, else the saved choice, else Russian. */
export function currentLang(): Lang {
  return pickLang(new URLSearchParams(location.search).get('lang'), saved());
}

/**
 * A link to the other console page in `lang`: with `?lang=` when this page's address named a
 * language (the choice rides along), else bare (the other page reads the saved choice itself).
 */
export function withLang(path: string, lang: Lang): string {
  return new URLSearchParams(location.search).has('lang') ? `${path}?lang=${lang}` : path;
}

export function saveLang(lang: Lang): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/** A valid IANA zone, else undefined (the browser's own): a bad zone must not break the page. */
function zoneOrLocal(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** The year in full (`dateStyle: 'short'` writes `11/23/26` in English). */
const DATE = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;

/**
 * Writes instants (epoch ms) as date and time in `lang` and `zone`. The date with the year in full,
 * the time as the language's medium style (`20:43:26`, `03:43:26`; `8:43:26 PM`): field options alone
 * would drop Russian's leading zero of the hour.
 */
export function dateTimeFormat(lang: Lang, zone?: string): (ms: number) => string {
  const timeZone = zoneOrLocal(zone);
  const date = new Intl.DateTimeFormat(lang, { ...DATE, timeZone });
  const time = new Intl.DateTimeFormat(lang, { timeStyle: 'medium', timeZone });
  // Both languages join a date and a time with ", " (`23.11.2026, 20:43:26`, `11/23/2026, 8:43:26 PM`).
  return (ms) => `${date.format(ms)}, ${time.format(ms)}`;
}

/**
 * Writes a chat message's instant (epoch ms) in `lang` and `zone` as a chat shows it: the hour and
 * minute (`20:43`, `8:43 PM`), with the date before them when it is not the day of `now` in that
 * zone (`22.11.2026, 20:43`, `11/22/2026, 8:43 PM`).
 */
export function messageTimeFormat(lang: Lang, zone?: string): (ms: number, now: number) => string {
  const timeZone = zoneOrLocal(zone);
  const date = new Intl.DateTimeFormat(lang, { ...DATE, timeZone });
  const time = new Intl.DateTimeFormat(lang, { timeStyle: 'short', timeZone });
  return (ms, now) => {
    const day = date.format(ms);
    return day === date.format(now) ? time.format(ms) : `${day}, ${time.format(ms)}`;
  };
}

/** Writes calendar days (`YYYY-MM-DD`) as dates in `lang`: `23.11.2026`, `11/23/2026`. */
export function dayFormat(lang: Lang): (day: string) => string {
  // The day is a calendar date already: formatted at noon UTC in UTC, it cannot shift.
  const f = new Intl.DateTimeFormat(lang, { ...DATE, timeZone: 'UTC' });
  return (day) => f.format(Date.parse(day + 'T12:00:00Z'));
}

/** A stored UTC date-time (`YYYY-MM-DD HH:MM:SS.mmm`, the server's) as epoch ms. */
export const storedMs = (t: string): number => Date.parse(t.replace(' ', 'T') + 'Z');

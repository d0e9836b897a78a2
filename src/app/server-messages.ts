import type { Lang } from './i18n.js';

/**
 * The server's refusals in the app's words, chosen by the error's code and the argument it names
 * (the envelope's `field`, docs/rest-api.md "Conventions"), never by reading the server's English:
 * a code means one thing, and an argument error on a phone field is a phone number's problem
 * whatever the text says. Only fields with one way to be wrong get a kind here (an e-mail may be
 * malformed or taken). What the app has no words for is shown in the server's own plain English,
 * whole, so nothing the server says is lost.
 */

type Texts = readonly [en: string, ru: string];

/** Codes that mean one thing wherever they come from (the REST API's and the app's own routes'). */
const BY_CODE: Record<number, Texts> = {
  102401: ['Your session has ended; sign in again', 'Сеанс завершён; войдите снова'],
  401100: ['Your session has ended; sign in again', 'Сеанс завершён; войдите снова'],
  102402: ['Wrong login or password', 'Неверный логин или пароль'],
  401002: ['Wrong login or password', 'Неверный логин или пароль'],
  102405: ['This customer is not active yet', 'Клиент ещё не активирован'],
  102429: ['Too many sign-in attempts; try again later', 'Слишком много попыток входа; попробуйте позже'],
  429001: ['Too many sign-in attempts; try again later', 'Слишком много попыток входа; попробуйте позже'],
  102503: ['Sign-in is busy; try again in a second', 'Вход занят; повторите через секунду'],
  503001: ['Sign-in is busy; try again in a second', 'Вход занят; повторите через секунду'],
  102403: ['You have no access to this', 'Нет доступа'],
  403100: ['You have no access to this', 'Нет доступа'],
  100410: ['Not found: it may have been deleted', 'Не найдено: возможно, уже удалено'],
  404000: ['Not found: it may have been deleted', 'Не найдено: возможно, уже удалено'],
  100502: ['A campaign with this name already exists', 'Кампания с таким названием уже есть'],
  100400: ['Required', 'Обязательное поле'],
};

/** The field an error of a code is about when the envelope names none (the document's 100502 has no `field`). */
const FIELD_OF_CODE: Record<number, string> = { 100502: 'name' };

/** The codes of a refused argument: the REST API's, the app's own routes', an employee's routes'. */
const INVALID = new Set([100422, 400002, 400100]);

/** The kinds of fields the app has words for, by the argument's name. */
const KIND_OF_FIELD: Record<string, keyof typeof BY_KIND> = {
  user_phone: 'phone',
  svc_phone: 'phone',
  forward_to: 'phone',
  forward_numb: 'phone',
  number: 'phone',
  phone: 'phone',
  domain: 'domain',
  time_zone: 'timeZone',
  old_password: 'currentPassword',
  date_till: 'dateTill',
};

const BY_KIND = {
  phone: [
    'Not a complete phone number: a Russian one is +7 and 10 digits; another country’s starts with + and its code',
    'Неполный или несуществующий номер: российский — +7 и 10 цифр, номер другой страны — с + и кодом страны',
  ],
  domain: ['A host name such as shop.example.com', 'Домен вида shop.example.com'],
  timeZone: ['A time zone such as Europe/Moscow', 'Часовой пояс, например Europe/Moscow'],
  currentPassword: ['Not your current password', 'Это не ваш текущий пароль'],
  dateTill: [
    'Check the period: it ends on or after its start and is not too long',
    'Проверьте период: конец не раньше начала, и период не слишком длинный',
  ],
} satisfies Record<string, Texts>;

/** A refusal as the app shows it: its text in `lang` and the field it goes under (null: above the button). */
export function serverMessage(code: number, field: string | null, serverText: string, lang: Lang): { text: string; field: string | null } {
  const at = field ?? FIELD_OF_CODE[code] ?? null;
  const pick = (t: Texts) => (lang === 'en' ? t[0] : t[1]);
  const kind = at && INVALID.has(code) ? KIND_OF_FIELD[at] : undefined;
  if (kind) return { text: pick(BY_KIND[kind]), field: at };
  const known = BY_CODE[code];
  if (known) return { text: pick(known), field: at };
  // The reason after the argument's name, in the server's plain words (`at most 255 characters`).
  const reason = /^(?:Invalid request: [\w.]+: |Invalid parameter [\w.]+: )(.*)$/s.exec(serverText)?.[1] ?? serverText;
  return { text: at ? reason.charAt(0).toUpperCase() + reason.slice(1) : serverText, field: at };
}

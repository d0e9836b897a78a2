import type { Lang } from './i18n.js';

/**
 * The server's refusals in the app's language. The server answers in English (the REST API's
 * messages are part of its contract); the app knows their shapes (`Invalid parameter domain: …`,
 * `Invalid request: password: …`) and their reasons, and writes the reasons it knows in Russian.
 * A reason not listed here stays in English, whole, so nothing the server says is lost.
 */

/**
 * The reasons the schemas' library writes ("Too small: expected string to have >=8 characters"),
 * which read as a program's, not a person's: a plain sentence per kind, in English and Russian.
 */
const LIBRARY: Array<[RegExp, string, string]> = [
  [/^Too small: expected string to have >=1 characters?$/, 'Required', 'Обязательное поле'],
  [/^Too small: expected string to have >=(\d+) characters?$/, 'At least $1 characters', 'Не короче $1 символов'],
  [/^Too big: expected string to have <=(\d+) characters?$/, 'At most $1 characters', 'Не длиннее $1 символов'],
  [/^Too small: expected number to be >=(-?[\d.]+)$/, 'At least $1', 'Не меньше $1'],
  [/^Too small: expected number to be >(-?[\d.]+)$/, 'More than $1', 'Больше $1'],
  [/^Too big: expected number to be <=(-?[\d.]+)$/, 'At most $1', 'Не больше $1'],
  [/^Too big: expected number to be <(-?[\d.]+)$/, 'Less than $1', 'Меньше $1'],
  [/^Too small: expected array to have >=1 items?$/, 'Choose at least one', 'Выберите хотя бы один'],
  [/^Invalid input: expected \w+, received undefined$/, 'Required', 'Обязательное поле'],
  [/^Invalid input: expected (?:number|int).*$/, 'A number', 'Нужно число'],
  [/^Invalid input: expected string.*$/, 'Text', 'Нужен текст'],
  [/^Invalid (?:input|option): expected (?:one of )?".*$/, 'Not one of the choices', 'Недопустимое значение'],
  [/^Invalid email address$/, 'Not an e-mail address', 'Не адрес электронной почты'],
];

const RU: Array<[RegExp, string]> = [
  [/^a phone number of (\d+) to (\d+) digits$/, 'Номер телефона из $1–$2 цифр'],
  [/^a phone number$/, 'Не номер телефона'],
  [/^a host name such as (\S+)$/, 'Домен вида $1'],
  [/^an IANA time zone such as (\S+)$/, 'Часовой пояс IANA, например $1'],
  [/^no spaces$/, 'Без пробелов'],
  [/^5 to 15 digits$/, 'От 5 до 15 цифр'],
  [/^not a valid regular expression.*$/, 'Недопустимое регулярное выражение'],
  [/^not your current password$/, 'Это не ваш текущий пароль'],
  [/^already taken$/, 'Уже занят'],
  [/^already used by another employee$/, 'Уже занят другим сотрудником'],
  [/^not a site of the customer$/, 'Не сайт этого клиента'],
  [/^not a SIP line of the customer$/, 'Не SIP-линия этого клиента'],
  [/^(\S+) is not a number of the customer$/, '$1 — не номер этого клиента'],
  [/^(\S+) already answers another scenario$/, 'Номер $1 уже в другом сценарии'],
  [/^not a caller list of the customer$/, 'Не список звонящих этого клиента'],
  [/^not a scenario of the customer$/, 'Не сценарий этого клиента'],
  [/^a reserved number is needed.*$/, 'Нужен резервный номер, если пустой пул показывает резервный номер'],
  [/^not a number of the customer.*$/, 'Не номер этого клиента (сначала купите его)'],
  [/^on or after date_from$/, 'Не раньше начала периода'],
  [/^at most (\d+) days after date_from$/, 'Не больше $1 дней после начала периода'],
  [/^at most (\d+)$/, 'Не больше $1'],
  [/^Missing required parameter \S+$/, 'Обязательное поле'],
  [/^Wrong login or password$/, 'Неверный логин или пароль'],
  [/^Customer is not active$/, 'Клиент ещё не активирован'],
  [/^Too many (?:login|sign-in) attempts; try again later$/, 'Слишком много попыток входа; попробуйте позже'],
  [/^(?:Login|Sign-in) is busy; try again in 1 s$/, 'Вход занят; повторите через секунду'],
  [/^Duplicate ac name$/, 'Кампания с таким названием уже есть'],
  [/^Duplicate login \S+$/, 'Такой логин уже есть'],
  [/^No free number left in region (\S+)$/, 'В регионе $1 не осталось свободных номеров'],
  [/^The last API login of a customer cannot be removed$/, 'Последний логин API клиента удалить нельзя'],
  [/^Customer \d+ is \w+, not waiting$/, 'Клиент уже активирован'],
  [/^Not found\b.*$/, 'Не найдено'],
  [/^Access denied\b.*$/, 'Доступ запрещён'],
  [/^Unauthorized$/, 'Сеанс завершён; войдите снова'],
];

/** A refusal's text (without its code) in `lang`; the field it names stays what the server said. */
export function localizeMessage(message: string, lang: Lang): string {
  // The reason after the parameter's name: what the field needs.
  const reason = /^(?:Invalid request: [\w.]+: |Invalid parameter [\w.]+: )(.*)$/s.exec(message)?.[1] ?? message;
  for (const [pattern, en, ru] of LIBRARY) if (pattern.test(reason)) return reason.replace(pattern, lang === 'en' ? en : ru);
  if (lang === 'en') return message;
  for (const [pattern, text] of RU) if (pattern.test(reason)) return reason.replace(pattern, text);
  return message;
}

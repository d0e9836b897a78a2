/**
 * Every text of the chat console (src/console/console.ts and the static page of
 * src/server/consultant/console/page.ts), one table per language. The English table is typed by
 * the Russian one, so a text missing from either, or one only one of them has, is a compile error.
 * The page's static texts are named by `data-text="<key of page>"`; `writePageTexts` overwrites
 * them all, so the Russian written in the served HTML is only what shows before the script runs.
 */
import type { Lang } from './i18n.js';
import type { ConsoleCall, ConsoleCallVisit, ConsoleChat } from '../console-protocol.js';

type ChatStatus = `${NonNullable<ConsoleChat['status']>}` | 'null';
type Earlier = ConsoleCallVisit['earlier'][number]['type'];

const ru = {
  /** The static page, by `data-text` (`online`: the status switch's label when on). */
  page: {
    title: 'Консоль оператора',
    email: 'E-mail',
    password: 'Пароль',
    signIn: 'Войти',
    reports: 'Отчёты',
    lang: 'Язык',
    online: 'В сети',
    offline: 'Не в сети',
    signOut: 'Выйти',
    calls: 'Звонки',
    chats: 'Чаты',
    selectChat: 'Выберите чат',
    reply: 'Ответ',
    send: 'Отправить',
    endChat: 'Завершить чат',
    requests: 'Заявки и обратные звонки',
  },
  noServer: 'Нет связи с сервером',
  reconnecting: 'Нет связи, переподключение…',
  wrongPassword: 'Неверный e-mail или пароль',
  tooManyTries: 'Слишком много попыток входа, попробуйте позже',
  signInMissing: 'Введите e-mail и пароль',
  error: 'Ошибка',
  notSent: 'Не отправлено',
  /** A reply or an end refused because the chat ended or another operator took it (409). */
  chatTaken: 'Чат завершён или его ведёт другой оператор',
  /** A chat's `status` (`null`: nobody answered yet); `ended` is a closed chat that was answered. */
  status: { null: 'ждёт ответа', succeed: 'идёт', lost: 'потерян', refused: 'отклонён' } as Record<ChatStatus, string>,
  ended: 'завершён',
  chat: (id: number, domain: string, status: string) => `Чат ${id} · ${domain} · ${status}`,
  visitor: (id: number) => `Посетитель ${id}`,
  /** The chat header's line on where the visitor came from. */
  visit: {
    campaign: 'Кампания',
    noCampaign: 'без кампании',
    source: 'Источник',
    direct: 'прямой заход',
  },
  offlineRequest: 'Заявка',
  callbackRequest: 'Обратный звонок',
  callState: { ringing: 'звонит', answered: 'разговор', ended: 'завершён', lost: 'пропущен' } as Record<ConsoleCall['state'], string>,
  /** The screen pop's facts about a call and its caller's visit. */
  facts: {
    start: 'Начало',
    answeredBy: 'Ответил',
    visitor: 'Посетитель',
    unknown: 'неизвестен',
    byNumber: ' (по номеру)',
    campaign: 'Кампания',
    noCampaign: 'без кампании',
    search: 'Поиск',
    utm: 'UTM',
    entry: 'Вход',
    pages: 'Страницы',
    earlier: 'Ранее',
    noEarlier: 'обращений не было',
  },
  earlier: { call: 'звонок', callback: 'обратный звонок', chat: 'чат', request: 'заявка', goal: 'цель' } as Record<Earlier, string>,
};

export type ConsoleTexts = typeof ru;
export type PageText = keyof ConsoleTexts['page'];

const en: ConsoleTexts = {
  page: {
    title: 'Operator console',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    reports: 'Reports',
    lang: 'Language',
    online: 'Online',
    offline: 'Offline',
    signOut: 'Sign out',
    calls: 'Calls',
    chats: 'Chats',
    selectChat: 'Select a chat',
    reply: 'Reply',
    send: 'Send',
    endChat: 'End chat',
    requests: 'Requests and call-backs',
  },
  noServer: 'No connection to the server',
  reconnecting: 'No connection, reconnecting…',
  wrongPassword: 'Wrong e-mail or password',
  tooManyTries: 'Too many sign-in attempts, try again later',
  signInMissing: 'Enter your e-mail and password',
  error: 'Error',
  notSent: 'Not sent',
  chatTaken: 'The chat is over or another operator answers it',
  status: { null: 'waiting for an answer', succeed: 'in progress', lost: 'lost', refused: 'refused' },
  ended: 'ended',
  chat: (id, domain, status) => `Chat ${id} · ${domain} · ${status}`,
  visitor: (id) => `Visitor ${id}`,
  visit: {
    campaign: 'Campaign',
    noCampaign: 'without campaign',
    source: 'Source',
    direct: 'direct visit',
  },
  offlineRequest: 'Request',
  callbackRequest: 'Call-back',
  callState: { ringing: 'ringing', answered: 'talking', ended: 'ended', lost: 'missed' },
  facts: {
    start: 'Started',
    answeredBy: 'Answered by',
    visitor: 'Visitor',
    unknown: 'unknown',
    byNumber: ' (by number)',
    campaign: 'Campaign',
    noCampaign: 'without campaign',
    search: 'Search',
    utm: 'UTM',
    entry: 'Entry page',
    pages: 'Pages',
    earlier: 'Earlier',
    noEarlier: 'none',
  },
  earlier: { call: 'call', callback: 'call-back', chat: 'chat', request: 'request', goal: 'goal' },
};

export const CONSOLE_TEXTS: Record<Lang, ConsoleTexts> = { ru, en };

/**
 * Writes the page's static texts in `lang`: every `[data-text]` element, the title and the page's
 * language. A `data-text` naming no text is left as it is (the unit test holds the page to the table).
 */
export function writePageTexts(doc: Document, lang: Lang): void {
  const page: Record<string, string> = CONSOLE_TEXTS[lang].page;
  doc.documentElement.lang = lang;
  doc.title = page.title!;
  for (const e of doc.querySelectorAll<HTMLElement>('[data-text]')) {
    const text = page[e.dataset.text!];
    if (text != null) e.textContent = text;
  }
}

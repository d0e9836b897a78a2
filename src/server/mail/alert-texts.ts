import type { MailLang } from './texts.js';
import type { AlertKind } from './alert-kinds.js';

/** The alerts' mails in the app's two languages: a subject with the count, the lines, the links. */

const NAMES: Record<MailLang, Record<AlertKind, [one: string, many: string]>> = {
  en: {
    missed_call: ['Missed call', 'missed calls'],
    request: ['New request', 'new requests'],
    chat_unanswered: ['Chat nobody answered', 'chats nobody answered'],
    qualified: ['Qualified lead', 'qualified leads'],
    pool_dry: ['The number pool ran dry', 'times the number pool ran dry'],
    webhook_off: ['A webhook endpoint was switched off', 'webhook endpoints switched off'],
    carrier_failing: ['A carrier connection is failing', 'carrier connection failures'],
  },
  ru: {
    missed_call: ['Пропущенный звонок', 'пропущенных звонков'],
    request: ['Новая заявка', 'новых заявок'],
    chat_unanswered: ['Чат без ответа', 'чатов без ответа'],
    qualified: ['Целевое обращение', 'целевых обращений'],
    pool_dry: ['В пуле кончились номера', 'раз в пуле кончились номера'],
    webhook_off: ['Вебхук отключён', 'вебхуков отключено'],
    carrier_failing: ['Сбой подключения оператора связи', 'сбоев подключения оператора связи'],
  },
};

const WORDS = {
  en: {
    more: (n: number) => `…and ${n} more`,
    open: 'Open the journal',
    settings: 'Change your notifications',
    unsubscribe: 'Stop alerts of this kind',
  },
  ru: {
    more: (n: number) => `…и ещё ${n}`,
    open: 'Открыть журнал',
    settings: 'Настроить уведомления',
    unsubscribe: 'Отписаться от таких оповещений',
  },
};

export function alertMail(lang: MailLang, kind: AlertKind, lines: readonly string[], total: number, appUrl: string, unsubscribe: string) {
  const [one, many] = NAMES[lang][kind];
  const w = WORDS[lang];
  const subject = total === 1 ? one : `${total} ${many}`;
  const text =
    lines.map((l) => `- ${l}`).join('\n') +
    (total > lines.length ? `\n${w.more(total - lines.length)}` : '') +
    `\n\n${w.open}: ${appUrl}journal\n${w.settings}: ${appUrl}notifications\n${w.unsubscribe}: ${unsubscribe}\n`;
  return { subject, text };
}

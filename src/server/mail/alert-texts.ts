import type { MailLang } from './texts.js';
import type { AlertKind } from './alert-kinds.js';

/** The alerts' mails in the app's two languages: a subject with the count, the lines, the links. */

const NAMES: Record<MailLang, Record<AlertKind, [one: string, many: string]>> = {
  en: {
    missed_call: ['Missed call', 'missed calls'],
    request: ['New request', 'new requests'],
    chat_unanswered: ['Chat nobody answered', 'chats nobody answered'],
    qualified: ['Qualified lead', 'qualified leads'],
    pool_dry: ['A number pool ran dry', 'number pools ran dry'],
    webhook_off: ['A webhook endpoint was switched off', 'webhook endpoints switched off'],
    carrier_failing: ['A carrier connection is failing', 'carrier connection failures'],
  },
  ru: {
    missed_call: ['Пропущенный звонок', 'пропущенных звонков'],
    request: ['Новая заявка', 'новых заявок'],
    chat_unanswered: ['Чат без ответа', 'чатов без ответа'],
    qualified: ['Целевое обращение', 'целевых обращений'],
    pool_dry: ['В пуле кончились номера', 'пулов без свободных номеров'],
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
    pool: 'Open the pool',
    webhooks: 'Open the webhooks',
    carriers: 'Open the carriers',
    dry: (pool: string, n: number) => `${pool}: ${n} visit${n === 1 ? '' : 's'} found no free number and kept the site’s own`,
    off: (url: string) => `${url}: switched off after its deliveries kept failing; switch it on again once it answers`,
  },
  ru: {
    more: (n: number) => `…и ещё ${n}`,
    open: 'Открыть журнал',
    settings: 'Настроить уведомления',
    unsubscribe: 'Отписаться от таких оповещений',
    pool: 'Открыть пул',
    webhooks: 'Открыть вебхуки',
    carriers: 'Открыть операторов связи',
    dry: (pool: string, n: number) => `${pool}: свободного номера не нашлось, визитов с номером сайта: ${n}`,
    off: (url: string) => `${url}: отключён после череды неудачных доставок; включите его снова, когда он начнёт отвечать`,
  },
};

/** A queued alert as its mail reads it: the line, the record (a pool, an endpoint, a connection), and a pool's dry visits. */
export interface AlertLine {
  line: string;
  recordId: number;
  /** `pool_dry`: the visits that found the pool dry since its alert was queued. */
  count?: number | undefined;
}

/** Where the mail's first link leads, and its words. */
function opening(lang: MailLang, kind: AlertKind, lines: readonly AlertLine[], appUrl: string): [words: string, url: string] {
  const w = WORDS[lang];
  if (kind === 'pool_dry') return [w.pool, `${appUrl}pools/${lines[0]?.recordId ?? ''}`];
  if (kind === 'webhook_off') return [w.webhooks, `${appUrl}webhooks`];
  if (kind === 'carrier_failing') return [w.carriers, `${appUrl}carriers`];
  return [w.open, `${appUrl}journal`];
}

function lineText(lang: MailLang, kind: AlertKind, l: AlertLine, ownLink: string | null): string {
  const w = WORDS[lang];
  if (kind === 'pool_dry') return w.dry(l.line, l.count ?? 1) + (ownLink ? ` ${ownLink}` : '');
  if (kind === 'webhook_off') return w.off(l.line);
  return l.line;
}

export function alertMail(
  lang: MailLang,
  kind: AlertKind,
  lines: readonly AlertLine[],
  total: number,
  appUrl: string,
  unsubscribe: string,
) {
  const [one, many] = NAMES[lang][kind];
  const w = WORDS[lang];
  const subject = total === 1 ? one : `${total} ${many}`;
  const [open, openUrl] = opening(lang, kind, lines, appUrl);
  // Lines of several pools each carry their pool's link; the mail's link leads to the first.
  const pools = new Set(lines.map((l) => l.recordId));
  const ownLink = (l: AlertLine) => (kind === 'pool_dry' && pools.size > 1 ? `${appUrl}pools/${l.recordId}` : null);
  const text =
    lines.map((l) => `- ${lineText(lang, kind, l, ownLink(l))}`).join('\n') +
    (total > lines.length ? `\n${w.more(total - lines.length)}` : '') +
    `\n\n${open}: ${openUrl}\n${w.settings}: ${appUrl}notifications\n${w.unsubscribe}: ${unsubscribe}\n`;
  return { subject, text };
}

import type { Digest, Total } from './report-digest.js';
import type { ReportPeriod } from './report-period.js';
import type { MailLang } from './texts.js';

/** A scheduled report's mail, in the user's language. */

const WORDS = {
  en: {
    daily: (p: ReportPeriod) => `Daily report: ${p.start}`,
    weekly: (p: ReportPeriod, last: string) => `Weekly report: ${p.start} – ${last}`,
    totals: { visits: 'Visits', calls: 'Calls', missed: 'Missed calls', chats: 'Chats', requests: 'Requests' } as Record<Total, string>,
    before: 'before',
    top: 'Top campaigns (calls, chats and requests)',
    noCampaign: 'no campaign',
    none: 'none',
    open: 'The full report',
    unsubscribe: 'Stop these reports',
  },
  ru: {
    daily: (p: ReportPeriod) => `Ежедневный отчёт: ${p.start}`,
    weekly: (p: ReportPeriod, last: string) => `Еженедельный отчёт: ${p.start} – ${last}`,
    totals: { visits: 'Визиты', calls: 'Звонки', missed: 'Пропущенные звонки', chats: 'Чаты', requests: 'Заявки' } as Record<Total, string>,
    before: 'до этого',
    top: 'Лучшие кампании (звонки, чаты и заявки)',
    noCampaign: 'без кампании',
    none: 'нет',
    open: 'Полный отчёт',
    unsubscribe: 'Отписаться от отчётов',
  },
};

const change = (now: number, before: number) =>
  before === 0 ? '' : ` ${now >= before ? '+' : '−'}${Math.round((Math.abs(now - before) / before) * 100)}%`;

export function reportMail(
  lang: MailLang,
  period: 'daily' | 'weekly',
  p: ReportPeriod,
  d: Digest,
  links: { report: string; unsubscribe: string },
): { subject: string; text: string } {
  const w = WORDS[lang];
  const last = new Date(Date.parse(p.end + 'T00:00:00Z') - 86_400_000).toISOString().slice(0, 10);
  const subject = period === 'daily' ? w.daily(p) : w.weekly(p, last);
  const totals = (Object.keys(w.totals) as Total[]).map(
    (k) => `${w.totals[k]}: ${d.now[k]} (${w.before}: ${d.before[k]}${change(d.now[k], d.before[k])})`,
  );
  const top = d.top.length ? d.top.map((c, i) => `${i + 1}. ${c.name || w.noCampaign} (${c.site}): ${c.n}`) : [w.none];
  const text = [
    subject,
    '',
    ...totals,
    '',
    `${w.top}:`,
    ...top,
    '',
    `${w.open}: ${links.report}`,
    `${w.unsubscribe}: ${links.unsubscribe}`,
    '',
  ].join('\n');
  return { subject, text };
}

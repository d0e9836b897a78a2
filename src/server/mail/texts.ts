/**
 * What the server's mails say, in the app's two languages (src/app/i18n.ts has the app's own).
 * Each mail is plain text with its links written out.
 */
export type MailLang = 'en' | 'ru';

export const MAIL_LANGS: readonly MailLang[] = ['en', 'ru'];

export const mailLang = (v: unknown): MailLang => (v === 'ru' ? 'ru' : 'en');

/** One account a reset mail offers a link for: the name it signs in with, and the link. */
export interface ResetLink {
  name: string;
  url: string;
}

const en = {
  testSubject: 'Test e-mail from the call tracking server',
  testBody: (url: string) => `This is a test e-mail: the server sends mail.\n\nThe app: ${url}\n`,
  resetSubject: 'Reset your password',
  resetBody: (links: readonly ResetLink[]) =>
    'Someone (we hope you) asked to reset the password of the account that uses this address.\n\n' +
    links.map((l) => `${l.name}: ${l.url}`).join('\n') +
    '\n\nThe link works once, within an hour. If you did not ask, ignore this e-mail: your password stays as it is.\n',
};

const ru: typeof en = {
  testSubject: 'Тестовое письмо сервера коллтрекинга',
  testBody: (url: string) => `Это тестовое письмо: сервер отправляет почту.\n\nПриложение: ${url}\n`,
  resetSubject: 'Сброс пароля',
  resetBody: (links: readonly ResetLink[]) =>
    'Кто-то (надеемся, вы) попросил сбросить пароль учётной записи с этим адресом.\n\n' +
    links.map((l) => `${l.name}: ${l.url}`).join('\n') +
    '\n\nСсылка действует один раз в течение часа. Если вы не просили, не обращайте внимания на письмо: пароль останется прежним.\n',
};

export type MailTexts = typeof en;

export const mailTexts = (lang: MailLang): MailTexts => (lang === 'ru' ? ru : en);

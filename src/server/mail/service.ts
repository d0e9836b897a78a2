import type { Mailer } from './mailer.js';

/** The mail service the REST functions reach (api/function.ts, `needs`): the mailer and the app's address. */
export interface MailService {
  mailer: Mailer;
  /** The app's base URL (`<SVC_PUBLIC_URL>app/`) the mails link to, or null without a public URL. */
  appUrl: string | null;
}

declare module '../api/function.js' {
  interface Services {
    /** Outgoing mail. */
    mail: MailService;
  }
}

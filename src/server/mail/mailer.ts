import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/**
 * Outgoing mail (docs/notifications.md): through the SMTP server the settings name
 * (SVC_SMTP_URL, or SVC_SMTP_HOST and the rest), from SVC_MAIL_FROM. Without one, mail is off:
 * each message is written to the server's log instead (its recipient, subject and text, as
 * Plausible CE does), where the log's redaction blanks the tokens of links, and the app says mail
 * is off.
 */
export interface MailOptions {
  /** An `smtp://` or `smtps://` URL with the user and password in it, if any. */
  url?: string | undefined;
  host?: string | undefined;
  /** Default 587, or 465 with `tls`. */
  port?: number | undefined;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  tls?: boolean | undefined;
  user?: string | undefined;
  password?: string | undefined;
  /** The From address. Default `no-reply@<the public URL's host>`. */
  from?: string | undefined;
}

/** One message: plain text, links written out. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Headers of a list mail (List-Unsubscribe), if any. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** True when an SMTP server is set; false: messages go to the log. */
  readonly enabled: boolean;
  readonly from: string;
  /** Sends `m`; rejects when the SMTP server refuses it. */
  send(m: Mail): Promise<void>;
  close(): void;
}

/** What the mailer tells the log: a message it could not send, or, with mail off, each message. */
export interface MailLog {
  info(obj: object, msg: string): void;
}

export function createMailer(opts: MailOptions | undefined, publicUrl: string | undefined, log: MailLog): Mailer {
  const from = opts?.from ?? `no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}`;
  const transport = (opts?.url ?? opts?.host) ? nodemailer.createTransport(transportOptions(opts)) : null;
  if (!transport) {
    return {
      enabled: false,
      from,
      async send(m) {
        log.info({ mail: { to: m.to, subject: m.subject, text: m.text } }, 'mail is off (no SVC_SMTP_URL): the message was not sent');
      },
      close() {},
    };
  }
  return {
    enabled: true,
    from,
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, ...(m.headers ? { headers: m.headers } : {}) });
    },
    close: () => transport.close(),
  };
}

function transportOptions(opts: MailOptions): string | SMTPTransport.Options {
  if (opts.url) return opts.url;
  const tls = opts.tls ?? opts.port === 465;
  return {
    host: opts.host,
    port: opts.port ?? (tls ? 465 : 587),
    secure: tls,
    ...(opts.user ? { auth: { user: opts.user, pass: opts.password ?? '' } } : {}),
  };
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on this machine, for tests (RFC 5321 through the `smtp-server` package): it
 * takes every message, optionally checks a user and password (AUTH PLAIN/LOGIN), and keeps each
 * message as sent, with its envelope, its headers and its text decoded (RFC 2047 words in headers,
 * quoted-printable or base64 bodies, one level of multipart), so a test reads what a person's mail
 * program would show. `refuseNext` makes it answer the next message with a 550.
 */

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  raw: string;
}

export interface SmtpStandin {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Resolves when `n` messages have come in all, or rejects after `ms`. */
  waitFor(n: number, ms?: number): Promise<ReceivedMail[]>;
  refuseNext(): void;
  close(): Promise<void>;
}

export async function startSmtpStandin(auth?: { user: string; password: string }): Promise<SmtpStandin> {
  const mails: ReceivedMail[] = [];
  let refuse = false;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS offered, so the client sends in the clear as it may here.
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(a, _session, done) {
      if (auth && a.username === auth.user && a.password === auth.password) return done(null, { user: a.username });
      done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse) {
          refuse = false;
          const e = new Error('Mailbox unavailable') as Error & { responseCode: number };
          e.responseCode = 550;
          return done(e);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({ ...parseMessage(raw), raw, from, to: session.envelope.rcptTo.map((r) => r.address) });
        done();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: auth ? `smtp://${auth.user}:${auth.password}@127.0.0.1:${port}` : `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async waitFor(n, ms = 5000) {
      const until = Date.now() + ms;
      while (mails.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return mails;
    },
    refuseNext: () => {
      refuse = true;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** Headers (unfolded, names in lower case) and the decoded text of a message. */
function parseMessage(raw: string): { headers: Record<string, string>; subject: string; text: string } {
  const { headers, body } = splitPart(raw);
  return { headers, subject: decodeWords(headers.subject ?? ''), text: partText(headers, body) };
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) headers[m[1]!.toLowerCase()] = m[2]!;
  }
  return { headers, body: at < 0 ? '' : raw.slice(at + 4) };
}

/** The text/plain of a part, or of the first text/plain inside a multipart one. */
function partText(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of body.split('--' + boundary).slice(1)) {
      const part = splitPart(chunk.replace(/^\r\n/, ''));
      if (/^text\/plain/i.test(part.headers['content-type'] ?? 'text/plain')) return partText(part.headers, part.body);
    }
    return '';
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return quotedPrintable(body);
  return body;
}

function quotedPrintable(s: string): string {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-F]{2}/i.exec(soft.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), adjacent ones joined. */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _cs, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text.replace(/_/g, ' ')),
    );
}

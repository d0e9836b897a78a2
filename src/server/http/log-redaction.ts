import type { FastifyServerOptions } from 'fastify';

/**
 * Request logging without secrets. The visitor's chat stream carries its token in the URL
 * (`c/<site_key>?v=…&t=…`: EventSource cannot send headers), the console's session is a cookie,
 * the REST API's session key may come as `Authorization: Bearer <key>`, and a faulty handler's
 * error may quote what it was given. Every line the logger writes passes
 * {@link redactLine} on its way out, whatever produced it, so a field added later is covered too;
 * the request serializer also logs only the method, the redacted URL and the address.
 */

/** Parameters whose values are credentials: the chat token, and the usual names of keys. */
const SECRET_PARAMS = new Set(['t', 'token', 'access_token', 'session', 'session_key', 'sid', 'password', 'pass']);
/** A `name=value` pair of a query string (after `?` or `&`) or of a form body (opening a line or a quoted string). */
const PARAM = /(^|[?&"])([^=&?\s"\\]+)=[^&\s"\\]*/g;
/** The console cookie, wherever it is quoted (a Cookie or Set-Cookie header). */
const SESSION_COOKIE = /(svc_op=)[^;\s"\\]*/g;
/** A Bearer credential (RFC 6750's token68) wherever a line quotes it; the scheme name is case-insensitive. */
const BEARER = /(\bbearer\s+)[\w.~+/-]{8,}=*/gi;
/** JSON fields that hold a credential, as they appear in a serialised object. */
const SECRET_FIELD = /("(?:t|token|password|cookie|set-cookie|authorization|session|session_key)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;

export const REDACTED = '[redacted]';

export function redactLine(line: string): string {
  return line
    .replace(PARAM, (pair, lead: string, name: string) => (secretParam(name) ? `${lead}${name}=${REDACTED}` : pair))
    .replace(SESSION_COOKIE, `$1${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(SECRET_FIELD, `$1"${REDACTED}"`);
}

/**
 * Whether a parameter name, as the server decodes it, names a credential: `pass%77ord=` and
 * `session%5Fkey=` authenticate like the plain names, so they are matched decoded.
 */
function secretParam(name: string): boolean {
  let decoded = name.replaceAll('+', ' ');
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A malformed escape: the server keeps such a name as it is.
  }
  return SECRET_PARAMS.has(decoded.toLowerCase());
}

/** Where log lines go: stdout by default; a test passes its own. */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's logger options: off, or on with every line redacted. */
export function redactedLogger(logger: boolean | LogStream | undefined): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const out: LogStream = logger === true ? process.stdout : logger;
  return {
    level: 'info',
    stream: { write: (line: string) => out.write(redactLine(line)) },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactLine(req.url), remoteAddress: req.ip }),
    },
  };
}

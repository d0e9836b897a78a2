import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/errors.js';

/**
 * Twilio posts its webhooks as `application/x-www-form-urlencoded`. Parsed in the routes' own
 * scope (the rest of the server keeps its parsers) and strictly: a bad %-escape is a malformed
 * body, not text passed on as it came. The signature covers the decoded parameters, so nothing
 * of the raw body is kept.
 */

export type TwilioParams = Readonly<Record<string, string>>;

/** Twilio's requests are small; a large one is not Twilio's. */
const BODY_LIMIT = 64 * 1024;

export const malformedForm = () => new ApiError(400, 400201, 'Malformed form body');

export function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body) return out;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const [k, v] = eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    const decode = (s: string) => decodeURIComponent(s.replaceAll('+', ' '));
    // Twilio sends each parameter once; a repeat would make the signature's reading ambiguous.
    const name = decode(k);
    if (Object.hasOwn(out, name)) throw malformedForm();
    out[name] = decode(v);
  }
  return out;
}

export function acceptForms(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch {
      done(malformedForm(), undefined);
    }
  });
}

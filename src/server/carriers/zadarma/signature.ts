import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Zadarma's two signatures (zadarma.com/en/support/api/, "Authorization" and "Notifications"),
 * both HMAC-SHA1 under the account's API secret, its lowercase hex digest then base64-encoded, as
 * Zadarma's own PHP and Python clients compute it (`base64_encode(hash_hmac('sha1', …))`):
 *
 * - a request's `Authorization: <key>:<signature>` signs the method's path (`/v1/info/balance/`),
 *   the parameters sorted by name as PHP's `http_build_query` (RFC 1738) writes them, and that
 *   query string's md5;
 * - a notification's `Signature` header signs a few of its fields, joined, which differ by event.
 */

/** PHP's `urlencode`: only letters, digits and `-_.` stay; a space is `+`. */
function phpEncode(v: string): string {
  return encodeURIComponent(v)
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
}

/** The parameters sorted by name and joined as `http_build_query` joins them. */
export function queryString(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${phpEncode(k)}=${phpEncode(params[k]!)}`)
    .join('&');
}

export function hmacSha1Base64OfHex(text: string, secret: string): string {
  return Buffer.from(createHmac('sha1', secret).update(text).digest('hex')).toString('base64');
}

/** The `Authorization` header's value for a request of `method` (its path) with `params` (`format` included). */
export function authorization(key: string, secret: string, method: string, params: Readonly<Record<string, string>>): string {
  const query = queryString(params);
  const md5 = createHash('md5').update(query).digest('hex');
  return `${key}:${hmacSha1Base64OfHex(method + query + md5, secret)}`;
}

/**
 * The text a notification's signature covers, by event (Zadarma's notification documentation and
 * its clients agree); null for an event whose signature is not documented.
 */
export function notificationSigned(form: Readonly<Record<string, string | undefined>>): string | null {
  const f = (name: string) => form[name] ?? '';
  switch (form.event) {
    case 'NOTIFY_START':
    case 'NOTIFY_INTERNAL':
    case 'NOTIFY_END':
    case 'NOTIFY_IVR':
      return f('caller_id') + f('called_did') + f('call_start');
    case 'NOTIFY_ANSWER':
      return f('caller_id') + f('destination') + f('call_start');
    case 'NOTIFY_OUT_START':
    case 'NOTIFY_OUT_END':
      return f('internal') + f('destination') + f('call_start');
    case 'NOTIFY_RECORD':
      return f('pbx_call_id') + f('call_id_with_rec');
    default:
      return null;
  }
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Whether `signature` is the notification's, under `secret`. The documented form is base64 of the
 * hex digest; Zadarma's TypeScript client computes base64 of the raw digest instead, so that form
 * of the same HMAC is accepted too: either one needs the secret.
 */
export function notificationSignatureValid(
  form: Readonly<Record<string, string | undefined>>,
  signature: unknown,
  secret: string,
): boolean {
  const signed = notificationSigned(form);
  if (signed === null || typeof signature !== 'string' || !signature || !secret) return false;
  const raw = createHmac('sha1', secret).update(signed).digest();
  return same(signature, Buffer.from(raw.toString('hex')).toString('base64')) || same(signature, raw.toString('base64'));
}

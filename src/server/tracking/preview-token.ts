import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PreviewRefusal } from './number-reasons.js';

/**
 * The owner's preview link: a page of the site with the campaign's tags and
 * `svc_preview=<token>`, where the token is `<campaign id>.<expiry, epoch seconds>.<mac>`, the mac
 * an HMAC-SHA256 (first 16 bytes, base64url) under the site's preview secret
 * (tracking/preview-keys.ts) of the site id, the campaign id and the expiry. The snippet already
 * sends the page's URL with every page view, so the link needs no byte of the snippet: the page
 * view reads the token there. A visitor cannot make one (the secret never leaves the server), nor
 * use one for another site or campaign, nor after it expires.
 */

export const PREVIEW_PARAM = 'svc_preview';

/** How long a preview link works. */
export const PREVIEW_TTL_MS = 60 * 60_000;

const mac = (secret: string, siteId: number, acId: number, expires: number) =>
  createHmac('sha256', secret).update(`preview:${siteId}:${acId}:${expires}`).digest().subarray(0, 16).toString('base64url');

/** A token for the site's campaign, valid until `expiresMs`. */
export function signPreview(secret: string, siteId: number, acId: number, expiresMs: number): string {
  const expires = Math.floor(expiresMs / 1000);
  return `${acId}.${expires}.${mac(secret, siteId, acId, expires)}`;
}

/** The campaign a token names, once its mac holds; expired or not. */
export function readPreview(secret: string, siteId: number, token: string, now: number): { acId: number } | { refused: PreviewRefusal } {
  const m = /^(\d{1,15})\.(\d{1,12})\.([\w-]{22})$/.exec(token);
  if (!m) return { refused: 'preview_invalid' };
  const acId = Number(m[1]);
  const expires = Number(m[2]);
  const given = Buffer.from(m[3]!, 'base64url');
  const wanted = Buffer.from(mac(secret, siteId, acId, expires), 'base64url');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { refused: 'preview_invalid' };
  if (expires * 1000 <= now) return { refused: 'preview_expired' };
  return { acId };
}

/** The token of a page URL, or null; most URLs have none, and are not parsed. */
export function previewTokenOf(url: string): string | null {
  if (!url.includes(PREVIEW_PARAM + '=')) return null;
  try {
    return new URL(url).searchParams.get(PREVIEW_PARAM);
  } catch {
    return null;
  }
}

/** The URL without its token: a page view stores the page, not the credential that opened it. */
export function withoutPreviewToken(url: string): string {
  if (!url.includes(PREVIEW_PARAM + '=')) return url;
  try {
    const u = new URL(url);
    u.searchParams.delete(PREVIEW_PARAM);
    return u.toString();
  } catch {
    return url;
  }
}

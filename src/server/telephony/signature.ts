import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The telephony boundary's signature: `X-Svc-Signature: sha256=<hex>`, the HMAC-SHA256 of the raw
 * request body under the shared secret (SVC_TELEPHONY_SECRET). Over the raw bytes, before any
 * parsing, so a body re-serialised on the way cannot pass as the one that was signed.
 */

export const SIGNATURE_HEADER = 'x-svc-signature';

/** The header's value for `body` under `secret` (the simulator signs with it). */
export function sign(body: string | Buffer, secret: string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/** Whether `header` is the signature of `body` under `secret`, compared in constant time. */
export function signatureValid(body: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false;
  const want = Buffer.from(sign(body, secret).slice(7), 'hex');
  const got = Buffer.from(header.trim().slice(7).toLowerCase(), 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

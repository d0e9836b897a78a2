import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a delivery (docs/webhooks.md, "Verifying a delivery"): HMAC-SHA256, keyed by
 * the endpoint's secret, of `<timestamp>.<body>`, sent as `X-Svc-Webhook-Signature: v1=<hex>`
 * beside `X-Svc-Webhook-Timestamp` (Unix seconds). The timestamp is inside what is signed, so a
 * receiver that refuses old timestamps refuses a replayed delivery.
 */

export const SIGNATURE_HEADER = 'x-svc-webhook-signature';
export const TIMESTAMP_HEADER = 'x-svc-webhook-timestamp';
export const EVENT_ID_HEADER = 'x-svc-webhook-id';
export const EVENT_TYPE_HEADER = 'x-svc-webhook-event';

export function signDelivery(secret: string, timestamp: number, body: string): string {
  return 'v1=' + createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * Whether a delivery's signature is the secret's, and its timestamp within `toleranceS` of `nowS`.
 * What a receiver runs (scripts/webhook-receiver.mjs holds the same lines).
 */
export function verifyDelivery(
  secret: string,
  body: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  nowS: number = Math.floor(Date.now() / 1000),
  toleranceS = 300,
): boolean {
  const ts = Number(headers.timestamp);
  if (!headers.signature || !Number.isInteger(ts) || Math.abs(nowS - ts) > toleranceS) return false;
  const want = Buffer.from(signDelivery(secret, ts, body));
  const got = Buffer.from(headers.signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

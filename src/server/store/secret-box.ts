import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Carrier credentials at rest: AES-256-GCM under the server's secret key (SVC_SECRET_KEY), a fresh
 * 12-byte nonce per sealing, stored as base64 of nonce + tag + ciphertext. A copy of the database
 * alone reveals nothing of them; a wrong key or a changed byte fails the tag instead of giving garbage.
 */

const NONCE = 12;
const TAG = 16;

/** 32 bytes from base64 or hex; null when the text is neither (settings.ts says so). */
export function parseSecretKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const key = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

export function seal(key: Buffer, plain: string): string {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
}

/** The sealed text; throws when the key is not the one it was sealed under. */
export function open(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE));
  decipher.setAuthTag(raw.subarray(NONCE, NONCE + TAG));
  return Buffer.concat([decipher.update(raw.subarray(NONCE + TAG)), decipher.final()]).toString('utf8');
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * What the later callbacks of a call need to know and Twilio does not send them (a recording's
 * callback names no numbers; a call-back's bridge must know whom to dial): carried in the callback
 * URLs the server gives Twilio, as one parameter `t`. Twilio signs the whole URL, so it cannot be
 * altered; it is sealed (AES-256-GCM under a key derived from the auth token) so that the phone
 * numbers it holds are read neither in Twilio's request logs nor in this server's.
 */

export interface CallContext {
  /** `in`: a caller dialled a tracking number; `out`: a call-back. */
  direction: 'in' | 'out';
  /** As the call events name them: the caller and the number called (`in`), the number shown and the visitor (`out`). */
  numa: string;
  numb: string;
  /** When the call was set up (epoch ms): the incoming call's arrival, the call-back's dialling. */
  setupMs: number;
  /** A call-back's request (`calls.id`). */
  requestId?: number | undefined;
}

const key = (authToken: string) => createHash('sha256').update('twilio-call-context\0').update(authToken).digest();

export function sealContext(ctx: CallContext, authToken: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(authToken), iv);
  const body = Buffer.concat([
    cipher.update(JSON.stringify([ctx.direction, ctx.numa, ctx.numb, ctx.setupMs, ctx.requestId ?? null])),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The context, or null when `sealed` is not one this auth token sealed. */
export function openContext(sealed: string, authToken: string): CallContext | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key(authToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const [direction, numa, numb, setupMs, requestId] = JSON.parse(text) as [
      CallContext['direction'],
      string,
      string,
      number,
      number | null,
    ];
    return { direction, numa, numb, setupMs, ...(requestId != null ? { requestId } : {}) };
  } catch {
    return null;
  }
}

import twilio from 'twilio';
import { CarrierError, type CarrierErrorKind } from '../carrier.js';

/**
 * Twilio's answers as CarrierError: its error code (https://www.twilio.com/docs/api/errors) says
 * the kind, its own message reaches the user. Nothing of the request is quoted: the SDK's and
 * axios's errors hold the request's Authorization header.
 */

const KIND_OF_CODE: Readonly<Record<number, CarrierErrorKind>> = {
  20003: 'auth', // Authenticate: wrong account SID, auth token or API key
  20005: 'balance', // Account not active (out of funds, trial not activated)
  10001: 'balance', // Account is not active
  20404: 'not_found',
  21421: 'invalid_number', // PhoneNumber is invalid
  21422: 'taken', // PhoneNumber is not available
  21211: 'invalid_number', // Invalid 'To' phone number
  21212: 'invalid_number', // Invalid 'From' phone number
  21217: 'invalid_number', // Phone number does not appear to be valid
  20429: 'unavailable', // Too many requests
};

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

export function carrierError(e: unknown): CarrierError {
  if (e instanceof CarrierError) return e;
  if (e instanceof twilio.RestException) {
    const kind = (e.code != null ? KIND_OF_CODE[e.code] : undefined) ?? kindOfStatus(e.status);
    return new CarrierError(kind, e.message || `Twilio answered HTTP ${e.status}`, e.code ?? e.status);
  }
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return timedOut();
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return new CarrierError('unavailable', `Twilio could not be reached (${code})`);
  // The SDK's own checks of the credentials' form (an account SID must start with AC).
  if (e instanceof Error && /accountSid|username|password/i.test(e.message)) return new CarrierError('auth', e.message);
  return new CarrierError('unavailable', 'Twilio gave no usable answer');
}

function kindOfStatus(status: number): CarrierErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429 || status >= 500) return 'unavailable';
  return 'refused';
}

const timedOut = () => new CarrierError('timeout', 'Twilio did not answer in time');

/**
 * Runs one carrier operation within `ms` altogether (the SDK's own limit is per socket wait), its
 * failures as CarrierError.
 */
export async function withinLimit<T>(ms: number, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(run), deadline]);
  } catch (e) {
    throw carrierError(e);
  } finally {
    clearTimeout(timer);
  }
}

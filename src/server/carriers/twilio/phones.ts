import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { numberKey } from '../../numbers/keys.js';

/**
 * Numbers between the service's form (digits with the country code, `74951234567`) and Twilio's
 * (E.164, `+74951234567`). A number written with `+` keeps its digits; one without is read as the
 * service reads it (numbers/keys.ts: a Russian `8…` or ten-digit number gets its `7`).
 */

export const digitsOf = (n: string) => n.replace(/\D/g, '');

export function e164(n: string): string {
  const d = n.trim().startsWith('+') ? digitsOf(n) : (numberKey(n) ?? digitsOf(n));
  return '+' + d;
}

/** The country (ISO 3166 alpha-2) a number belongs to, when its digits say. */
export const countryOf = (digits: string): string | undefined => parsePhoneNumberFromString('+' + digits)?.country;

/**
 * A caller's number as a call event takes it. For a caller without one Twilio sends a word
 * (`Anonymous`, a client identity) or the word spelt on a keypad (`+266696687`, ANONYMOUS; also
 * RESTRICTED, UNKNOWN, UNAVAILABLE, BLOCKED): all are recorded under one placeholder too short to
 * be anyone's number, so no visitor is ever matched or joined by it.
 */
export const UNKNOWN_CALLER = '000';
const WITHHELD = new Set(['266696687', '7378742833', '8656696', '86282452253', '2562533']);
export function callerNumber(from: string | undefined): string {
  if (!from || !/^\+?\d{3,20}$/.test(from.trim())) return UNKNOWN_CALLER;
  const d = digitsOf(from);
  return WITHHELD.has(d) ? UNKNOWN_CALLER : d;
}

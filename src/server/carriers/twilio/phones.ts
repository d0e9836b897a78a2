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
 * A caller's number as a call event takes it: Twilio sends `Anonymous`, `Restricted` or a client
 * identity for callers without one; they are recorded under one placeholder, not refused.
 */
export const UNKNOWN_CALLER = '000';
export const callerNumber = (from: string | undefined): string =>
  from && /^\+?\d{3,20}$/.test(from.trim()) ? digitsOf(from) : UNKNOWN_CALLER;

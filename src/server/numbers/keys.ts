import { phoneKey } from '../visitors/persons.js';

/**
 * Telephone numbers as the platform sends them and as the configuration stores them. The platform
 * sends digits in any common form (`+7 499 000-00-01`, `84990000001`, `74990000001`); the
 * configuration stores pool and block numbers as they were written. A number is matched in the
 * four forms one Russian number can be stored in, a fixed count so the lookup's text never varies.
 */

/** The digits of a number, a Russian one written with 8 or without the country code made +7; null when it names no one. */
export const numberKey = (n: string): string | null => phoneKey(n);

/** The four stored forms of a number: `7XXXXXXXXXX`, `8XXXXXXXXXX`, `XXXXXXXXXX`, `+7XXXXXXXXXX` (others: its digits four times). */
export function numberVariants(key: string): [string, string, string, string] {
  if (key.length === 11 && key.startsWith('7')) return [key, '8' + key.slice(1), key.slice(1), '+' + key];
  return [key, key, key, '+' + key];
}

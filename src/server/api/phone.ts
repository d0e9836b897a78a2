import { z } from 'zod';
// `max` metadata, deliberately: it holds each country's number patterns, so a number of the right
// length in a range no operator was given (`+7 (000) …`) is refused too; `min` checks the length
// only. The server has no size budget, and a number stored wrong means a call that never rings.
import examples from 'libphonenumber-js/examples.mobile.json';
import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/max';

/**
 * One phone number schema for every REST function and write that takes a number a person typed:
 * checked against the numbering plan (ITU-T E.164 as libphonenumber knows it), stored as its
 * digits with the country code (`+7 (495) 123-45-67`, `8 495 123-45-67` and `4951234567` are all
 * `74951234567`), so two spellings of one number are one number.
 *
 * A number without `+` is read in the customer's country. Customers have no country setting yet:
 * every one is in Russia (`DEFAULT_COUNTRY`), where numbers are written with 8, 7 or no prefix; a
 * number of another country is written with `+` and its code (`+44 20 7946 0958`).
 */
export const DEFAULT_COUNTRY: CountryCode = 'RU';

const SHAPE = /^\+?[\d\s().-]+$/;

/** `Russia (+7 …, 11 digits)`: what a usual number of `country` looks like (its example mobile number's length). */
export function planOf(country: CountryCode): string {
  const code = getCountryCallingCode(country);
  const example = getExampleNumber(country, examples);
  return `${countryName(country)} (+${code} …${example ? `, ${example.number.length - 1} digits` : ''})`;
}

function countryName(country: CountryCode): string {
  try {
    return new Intl.DisplayNames('en', { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** The plan a number is held to: the customer's country without `+`, else the country its code names. */
function planFor(v: string, country: CountryCode, parsed: CountryCode | undefined): string | null {
  if (!v.startsWith('+')) return planOf(country);
  const typing = new AsYouType();
  typing.input(v);
  const code = typing.getCallingCode();
  if (code === getCountryCallingCode(country)) return planOf(country);
  const where = parsed ?? typing.getCountry() ?? (code ? getCountries().find((c) => getCountryCallingCode(c) === code) : undefined);
  return where ? planOf(where) : null;
}

/** The digits with the country code of `raw`, or the plain words saying what is wrong with it. */
export function readPhone(raw: string, country: CountryCode = DEFAULT_COUNTRY): { digits: string } | { problem: string } {
  const v = raw.trim();
  if (!SHAPE.test(v) || !/\d/.test(v)) return { problem: 'not a phone number: use digits, spaces, brackets and dashes, + in front' };
  const n = parsePhoneNumberFromString(v, country);
  const plan = planFor(v, country, n?.country);
  switch (validatePhoneNumberLength(v, country)) {
    case 'TOO_SHORT':
      return { problem: plan ? `not a complete phone number for ${plan}` : 'not a complete phone number' };
    case 'TOO_LONG':
      return { problem: plan ? `too many digits for a phone number of ${plan}` : 'too many digits for a phone number' };
    case 'INVALID_COUNTRY':
      return { problem: 'no country has this code; write the number with + and its country code' };
    case 'NOT_A_NUMBER':
      return { problem: 'not a phone number' };
    case 'INVALID_LENGTH':
      return { problem: plan ? `wrong number of digits for a phone number of ${plan}` : 'wrong number of digits for a phone number' };
  }
  if (!n || !n.isValid()) return { problem: plan ? `no such number in the numbering plan of ${plan}` : 'no such phone number' };
  return { digits: n.number.slice(1) };
}

/**
 * A phone number argument: as people type it (`+7 (495) 123-45-67`, `8 916 555-44-33`), its
 * digits with the country code afterwards. A refusal says in plain words what is missing.
 */
export const phone = () =>
  z
    .string()
    .trim()
    .max(40, 'too long for a phone number')
    .transform((v, ctx) => {
      const r = readPhone(v);
      if ('digits' in r) return r.digits;
      ctx.addIssue({ code: 'custom', message: r.problem, input: v });
      return z.NEVER;
    })
    .describe('a phone number: `+7 (495) 123-45-67`, `84951234567` or `+44 20 7946 0958`; a number without + is read as Russian');

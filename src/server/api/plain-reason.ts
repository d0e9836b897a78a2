import type { z } from 'zod';

/**
 * What an argument needs, in plain words, for the schema library's own messages ("Too small:
 * expected string to have >=1 characters" reads as a program's, not a person's). A message the
 * schema wrote itself (`a host name such as shop.example.com`) is kept as it is.
 */
export function plainReason(issue: z.core.$ZodIssue): string {
  if (!/^(?:Too (?:small|big):|Invalid )/.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false);
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false);
    case 'invalid_type':
      return TYPES[issue.expected] ?? `must be ${issue.expected}`;
    case 'invalid_value':
      return `one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'not in the form this field takes';
    default:
      return 'not a value this field takes';
  }
}

const TYPES: Record<string, string> = {
  string: 'text is needed',
  number: 'a number is needed',
  int: 'a whole number is needed',
  boolean: 'true or false',
  array: 'a list is needed',
  object: 'an object is needed',
};

const FORMATS: Record<string, string> = {
  email: 'not an e-mail address: write it as name@example.com',
  url: 'Enter a full address starting with https://',
};

function tooSmall(origin: string, n: number, inclusive: boolean): string {
  if (origin === 'string') return n <= 1 ? 'cannot be empty' : `at least ${n} characters`;
  if (origin === 'array' || origin === 'set') return n <= 1 ? 'choose at least one' : `at least ${n} items`;
  return inclusive ? `at least ${n}` : `more than ${n}`;
}

function tooBig(origin: string, n: number, inclusive: boolean): string {
  if (origin === 'string') return `at most ${n} characters`;
  if (origin === 'array' || origin === 'set') return `at most ${n} items`;
  return inclusive ? `at most ${n}` : `less than ${n}`;
}

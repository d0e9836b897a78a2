import { z } from 'zod';
import { inDateYears, DATE_YEARS_MESSAGE } from '../http/dates.js';
import { errors } from '../http/errors.js';
import { describeIssue } from '../writes/schemas.js';

/** The app's parameters: the journal's days and kinds, and the employee sign-in's parsing. */

export const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .refine(inDateYears, DATE_YEARS_MESSAGE);

/** The tags the journal offers on every communication. */
export const STANDARD_TAGS = ['Target', 'Not target'] as const;

export function parse<T>(schema: z.ZodType<T>, v: unknown): T {
  const r = schema.safeParse(v ?? {});
  if (!r.success) throw errors.invalid(describeIssue(r.error));
  return r.data;
}

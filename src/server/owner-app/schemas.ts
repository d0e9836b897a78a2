import { type z } from 'zod';
import { errors } from '../http/errors.js';
import { describeIssue } from '../writes/schemas.js';

/** The app's own parameters: the standard tags, and the employee sign-in's parsing. */

/** The tags the journal offers on every communication. */
export const STANDARD_TAGS = ['Target', 'Not target'] as const;

export function parse<T>(schema: z.ZodType<T>, v: unknown): T {
  const r = schema.safeParse(v ?? {});
  if (!r.success) throw errors.invalid(describeIssue(r.error));
  return r.data;
}

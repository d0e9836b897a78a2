import { z } from 'zod';
import { inDateYears, DATE_YEARS_MESSAGE } from '../http/dates.js';
import { errors } from '../http/errors.js';
import { describeIssue } from '../writes/schemas.js';

/** The app's query parameters, validated as the REST API validates its own. */

export const customerId = z.coerce.number().int().positive().optional();
export const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .refine(inDateYears, DATE_YEARS_MESSAGE);

/** The tags the journal offers on every communication. */
export const STANDARD_TAGS = ['Target', 'Not target'] as const;

export const SiteQuery = z.strictObject({ customer_id: customerId });
export const SiteParams = z.strictObject({ id: z.coerce.number().int().positive() });

/** The kinds the journal lists, as its items name them (REST `communication`'s object types). */
export const JOURNAL_TYPES = ['cdr_in', 'sitephone', 'chat', 'offline_message', 'goal'] as const;

export const JournalQuery = z.strictObject({
  customer_id: customerId,
  site_id: z.coerce.number().int().positive(),
  date_from: day(),
  date_till: day(),
  ac_id: z.coerce.number().int().min(-1).optional(),
  tag_id: z.coerce.number().int().positive().optional(),
  /** One kind only: calls, call-backs, chats, requests or goals. */
  type: z.enum(JOURNAL_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const DailyQuery = z.strictObject({
  customer_id: customerId,
  site_id: z.coerce.number().int().positive(),
  date_from: day(),
  date_till: day(),
});

export function parse<T>(schema: z.ZodType<T>, v: unknown): T {
  const r = schema.safeParse(v ?? {});
  if (!r.success) throw errors.invalid(describeIssue(r.error));
  return r.data;
}

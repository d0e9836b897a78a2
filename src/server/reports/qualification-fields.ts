import { z } from 'zod';
import type { CustomerContext } from '../api/function.js';
import { answerDate, dateTime } from './report-common.js';

/**
 * Whether a record was qualified, when and by which rule (qualification/): the same extension fields
 * on a call, a call-back, a chat and a request (docs/conversions.md).
 */
export const qualificationShape = {
  qualified: z.boolean().describe('EXTENSION'),
  qualified_at: dateTime.nullable().describe('EXTENSION'),
  qualification_rule_id: z.number().int().nullable().describe('EXTENSION'),
};

export const qualificationFields = (ctx: CustomerContext, x: { qualified_at: string | null; qualification_rule_id: number | null }) => ({
  qualified: x.qualified_at != null,
  qualified_at: answerDate(ctx, x.qualified_at),
  qualification_rule_id: x.qualification_rule_id,
});

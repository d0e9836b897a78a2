import { z } from 'zod';
import { inDateYears, DATE_YEARS_MESSAGE } from '../identity/dates.js';

/** A day argument of the journal and the daily report: `YYYY-MM-DD`, within the years dates may take. */
export const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .refine(inDateYears, DATE_YEARS_MESSAGE);

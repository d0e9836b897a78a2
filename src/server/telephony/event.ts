import { z } from 'zod';

/**
 * One call event as the telephony platform posts it to `POST /telephony/events` (docs/calls.md, "Calls and
 * the telephony boundary" documents every field). Unknown fields are ignored, so a platform that
 * sends more is not refused; a field of the wrong type or out of range is.
 */

/** Longest call the boundary believes: a day. A longer duration is a platform's bug, refused. */
export const MAX_CALL_SECONDS = 86_400;

const seconds = z.number().int().min(0).max(MAX_CALL_SECONDS);
const phone = z
  .string()
  .max(32)
  .regex(/^\+?[\d\s()-]{3,32}$/, 'digits, spaces, +, ( ) and - only');

export const CallEventSchema = z.object({
  /** The platform's id of the call; events are idempotent by (call_id, event). */
  call_id: z.union([z.string().min(1).max(128), z.number().int().min(0)]).transform(String),
  event: z.enum(['ringing', 'answered', 'ended']),
  /** `in`: a caller dialled a service number; `out`: the platform dialled out (a call-back). */
  direction: z.enum(['in', 'out']),
  /** The calling number. */
  numa: phone,
  /** The number called. */
  numb: phone,
  /** When the event happened, ISO 8601 with its offset (`2026-11-24T10:00:00Z`, `…+03:00`). */
  time: z.iso.datetime({ offset: true }),
  /** `ended` only: talk seconds (answer to hang-up) and total seconds (setup to hang-up). */
  duration: seconds.optional(),
  total_duration: seconds.optional(),
  /** `ended`, optional: the recording's link (`https://…` or protocol-relative `//host/…`). */
  file_link: z
    .string()
    .max(2048)
    // The scheme is cut before the test: one optional group holding a quantifier is what the
    // server's regular expressions avoid (regex-inputs.test.ts).
    .refine((v) => /^\/\/\S+$/.test(v.replace(/^https?:/, '')), 'an http(s) or protocol-relative link')
    .optional(),
  /** `ended`, optional: the customer's employee who answered. */
  employee_id: z.number().int().min(1).optional(),
  /** `ended`, optional: the SIP line that answered. */
  sip_line: z.string().min(1).max(64).optional(),
});

export type CallEvent = z.output<typeof CallEventSchema>;

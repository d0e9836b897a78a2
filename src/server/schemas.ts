import { z } from 'zod';
import { LIMITS, PHONE } from '../protocol.js';
import type { CaptchaData, EventData, HitData, SitePhoneData, VisitorRef, WritePayloads, WriteType } from '../protocol.js';

/**
 * Zod schemas for everything the snippet sends, checked against the wire contract: `Exact` fails
 * to compile when a schema's output and the protocol type differ in either direction.
 */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exact = <T extends true>(_: T) => _;

const text = (max: number = LIMITS.text) => z.string().max(max);
const httpUrl = text().refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), 'must be an http(s) URL');

export const HitDataSchema = z.strictObject({
  url: httpUrl,
  title: text(),
  referrer: z.union([z.literal(''), httpUrl]),
  spa: z.boolean().optional(),
});
exact<Exact<z.output<typeof HitDataSchema>, HitData>>(true);

export const EventDataSchema = z.strictObject({
  category: text().min(1),
  action: text().min(1),
  name: text().optional(),
  value: text().optional(),
});
exact<Exact<z.output<typeof EventDataSchema>, EventData>>(true);

export const CaptchaDataSchema = z.strictObject({});
exact<Exact<z.output<typeof CaptchaDataSchema>, CaptchaData>>(true);

/** Text the page may also give as a number (a phone, captcha digits, a group id). */
const textOrNumber = z.union([text(64), z.number().finite()]);

/** Not strict: `sitePhoneCall` ignores fields it does not know, and the snippet sends the params as given. */
export const SitePhoneDataSchema = z.object({
  phone: textOrNumber.refine((p) => PHONE.test(String(p)), 'not a phone number'),
  captcha_key: text(64).nullish(),
  captcha_value: textOrNumber.nullish(),
  delayed_call_time: z.union([z.number().finite().nonnegative(), z.string().regex(/^\d{0,16}$/, 'must be epoch milliseconds')]).nullish(),
  group_id: textOrNumber.nullish(),
});
exact<Exact<z.output<typeof SitePhoneDataSchema>, SitePhoneData>>(true);

/** The payload schema of every write type; adding a type to the protocol fails here until it has one. */
export const WriteDataSchemas: { [K in WriteType]: z.ZodType<WritePayloads[K]> } = {
  hit: HitDataSchema,
  event: EventDataSchema,
  captcha: CaptchaDataSchema,
  sitephone: SitePhoneDataSchema,
};

export const VisitorRefSchema = z.strictObject({
  id: z.number().int().positive(),
  token: z.string().regex(/^\w{16,64}$/),
});
exact<Exact<z.output<typeof VisitorRefSchema>, VisitorRef>>(true);

/** A write before its payload is checked: a bad payload fails that write alone, not the batch. */
export const WriteEnvelopeSchema = z.strictObject({
  id: z.string().regex(/^\w{8,40}$/),
  type: z.string().max(40),
  hit: z.string().regex(/^\w{8,40}$/),
  at: z.number().finite(),
  data: z.unknown(),
});

export const WriteRequestSchema = z.strictObject({
  visitor: VisitorRefSchema.nullable(),
  writes: z.array(WriteEnvelopeSchema).min(1).max(LIMITS.writesPerRequest),
});

/** `path: message` of the first issue, for the error envelope. */
export function describeIssue(error: z.ZodError): string {
  const i = error.issues[0]!;
  return (i.path.length ? i.path.join('.') + ': ' : '') + i.message;
}

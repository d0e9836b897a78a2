import { z } from 'zod';
import { LIMITS, PHONE } from '../../protocol.js';
import { plainReason } from '../api/plain-reason.js';
import { readPhone } from '../api/phone.js';
import type {
  CaptchaData,
  ChatCloseData,
  ChatMessageData,
  EventData,
  HitData,
  OfflineRequestData,
  PropertyNameData,
  PropertySetData,
  SitePhoneData,
  VisitorInfoData,
  VisitorRef,
  WritePayloads,
  WriteRequest,
  WriteType,
} from '../../protocol.js';

/**
 * Zod schemas for everything the snippet sends, checked against the wire contract: `Exact` fails
 * to compile when a schema's output and the protocol type differ in either direction.
 */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exact = <T extends true>(_: T) => _;

const text = (max: number = LIMITS.text) => z.string().max(max);
const httpUrl = (max?: number) => text(max).refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), 'must be an http(s) URL');

/**
 * A page view is never refused for its length: that would cost the page its credentials and its
 * numbers. Addresses up to 16 KiB characters are kept whole (long campaign and app-state queries
 * are real; the request body limit bounds the rest); a title is cut at the text limit.
 */
const PAGE_URL_MAX = 16384;

export const HitDataSchema = z.strictObject({
  url: httpUrl(PAGE_URL_MAX),
  title: z.string().transform((t) => t.slice(0, LIMITS.text)),
  referrer: z.union([z.literal(''), httpUrl(PAGE_URL_MAX)]),
  spa: z.boolean().optional(),
  // The page's analytics cookies (tracking/analytics-ids.ts): never a reason to refuse the page view.
  ids: z
    .union([z.array(z.string().max(200)).max(8), z.null(), z.literal(false)])
    .optional()
    .catch(undefined),
});
exact<Exact<z.output<typeof HitDataSchema>, HitData>>(true);

export const EventDataSchema = z.strictObject({
  category: text().min(1),
  action: text().min(1),
  name: text().optional(),
  value: text().optional(),
});
exact<Exact<z.output<typeof EventDataSchema>, EventData>>(true);

/** Property names: text of 1 to 255 characters. */
const propertyName = text(255).min(1);

export const PropertySetDataSchema = z.strictObject({ name: propertyName, value: text().optional() });
exact<Exact<z.output<typeof PropertySetDataSchema>, PropertySetData>>(true);

export const PropertyNameDataSchema = z.strictObject({ name: propertyName });
exact<Exact<z.output<typeof PropertyNameDataSchema>, PropertyNameData>>(true);

/** Loose on purpose: a real address the check refuses is worse than an odd one it lets through. */
export const email = text(254).regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');
/** Digits with the usual separators, 5 to 20 digits. */
export const phone = text(64).refine((p) => /^\+?[\d\s().-]+$/.test(p) && /^\d{5,20}$/.test(phoneDigits(p)), 'must be a phone number');

/** The digits of a phone number: two spellings of one number are one number. */
export function phoneDigits(p: string): string {
  return p.replace(/\D/g, '');
}
/** A deal sum: decimal text, comma or point. */
export const saleCost = text(32).regex(/^\d{1,15}([.,]\d{1,4})?$/, 'must be a decimal number');
const name = text(255);

export const VisitorInfoDataSchema = z
  .strictObject({ name: name.min(1).optional(), email: email.optional(), phone: phone.optional() })
  .refine((d) => d.name || d.email || d.phone, 'name, email or phone is required');
exact<Exact<z.output<typeof VisitorInfoDataSchema>, VisitorInfoData>>(true);

export const OfflineRequestDataSchema = z
  .strictObject({
    name: name.optional(),
    email: email.optional(),
    phone: phone.optional(),
    message: text().optional(),
    is_sale: z.boolean().optional(),
    sale_cost: saleCost.optional(),
    group_id: z.number().int().nonnegative().max(1e9).optional(),
    form_name: text(255).optional(),
  })
  .refine((d) => d.name || d.email || d.phone || d.message, 'name, email, phone or message is required')
  .refine((d) => d.sale_cost == null || d.is_sale === true, { message: 'requires is_sale true', path: ['sale_cost'] });
exact<Exact<z.output<typeof OfflineRequestDataSchema>, OfflineRequestData>>(true);

export const ChatMessageDataSchema = z.strictObject({ text: text().min(1) });
exact<Exact<z.output<typeof ChatMessageDataSchema>, ChatMessageData>>(true);

export const ChatCloseDataSchema = z.strictObject({ chat_id: z.number().int().positive() });
exact<Exact<z.output<typeof ChatCloseDataSchema>, ChatCloseData>>(true);

export const CaptchaDataSchema = z.strictObject({});
exact<Exact<z.output<typeof CaptchaDataSchema>, CaptchaData>>(true);

/** Text the page may also give as a number (a phone, captcha digits, a group id). */
const textOrNumber = z.union([text(64), z.number().finite()]);

/** Not strict: `sitePhoneCall` ignores fields it does not know, and the snippet sends the params as given. */
export const SitePhoneDataSchema = z.object({
  // The number is dialled: held to its numbering plan (api/phone.ts), not only to the widget's shape.
  phone: textOrNumber.refine((p) => PHONE.test(String(p)) && 'digits' in readPhone(String(p)), 'not a phone number'),
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
  property_set: PropertySetDataSchema,
  property_delete: PropertyNameDataSchema,
  property_get: PropertyNameDataSchema,
  visitor_info: VisitorInfoDataSchema,
  offline_request: OfflineRequestDataSchema,
  chat_message: ChatMessageDataSchema,
  chat_close: ChatCloseDataSchema,
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

/**
 * The outbox's request. Only the frame is checked here: each write's envelope is checked on its own
 * (a malformed one, say a stored write of another version, fails alone with its own code), and a
 * visitor that is no {@link VisitorRefSchema} counts as none, like an unknown one. So one bad entry
 * never refuses the batch, and the snippet needs no search for it. An entry without a string id
 * cannot be answered: that alone refuses the batch.
 */
export const WriteRequestSchema = z.strictObject({
  visitor: z.unknown(),
  writes: z
    .array(z.looseObject({ id: z.string().max(100) }))
    .min(1)
    .max(LIMITS.writesPerRequest),
});
exact<Exact<keyof z.output<typeof WriteRequestSchema>, keyof WriteRequest>>(true);

/** `path: message` of the first issue, for the error envelope. */
export function describeIssue(error: z.ZodError): string {
  const i = error.issues[0]!;
  return (i.path.length ? i.path.join('.') + ': ' : '') + plainReason(i);
}

import { z } from 'zod';
import { LIMITS } from '../protocol.js';
import type { ChatCloseData, ChatMessageData, EventData, HitData, VisitorRef, WritePayloads, WriteType } from '../protocol.js';

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

export const ChatMessageDataSchema = z.strictObject({ text: text().min(1) });
exact<Exact<z.output<typeof ChatMessageDataSchema>, ChatMessageData>>(true);

export const ChatCloseDataSchema = z.strictObject({ chat_id: z.number().int().positive() });
exact<Exact<z.output<typeof ChatCloseDataSchema>, ChatCloseData>>(true);

/** The payload schema of every write type; adding a type to the protocol fails here until it has one. */
export const WriteDataSchemas: { [K in WriteType]: z.ZodType<WritePayloads[K]> } = {
  hit: HitDataSchema,
  event: EventDataSchema,
  chat_message: ChatMessageDataSchema,
  chat_close: ChatCloseDataSchema,
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

/**
 * The events a webhook endpoint may ask for (docs/webhooks.md, "Events"), and the REST report each
 * one's record is shaped by. A call-back is a `call` record of communication_type `sitephone`; a
 * request is an `offline_message` record.
 */
export const WEBHOOK_EVENTS = [
  'call.ringing',
  'call.answered',
  'call.ended',
  'chat.finished',
  'request.created',
  'callback.requested',
  'callback.finished',
  'goal.reached',
  'tag.set',
  'sale.set',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What `webhook_test` sends: no record, only the envelope. */
export const TEST_EVENT = 'test';

/** The REST report an event's record comes from. */
export type RecordKind = 'call' | 'chat' | 'offline_message' | 'goal';

/** One event as an emitter announces it, inside the transaction that stored its record. */
export interface EventNotice {
  type: WebhookEvent;
  siteId: number;
  kind: RecordKind;
  id: number;
  /** What the event adds to its record: the tag set, the sale. */
  detail?: Record<string, unknown> | undefined;
}

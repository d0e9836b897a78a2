import type { WebhookEvent } from '../../app-protocol.js';
import type { Queryable } from '../store/queryable.js';

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
  /**
   * The visitor whose anonymous write made the event (a goal, a request from the page): such
   * events are limited per visitor and hour (webhooks/index.ts), so that a script cannot flood the
   * outbox within the write endpoints' rate limits.
   */
  visitorId?: number | undefined;
}

/**
 * Where a feature announces its events: `emit` runs in the transaction that stored the record
 * (webhooks/index.ts). A feature built without one announces nothing.
 */
export interface EventSink {
  emit(db: Queryable, e: EventNotice): Promise<void>;
}

export const noEvents: EventSink = { emit: async () => {} };

/** The event of a call's `ringing`, `answered` or `ended`: a call-back's call announces only its end, as its outcome. */
export function callEventType(communicationType: 'call' | 'sitephone', event: 'ringing' | 'answered' | 'ended'): WebhookEvent | null {
  if (communicationType === 'call') return `call.${event}`;
  return event === 'ended' ? 'callback.finished' : null;
}

/** The record kind of a communication as the tagging functions name it (`object_type`). */
export function recordKindOf(objectType: 'cdr_in' | 'sitephone' | 'offline_message' | 'chat' | 'goal'): RecordKind {
  return objectType === 'cdr_in' || objectType === 'sitephone' ? 'call' : objectType;
}

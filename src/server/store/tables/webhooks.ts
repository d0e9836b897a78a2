import type { Defaulted, Flag, Id } from './column-types.js';

/** Webhooks (webhooks/): a customer's endpoints, the outbox of events to send, the attempts. */

export interface WebhookEndpointsTable {
  id: Id;
  customer_id: number;
  url: string;
  /** JSON text: the event types the endpoint wants. */
  events: string;
  secret: string;
  enabled: Defaulted<Flag>;
  disabled_reason: string | null;
  /** Since when every attempt has failed; null after a success. */
  failing_since_ms: number | null;
  /** Events given up because the backlog passed its cap (webhooks/backlog.ts), and the last time. */
  dropped_events: Defaulted<number>;
  dropped_at_ms: number | null;
  /** Deliveries failed in a row; 0 after a success. */
  failed_streak: Defaulted<number>;
  /** No delivery to it before then: the back-off of its run of failures. */
  paused_until_ms: number | null;
  created_at: string;
}

/** `dropped`: given up unsent because the endpoint's or customer's backlog passed its cap. */
export type WebhookState = 'pending' | 'delivered' | 'failed' | 'dropped';

/** One event for one endpoint: sent at least once, in order with the other events of its record. */
export interface WebhookOutboxTable {
  id: Id;
  endpoint_id: number;
  /** The endpoint's customer: backlogs and deliveries in flight are counted per customer. */
  customer_id: number;
  event_type: string;
  /** The REST report the record is in (`call`, `chat`, `offline_message`, `goal`; `test` for a test event). */
  object_kind: string;
  object_id: number;
  /** JSON text the event adds to the record (the tag, the sale). */
  detail: string | null;
  /** The body sent, written at the first attempt. */
  body: string | null;
  state: Defaulted<WebhookState>;
  attempts: Defaulted<number>;
  created_ms: number;
  next_attempt_ms: number;
  locked_until_ms: number | null;
}

export interface WebhookAttemptsTable {
  id: Id;
  outbox_id: number;
  endpoint_id: number;
  at_ms: number;
  /** The receiver's HTTP status; null when none came (refused, timed out, unreachable). */
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

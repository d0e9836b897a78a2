/**
 * What the site owner's app (src/app/) and the server share beyond the REST document: the events a
 * webhook endpoint may ask for and the journal's kinds and items. Imported by the app's pages and by
 * the server's features (webhooks/, owner-app/), so that a new event or a journal field reaches the
 * app's type check instead of drifting.
 */

/**
 * The events a webhook endpoint may ask for (docs/webhooks.md, "Events"). A call-back is a `call`
 * record of communication_type `sitephone`; a request is an `offline_message` record.
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

/** The kinds the journal lists, as its items name them (REST `communication`'s object types). */
export const JOURNAL_TYPES = ['cdr_in', 'sitephone', 'chat', 'offline_message', 'goal'] as const;

export type JournalType = (typeof JOURNAL_TYPES)[number];

/** One line of the journal (the REST function `journal`): any kind of communication, with its campaign and visit. */
export interface JournalItem {
  type: JournalType;
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  ac_id: number;
  ac_name: string;
  /** The campaign was deleted by its owner (extension): its records keep it, under its name. */
  ac_is_removed: boolean;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer: string | null;
  entrance_page: string | null;
  /** Caller, goal name, request text…: what the kind has to say. */
  detail: string;
  /** The number called, for calls. */
  numb: string | null;
  duration: number | null;
  status: string | null;
  records: string[];
  tags: Array<{ id: number; tag: string }>;
  /** The sale's amount in roubles, when the communication is a sale. */
  sale: number | null;
  /** Why the visit kept the site's number, or `preview` (server/tracking/number-reasons.ts); null: nothing to say. */
  number_reason: string | null;
  /** Why a call was credited (`lease`, `static_block`…: docs/conversions.md); null for other kinds and older calls. */
  attribution: string | null;
  /** A qualification rule marked it (docs/conversions.md). */
  qualified: boolean;
}

/**
 * The alerts a user may choose (docs/notifications.md, "Alerts"). The first four are queued as a
 * webhook event announces their record (alert-queue.ts); the last three by the feature that learns
 * the fact (alert-facts.ts).
 */
export const ALERT_KINDS = [
  'missed_call',
  'request',
  'chat_unanswered',
  'qualified',
  'pool_dry',
  'webhook_off',
  'carrier_failing',
] as const;

export type AlertKind = (typeof ALERT_KINDS)[number];

/** The kinds some fact of the server queues: every one (`alert_settings` still says `wired` of each). */
export const WIRED_KINDS: ReadonlySet<AlertKind> = new Set(ALERT_KINDS);

/** How many alerts a grouped mail spells out; the rest are counted ("and 95 more"). */
export const LINES_PER_MAIL = 5;

/** One mail per user and kind at most this often. */
export const ALERT_GAP_MS = 60_000;

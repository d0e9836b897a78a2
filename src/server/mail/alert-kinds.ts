/**
 * The alerts a user may choose (docs/notifications.md, "Alerts"). `wired`: an event of the server
 * announces it today; the others are listed so the app can say they are not sent yet (no event
 * marks a pool running dry, an endpoint switched off or a carrier failing).
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

export const WIRED_KINDS: ReadonlySet<AlertKind> = new Set(['missed_call', 'request', 'chat_unanswered', 'qualified']);

/** How many alerts a grouped mail spells out; the rest are counted ("and 95 more"). */
export const LINES_PER_MAIL = 5;

/** One mail per user and kind at most this often. */
export const ALERT_GAP_MS = 60_000;

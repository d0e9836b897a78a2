import type { Defaulted, Id } from './column-types.js';

/** Mail: password resets, alerts and scheduled reports (migration 160, docs/notifications.md). */

/** Whose password a reset sets, whose alerts and reports a row is: a REST login or an employee. */
export type MailAccount = 'rest' | 'employee';

/** A reset link's token, by its SHA-256; deleted when used. */
export interface PasswordResetsTable {
  token_hash: string;
  account: MailAccount;
  account_id: number;
  created_ms: number;
  expires_ms: number;
}

/** The key that signs unsubscribe links when SVC_SECRET_KEY is unset (`name` 'unsubscribe'). */
export interface MailKeysTable {
  name: string;
  value: string;
}

/** One alert a user wants: `kind` of `site_id` (0: every site of the customer), mailed to `email` in `lang`. */
export interface AlertSubscriptionsTable {
  id: Id;
  customer_id: number;
  account: MailAccount;
  account_id: number;
  site_id: number;
  kind: string;
  email: string;
  lang: string;
}

/** An alert waiting for its subscription's next mail: `line` is what the mail says of it. */
export interface AlertQueueTable {
  id: Id;
  subscription_id: number;
  site_id: number;
  record_id: number;
  line: string;
  created_ms: number;
}

/** When a subscription's last mail went: the next waits a minute after it. */
export interface AlertSendsTable {
  subscription_id: number;
  sent_ms: number;
}

/** A user's scheduled report: daily or weekly, at `hour` (and `weekday`, 1 Monday) of the customer's zone. */
export interface ReportSchedulesTable {
  id: Id;
  customer_id: number;
  account: MailAccount;
  account_id: number;
  period: 'daily' | 'weekly';
  hour: number;
  weekday: Defaulted<number>;
  email: string;
  lang: string;
}

/** A period of a schedule sent: the primary key makes it once. */
export interface ReportSendsTable {
  schedule_id: number;
  period_start: string;
  sent_ms: number;
}

import type { Kysely } from 'kysely';
import { keyOnly, oneOf, withId, type Dialect } from './columns.js';

/**
 * Mail (docs/notifications.md):
 * - `password_resets`: a reset link's token, stored as its SHA-256 only, for a REST login or an
 *   employee; deleted when used, so a link works once;
 * - `mail_keys`: the key that signs unsubscribe links when SVC_SECRET_KEY is unset, made once;
 * - `alert_subscriptions`: which alerts a user wants, per site (site 0: every site of the customer);
 * - `alert_queue`: the alerts waiting for their grouped mail; `alert_sends`: when each user last
 *   got a mail of each kind (one mail per user, kind and minute, claimed across processes);
 * - `report_schedules`: a user's daily or weekly report; `report_sends`: each period sent, once
 *   (its primary key is the claim).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  const account = oneOf('account', ['rest', 'employee']);
  await keyOnly(dialect, s.createTable('password_resets'))
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => account(c.notNull()))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('created_ms', 'integer', (c) => c.notNull())
    .addColumn('expires_ms', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('password_resets_account').on('password_resets').columns(['account', 'account_id']).execute();
  await keyOnly(dialect, s.createTable('mail_keys'))
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await withId(dialect, s.createTable('alert_subscriptions'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('account', 'text', (c) => account(c.notNull()))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addUniqueConstraint('alert_subscriptions_one', ['account', 'account_id', 'site_id', 'kind'])
    .execute();
  await s.createIndex('alert_subscriptions_customer').on('alert_subscriptions').columns(['customer_id', 'kind']).execute();
  await withId(dialect, s.createTable('alert_queue'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('created_ms', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('alert_queue_subscription').on('alert_queue').columns(['subscription_id', 'id']).execute();
  await keyOnly(dialect, s.createTable('alert_sends'))
    .addColumn('subscription_id', 'integer', (c) => c.primaryKey())
    .addColumn('sent_ms', 'integer', (c) => c.notNull())
    .execute();
  await withId(dialect, s.createTable('report_schedules'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('account', 'text', (c) => account(c.notNull()))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => oneOf('period', ['daily', 'weekly'])(c.notNull()))
    // The hour of the customer's day it is sent at, and for a weekly one the ISO weekday (1 Monday).
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('weekday', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addUniqueConstraint('report_schedules_one', ['account', 'account_id', 'customer_id', 'period'])
    .execute();
  await keyOnly(dialect, s.createTable('report_sends'))
    .addColumn('schedule_id', 'integer', (c) => c.notNull())
    // The first day of the period sent, YYYY-MM-DD in the customer's time zone.
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('sent_ms', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_sends_pk', ['schedule_id', 'period_start'])
    .execute();
}

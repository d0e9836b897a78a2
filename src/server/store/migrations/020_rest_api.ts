import type { Kysely } from 'kysely';
import { keyOnly, oneOf, withId, type Dialect } from './columns.js';

/**
 * The REST API's accounts and the configuration it manages that had no table yet
 * (docs/spec/rest-api.md): agents and their tariff plans and charges, the customer fields an
 * agent sets (state, plan, limits, time zone), API users and their sessions, tags and caller-number
 * (numa) lists. Money is kept in kopecks (integers), so sums stay exact in both dialects.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await withId(dialect, s.createTable('agents'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await withId(dialect, s.createTable('tariff_plans'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('daily_fee_kopecks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A customer of an agent: who manages it, its plan, its limits (JSON object of the
  // create_agent_customer fields) and the time zone its REST dates are read and written in.
  await s
    .alterTable('customers')
    .addColumn('agent_id', 'integer', (c) => c.references('agents.id'))
    .execute();
  await s.alterTable('customers').addColumn('tp_id', 'integer').execute();
  await s.alterTable('customers').addColumn('email', 'text').execute();
  await s
    .alterTable('customers')
    .addColumn('limits', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await s
    .alterTable('customers')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Moscow'))
    .execute();
  // create_site's minimum duration of a call that counts as a target call, in seconds.
  await s.alterTable('sites').addColumn('target_call_min_duration', 'integer').execute();
  await s.createIndex('customers_agent').on('customers').columns(['agent_id', 'id']).execute();
  // What an agent's account was charged: one row per charge, read by the charges reports.
  await withId(dialect, s.createTable('agent_charges'))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('kind', 'text', (c) => oneOf('kind', ['tp'])(c.notNull()))
    .addColumn('tp_id', 'integer')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('amount_kopecks', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('agent_charges_customer_day').on('agent_charges').columns(['customer_id', 'day']).execute();
  // A REST login: a customer's own user (customer_id) or an agent's (agent_id), never both.
  await withId(dialect, s.createTable('api_users'))
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('agent_id', 'integer', (c) => c.references('agents.id'))
    .execute();
  // Only the SHA-256 of a session key is kept, so a copy of the database logs nobody in.
  await keyOnly(
    dialect,
    s
      .createTable('api_sessions')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('api_users.id').onDelete('cascade'))
      .addColumn('expires_ms', 'bigint', (c) => c.notNull()),
  ).execute();
  await s.createIndex('api_sessions_expiry').on('api_sessions').column('expires_ms').execute();
  await withId(dialect, s.createTable('tags'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addUniqueConstraint('tags_customer_name', ['customer_id', 'name'])
    .execute();
  await withId(dialect, s.createTable('numa_lists'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('numa_lists_customer').on('numa_lists').columns(['customer_id', 'id']).execute();
  await keyOnly(
    dialect,
    s
      .createTable('numa_list_numbers')
      .addColumn('list_id', 'integer', (c) => c.notNull().references('numa_lists.id').onDelete('cascade'))
      .addColumn('number', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('numa_list_numbers_pk', ['list_id', 'number']),
  ).execute();
}

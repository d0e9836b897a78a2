import type { Kysely } from 'kysely';
import { keyOnly, oneOf, withId, type Dialect } from './columns.js';

/** The prefix types of a rated call (rest-api.md, "Call charge record"). */
const PREFIX_TYPES = ['internal', 'local', 'country', 'international', 'zone'];

/**
 * Numbers, scenarios, media files, SIP lines and charges (docs/calls.md, "Numbers,
 * scenarios and charges"). The service's capacity of free numbers per region, the numbers each customer
 * holds (bought from the capacity or used by its sites' blocks and pools), the tariffs that rate
 * number rentals and call legs, and each leg's rated cost, frozen when it is first rated. Money is
 * integer kopecks, as in 020.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  // Rental and connection price of a number, by its category (local, mobile, tollfree…).
  await keyOnly(
    dialect,
    s
      .createTable('number_tariffs')
      .addColumn('category', 'text', (c) => c.primaryKey())
      .addColumn('monthly_charge_kopecks', 'integer', (c) => c.notNull())
      .addColumn('activation_charge_kopecks', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  // The service's numbers per region; customer_id is NULL while a number is free.
  await withId(dialect, s.createTable('number_capacity'))
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('taken_at', 'text')
    .execute();
  await s.createIndex('number_capacity_free').on('number_capacity').columns(['region', 'customer_id', 'id']).execute();
  // The numbers a customer holds: what virtual_numbers lists and rentals charge. A number is one
  // customer's at a time (unique); its prices are fixed when it is taken.
  await withId(dialect, s.createTable('customer_numbers'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('phone_number', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('region', 'text')
    .addColumn('source', 'text', (c) => oneOf('source', ['bought', 'site'])(c.notNull()))
    .addColumn('status', 'text', (c) => oneOf('status', ['active', 'blocked'])(c.notNull().defaultTo('active')))
    .addColumn('monthly_charge_kopecks', 'integer', (c) => c.notNull())
    .addColumn('activation_charge_kopecks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activation_date', 'text', (c) => c.notNull())
    // create_dialing_operation's forwarding target.
    .addColumn('forward_to', 'text')
    .execute();
  await s.createIndex('customer_numbers_customer').on('customer_numbers').columns(['customer_id', 'phone_number']).execute();
  // Per-minute prices of call legs: by direction, the category of the customer's number on the
  // leg (NULL: any) and the prefix of the number rated ('' matches every number).
  await withId(dialect, s.createTable('call_tariffs'))
    .addColumn('direction', 'text', (c) => oneOf('direction', ['in', 'out'])(c.notNull()))
    .addColumn('number_category', 'text')
    .addColumn('prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prefix_type', 'text', (c) => oneOf('prefix_type', PREFIX_TYPES)(c.notNull()))
    .addColumn('prefix_type_name', 'text', (c) => c.notNull())
    .addColumn('price_per_minute_kopecks', 'integer', (c) => c.notNull())
    .execute();
  // A leg's cost, written once when the leg is first rated (a later tariff change rates later legs).
  await keyOnly(
    dialect,
    s
      .createTable('call_leg_costs')
      .addColumn('leg_id', 'integer', (c) => c.primaryKey().references('call_legs.id'))
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('setup_time', 'text', (c) => c.notNull())
      .addColumn('minutes', 'integer', (c) => c.notNull())
      .addColumn('tariff_id', 'integer')
      .addColumn('prefix_type', 'text', (c) => oneOf('prefix_type', PREFIX_TYPES)(c.notNull()))
      .addColumn('prefix_type_name', 'text', (c) => c.notNull())
      .addColumn('cost_kopecks', 'integer', (c) => c.notNull())
      .addColumn('virtual_cost_kopecks', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await s.createIndex('call_leg_costs_customer_time').on('call_leg_costs').columns(['customer_id', 'direction', 'setup_time']).execute();
  // Scenarios: which numbers they answer, where they forward, and per caller-number list elsewhere.
  await withId(dialect, s.createTable('scenarios'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('forward_to', 'text')
    .execute();
  await keyOnly(
    dialect,
    s
      .createTable('scenario_numbers')
      .addColumn('phone_number', 'text', (c) => c.primaryKey())
      .addColumn('scenario_id', 'integer', (c) => c.notNull().references('scenarios.id').onDelete('cascade')),
  ).execute();
  await s.createIndex('scenario_numbers_scenario').on('scenario_numbers').columns(['scenario_id', 'phone_number']).execute();
  await withId(dialect, s.createTable('scenario_numa_routes'))
    .addColumn('scenario_id', 'integer', (c) => c.notNull().references('scenarios.id').onDelete('cascade'))
    .addColumn('numa_list_id', 'integer', (c) => c.notNull().references('numa_lists.id').onDelete('cascade'))
    .addColumn('forward_to', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('scenario_numa_routes_scenario').on('scenario_numa_routes').columns(['scenario_id', 'position']).execute();
  // Media files: a customer's (customer_id) or the system's (NULL).
  await withId(dialect, s.createTable('media_files'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_s', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('modify_time', 'text', (c) => c.notNull())
    .addColumn('is_normalize', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('media_files_customer_name').on('media_files').columns(['customer_id', 'name']).unique().execute();
  await withId(dialect, s.createTable('sip_lines'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull().defaultTo('SIP'))
    .addColumn('type', 'text', (c) => oneOf('type', ['Домашний', 'Мобильный', 'Рабочий', 'Факс'])(c.notNull()))
    .addColumn('channels_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('logical_state', 'text', (c) => oneOf('logical_state', ['Доступен', 'Не беспокоить', 'Не авторизован'])(c.notNull()))
    .addColumn('physical_state', 'text', (c) =>
      oneOf('physical_state', ['Зарегистрирован', 'Не зарегистрирован', 'Не доступен'])(c.notNull()),
    )
    .addColumn('billing_state', 'text', (c) =>
      oneOf('billing_state', [
        'waiting',
        'active',
        'manual_lock',
        'limit_lock',
        'debt_lock',
        'archive',
        'freeze',
        'cleaning',
        'prereserved',
        'reserved',
        'free',
      ])(c.notNull()),
    )
    .addColumn('forwarding_timeout', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('additional_calling_number', 'text')
    .addUniqueConstraint('sip_lines_phone', ['phone'])
    .execute();
  await s.createIndex('sip_lines_customer').on('sip_lines').columns(['customer_id', 'phone']).execute();
  await keyOnly(
    dialect,
    s
      .createTable('sip_line_employees')
      .addColumn('sip_line_id', 'integer', (c) => c.notNull().references('sip_lines.id').onDelete('cascade'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('sip_line_employees_pk', ['sip_line_id', 'employee_id']),
  ).execute();
  // calls_count and sum_calls_duration of a line read its legs.
  await s.createIndex('call_legs_sip_line').on('call_legs').columns(['sip_line', 'customer_id']).execute();
}

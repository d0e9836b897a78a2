import { sql, type Kysely } from 'kysely';
import { keyOnly, oneOf, withId, type Dialect } from './columns.js';

/**
 * The consultant: operators (the REST document's employees), their console sessions, chats and
 * chat messages after the REST chat and chat_messages records, and the REST chat record as a view.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await withId(dialect, s.createTable('employees'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('patronymic', 'text')
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('extension', 'text')
    .addColumn('phones', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_consultant_operator_active', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await keyOnly(
    dialect,
    s
      .createTable('employee_sites')
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
      .addPrimaryKeyConstraint('employee_sites_pk', ['employee_id', 'site_id']),
  ).execute();
  await s.createIndex('employee_sites_site').on('employee_sites').column('site_id').execute();
  // A console sign-in: only the SHA-256 of the cookie's token is kept, so a copy of the database
  // signs nobody in.
  await keyOnly(
    dialect,
    s
      .createTable('operator_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_ms', 'bigint', (c) => c.notNull()),
  ).execute();
  // status: NULL while nobody has answered yet; 'succeed' from the first operator reply; 'lost'
  // when nobody answered in time (or the visitor left first); 'refused' when an operator closed
  // it unanswered. end_ms is set when the chat is over, whoever ended it.
  await withId(dialect, s.createTable('chats'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('visitor_id', 'integer', (c) => c.notNull().references('visitors.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id'))
    .addColumn('hit_id', 'integer', (c) => c.notNull().references('hits.id'))
    .addColumn('ac_id', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('visitor_type', 'text', (c) => oneOf('visitor_type', ['new', 'returning'])(c.notNull()))
    .addColumn('status', 'text', oneOf('status', ['lost', 'succeed', 'refused']))
    .addColumn('initiator', 'text', (c) =>
      oneOf('initiator', ['Посетитель', 'Оператор', 'Автоприглашение'])(c.notNull().defaultTo('Посетитель')),
    )
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('answer_ms', 'bigint')
    .addColumn('end_ms', 'bigint')
    .addColumn('employee_id', 'integer')
    .addColumn('operator_name', 'text')
    .addColumn('messages_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operator_message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitor_message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('page_url', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('chats_visitor').on('chats').columns(['visitor_id', 'id']).execute();
  await s.createIndex('chats_site_time').on('chats').columns(['site_id', 'start_time']).execute();
  await s.createIndex('chats_open').on('chats').column('site_id').where(sql.ref('end_ms'), 'is', null).execute();
  await withId(dialect, s.createTable('chat_messages'))
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id'))
    .addColumn('sourse', 'text', (c) => oneOf('sourse', ['Оператор', 'Посетитель'])(c.notNull()))
    .addColumn('user_id', 'integer')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('date_time', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .execute();
  await s.createIndex('chat_messages_chat').on('chat_messages').columns(['chat_id', 'id']).execute();
  await s
    .createIndex('chat_messages_client')
    .unique()
    .on('chat_messages')
    .columns(['chat_id', 'client_id'])
    .where(sql.ref('client_id'), 'is not', null)
    .execute();
  // The REST chat record, with the visitor context of the session the chat started in. The
  // answer interval is written HH:MM:SS; each dialect has its own way to pad a number.
  const part = (divisor: number, modulo: number | null) => {
    const n =
      modulo == null
        ? sql`(c.answer_ms - c.start_ms) / ${sql.lit(divisor)}`
        : sql`(c.answer_ms - c.start_ms) / ${sql.lit(divisor)} % ${sql.lit(modulo)}`;
    return dialect === 'sqlite' ? sql`printf('%02d', ${n})` : sql`lpad((${n})::text, 2, '0')`;
  };
  await s
    .createView('chat_report')
    .as(
      sql`SELECT c.id, c.status, c.initiator, c.start_time,
        CASE WHEN c.answer_ms IS NOT NULL THEN ${part(3600000, null)} || ':' || ${part(60000, 60)} || ':' || ${part(1000, 60)} END AS answer_interval,
        CASE WHEN c.end_ms IS NOT NULL THEN (c.end_ms - c.start_ms) / 1000 END AS duration,
        c.employee_id, c.operator_name, '[]' AS tags, c.messages_count, c.operator_message_count, c.visitor_message_count,
        c.page_url, c.site_id, c.ac_id, c.visitor_id, c.session_id, c.visitor_type, v.visits_count,
        v.first_ac_id AS visitor_first_ac, s.country, s.region, s.city, s.search_engine, s.search_query, s.referrer_domain,
        s.referrer, s.ua_client_id, s.utm_campaign, s.utm_content, s.utm_medium, s.utm_source, s.utm_term, s.os_ad_id,
        s.os_campaign_id, s.os_service_name, s.os_source_id, s.gclid, s.yclid, s.ef_id
      FROM chats c JOIN sessions s ON s.id = c.session_id JOIN visitors v ON v.id = c.visitor_id` as never,
    )
    .execute();
}

import type { Kysely } from 'kysely';
import { withId, type Dialect } from './columns.js';

/**
 * API keys (docs/api-keys.md): a customer's long-lived keys of the REST API for integrations.
 * Only the key's SHA-256 is stored (`key_hash`); `key_id` is the short public part lists show.
 * `site_ids` is a JSON array of the sites the key reaches, null for all of the customer's.
 * A revoked key keeps its row (`revoked_ms`) so the list shows when it ended.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withId(dialect, db.schema.createTable('api_keys'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull().unique())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('read_only', 'integer', (c) => c.notNull())
    .addColumn('site_ids', 'text')
    .addColumn('created_ms', 'integer', (c) => c.notNull())
    .addColumn('last_used_ms', 'integer')
    .addColumn('revoked_ms', 'integer')
    .execute();
  await db.schema.createIndex('api_keys_customer').on('api_keys').columns(['customer_id', 'id']).execute();
}

import type { Kysely } from 'kysely';
import { withId, type Dialect } from './columns.js';

/**
 * Calls that teach the ads (docs/conversions.md):
 * - `qualification_rules`: a site's rules that mark a communication qualified (and may set tags);
 * - `qualified_at` and `qualification_rule_id` on calls (and call-backs), chats and requests: when
 *   and by which rule; set once, never cleared by a rule's edit (what was sent on stays sent);
 * - `calls.attribution`: why the call was credited, as JSON `{code, details}`;
 * - `tags.is_custom`: the tags a customer made beside the standard ones.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const s = db.schema;
  await withId(dialect, s.createTable('qualification_rules'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON arrays: the kinds it applies to, the campaigns it requires (null: any), the tags it sets.
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_talk_seconds', 'integer')
    .addColumn('first_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('excluded_numa_list_id', 'integer')
    .addColumn('campaign_ids', 'text')
    .addColumn('tag_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // A rule is named once on its site (the REST functions find it by its name).
    .addUniqueConstraint('qualification_rules_site_name', ['site_id', 'name'])
    .execute();
  for (const table of ['calls', 'chats', 'offline_messages']) {
    await s.alterTable(table).addColumn('qualified_at', 'text').execute();
    await s.alterTable(table).addColumn('qualification_rule_id', 'integer').execute();
  }
  await s.alterTable('calls').addColumn('attribution', 'text').execute();
  await s
    .alterTable('tags')
    .addColumn('is_custom', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // A first-time caller is one with no earlier call to the site from the number.
  await s.createIndex('calls_site_numa').on('calls').columns(['site_id', 'numa', 'id']).execute();
}

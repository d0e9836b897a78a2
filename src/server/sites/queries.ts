import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/**
 * Queries of the site configuration: customers and sites. The configuration import writes them,
 * the lookups read them.
 */

export type SiteRow = Row<'sites'>;

export async function siteByKey(db: Queryable, column: 'site_key' | 'widget_key', key: string): Promise<SiteRow | null> {
  return (await db.selectFrom('sites').selectAll().where(column, '=', key).executeTakeFirst()) ?? null;
}

export async function siteById(db: Queryable, id: number): Promise<SiteRow | null> {
  return (await db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

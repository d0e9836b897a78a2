import type { Queryable } from '../store/queryable.js';
import type { NewRow, Row } from '../store/tables.js';

/** A site's conversion destinations (`conversion_destinations`): the rows, as stored. */

export type DestinationRow = Row<'conversion_destinations'>;

export async function destinationsOfSite(db: Queryable, siteId: number): Promise<DestinationRow[]> {
  return db.selectFrom('conversion_destinations').selectAll().where('site_id', '=', siteId).orderBy('id').execute();
}

export async function destinationById(db: Queryable, id: number): Promise<DestinationRow | null> {
  return (await db.selectFrom('conversion_destinations').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function insertDestination(db: Queryable, row: NewRow<'conversion_destinations'>): Promise<number> {
  const r = await db.insertInto('conversion_destinations').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateDestination(
  db: Queryable,
  id: number,
  set: Partial<Pick<DestinationRow, 'label' | 'sends' | 'settings' | 'credentials' | 'enabled' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('conversion_destinations').set(set).where('id', '=', id).execute();
}

/** Disconnected: its outbox and log go with it (foreign keys cascade; deleted here on SQLite without them too). */
export async function deleteDestination(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('conversion_attempts').where('destination_id', '=', id).execute();
  await db.deleteFrom('conversion_outbox').where('destination_id', '=', id).execute();
  await db.deleteFrom('conversion_destinations').where('id', '=', id).execute();
}

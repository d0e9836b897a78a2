import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/** Every query of `site_blocks`, the number blocks of a site or campaign: what a session gets, the import's and the REST API's writes. */

export interface BlockRow {
  id: number;
  ac_id: number | null;
  selector: string;
  numb: string | null;
  text: string | null;
  image: string | null;
  is_dt_enabled: number;
}

/** The number blocks a session of campaign `acId` gets: the campaign's first, then the site's defaults. */
export async function sessionBlocks(db: Queryable, siteId: number, acId: number): Promise<BlockRow[]> {
  return db
    .selectFrom('site_blocks')
    .select(['id', 'ac_id', 'selector', 'numb', 'text', 'image', 'is_dt_enabled'])
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('ac_id', 'is', null), eb('ac_id', '=', acId)]))
    .orderBy((eb) => eb('ac_id', 'is', null))
    .orderBy('id')
    .execute();
}

export type BlockFullRow = Row<'site_blocks'>;

export async function upsertBlock(db: Queryable, v: BlockFullRow): Promise<void> {
  const { id: _id, ...rest } = v;
  await db
    .insertInto('site_blocks')
    .values(v)
    .onConflict((oc) => oc.column('id').doUpdateSet(rest))
    .execute();
}

/** Deletes a number block and, by cascade, its pool; the leases keep their history. */
export async function deleteBlock(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('site_blocks').where('id', '=', id).execute();
}

/** The number blocks of a campaign (`acId`) or the site's defaults (`acId` null), in id order. */
export async function blocksOf(db: Queryable, siteId: number, acId: number | null): Promise<BlockFullRow[]> {
  return db
    .selectFrom('site_blocks')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('ac_id', acId == null ? 'is' : '=', acId)
    .orderBy('id')
    .execute();
}

/** A block with its site's customer. */
export async function blockOwner(db: Queryable, blockId: number): Promise<(BlockFullRow & { customer_id: number }) | null> {
  return (
    (await db
      .selectFrom('site_blocks as b')
      .innerJoin('sites as s', 's.id', 'b.site_id')
      .selectAll('b')
      .select('s.customer_id')
      .where('b.id', '=', blockId)
      .executeTakeFirst()) ?? null
  );
}

export async function createBlock(db: Queryable, v: Omit<BlockFullRow, 'id'>): Promise<number> {
  return (await db.insertInto('site_blocks').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateBlock(db: Queryable, id: number, v: Partial<Omit<BlockFullRow, 'id' | 'site_id' | 'ac_id'>>): Promise<void> {
  if (Object.keys(v).length) await db.updateTable('site_blocks').set(v).where('id', '=', id).execute();
}

/** Deletes every number block of a site (the site is being deleted): its numbers are free for other uses. */
export async function deleteBlocksOfSite(db: Queryable, siteId: number): Promise<void> {
  await db.deleteFrom('site_blocks').where('site_id', '=', siteId).execute();
}

import type { Queryable } from '../store/queryable.js';
import type { Row } from '../store/tables.js';

/** Every query of `dt_pool_numbers`, the numbers of a DT block's pool. */

export type PoolNumberRow = Row<'dt_pool_numbers'>;

/** The numbers of a DT block's pool (international digits). */
export async function poolNumbers(db: Queryable, blockId: number): Promise<string[]> {
  const rows = await db.selectFrom('dt_pool_numbers').select('number').where('block_id', '=', blockId).orderBy('id').execute();
  return rows.map((r) => r.number);
}

/** How many numbers a DT block's pool has (the lease policy's shares are of this). */
export async function poolSize(db: Queryable, blockId: number): Promise<number> {
  const row = await db
    .selectFrom('dt_pool_numbers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('block_id', '=', blockId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function addPoolNumber(db: Queryable, blockId: number, number: string): Promise<void> {
  await db.insertInto('dt_pool_numbers').values({ block_id: blockId, number }).execute();
}

export async function deletePoolNumber(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('dt_pool_numbers').where('id', '=', id).execute();
}

/** Replaces a block's pool numbers. */
export async function setPoolNumbers(db: Queryable, blockId: number, numbers: readonly string[]): Promise<void> {
  await db.deleteFrom('dt_pool_numbers').where('block_id', '=', blockId).execute();
  for (const number of numbers) await addPoolNumber(db, blockId, number);
}

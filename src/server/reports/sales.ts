import type { Queryable } from '../store/queryable.js';
import type { CommunicationObjectType } from '../store/tables/tagging.js';
import type { Row } from '../store/tables.js';
import { chunks } from '../store/chunks.js';

/** Every query of `sales`: the deal of a communication. */

/** The sale of each of the communications that has one: UTC date and sum in kopecks. */
export async function salesOfCommunications(
  db: Queryable,
  type: CommunicationObjectType,
  ids: readonly number[],
): Promise<Map<number, { sale_date: string; cost_kopecks: number }>> {
  const out = new Map<number, { sale_date: string; cost_kopecks: number }>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .selectFrom('sales')
      .select(['object_id', 'sale_date', 'cost_kopecks'])
      .where('object_type', '=', type)
      .where('object_id', 'in', chunk)
      .execute();
    for (const r of rows) out.set(r.object_id, { sale_date: r.sale_date, cost_kopecks: Number(r.cost_kopecks) });
  }
  return out;
}

/** Sets (or replaces) the deal of a communication. */
export async function setSale(db: Queryable, sale: Row<'sales'>): Promise<void> {
  await db
    .insertInto('sales')
    .values(sale)
    .onConflict((oc) =>
      oc
        .columns(['object_type', 'object_id'])
        .doUpdateSet({ sale_date: sale.sale_date, cost_kopecks: sale.cost_kopecks, created_at: sale.created_at }),
    )
    .execute();
}

export async function removeSale(db: Queryable, type: CommunicationObjectType, objectId: number): Promise<void> {
  await db.deleteFrom('sales').where('object_type', '=', type).where('object_id', '=', objectId).execute();
}

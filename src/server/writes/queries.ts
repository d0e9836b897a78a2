import type { Queryable } from '../store/queryable.js';

/** The client write ids the server confirmed (`client_writes`): a retry answers from here. */

export interface SeenWrite {
  result: string | null;
  visitor_id: number | null;
}

export async function seenWrite(db: Queryable, siteId: number, id: string): Promise<SeenWrite | null> {
  const row = await db
    .selectFrom('client_writes')
    .select(['result', 'visitor_id'])
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function recordWrite(
  db: Queryable,
  w: { siteId: number; id: string; type: string; result: string | null; createdAt: string; visitorId: number | null },
): Promise<void> {
  await db
    .insertInto('client_writes')
    .values({ site_id: w.siteId, id: w.id, type: w.type, result: w.result, created_at: w.createdAt, visitor_id: w.visitorId })
    .execute();
}

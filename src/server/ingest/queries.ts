import type { Queryable } from '../store/queryable.js';
import { unawaited } from '../store/pipelined-connection.js';
import { prepared } from '../store/prepared.js';

/**
 * The client write ids the server confirmed (`client_writes`): a retry answers from here. Both
 * queries run for every write, so they are `prepared` (built and compiled once).
 */

export interface SeenWrite {
  type: string;
  result: string | null;
  visitor_id: number | null;
}

const seenWriteQuery = prepared((db, p: { siteId: number; id: string }) =>
  db.selectFrom('client_writes').select(['type', 'result', 'visitor_id']).where('site_id', '=', p.siteId).where('id', '=', p.id),
);

export async function seenWrite(db: Queryable, siteId: number, id: string): Promise<SeenWrite | null> {
  return (await seenWriteQuery(db, { siteId, id }))[0] ?? null;
}

export interface NewWrite {
  siteId: number;
  id: string;
  type: string;
  result: string | null;
  createdAt: string;
  visitorId: number | null;
}

const recordWriteQuery = prepared((db, w: NewWrite) =>
  db
    .insertInto('client_writes')
    .values({ site_id: w.siteId, id: w.id, type: w.type, result: w.result, created_at: w.createdAt, visitor_id: w.visitorId }),
);

export async function recordWrite(db: Queryable, w: NewWrite): Promise<void> {
  await unawaited(db, [recordWriteQuery(db, w)]);
}

/** Deletes the write ids stored before `before` (a timestamp as `created_at` holds it); how many. */
export async function deleteWritesBefore(db: Queryable, before: string): Promise<number> {
  const r = await db.deleteFrom('client_writes').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

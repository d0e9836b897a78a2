import type { Queryable } from '../store/queryable.js';
import type { QualifiableKind } from '../store/tables.js';

/**
 * Forgets the items and log of records being erased (erasure.ts; conversions/ owns the tables): the log holds what was
 * sent (click ids, client ids, the caller's number), and an unsent item would read a record that
 * is gone or anonymised. Calls and call-backs are both `calls` rows.
 */
export async function forgetConversions(
  db: Queryable,
  records: { calls: readonly number[]; chats: readonly number[]; requests: readonly number[] },
): Promise<void> {
  const groups: Array<[kinds: QualifiableKind[], ids: readonly number[]]> = [
    [['call', 'sitephone'], records.calls],
    [['chat'], records.chats],
    [['offline_message'], records.requests],
  ];
  for (const [kinds, ids] of groups) {
    if (ids.length === 0) continue;
    const items = db.selectFrom('conversion_outbox').select('id').where('object_kind', 'in', kinds).where('object_id', 'in', ids);
    await db.deleteFrom('conversion_attempts').where('outbox_id', 'in', items).execute();
    await db.deleteFrom('conversion_outbox').where('object_kind', 'in', kinds).where('object_id', 'in', ids).execute();
  }
}

import { numberKey, numberVariants } from '../../numbers/keys.js';
import type { Queryable } from '../../store/queryable.js';
import type { Row } from '../../store/tables.js';
import { callbackPrefix } from './names.js';

/**
 * The call-back a PBX outgoing call belongs to. Zadarma's call-back request answers no call id, so
 * the record dialled through a connection (names.ts `callbackCallId`) is found by the number called:
 * the latest call-back of this connection to that visitor's phone, in any of its stored forms.
 * Two call-backs to one visitor at once through one account cannot be told apart this way; a table
 * mapping Zadarma's `pbx_call_id` to the request would.
 */
export async function callbackToPhone(db: Queryable, connectionId: number, phone: string): Promise<Row<'calls'> | null> {
  const key = numberKey(phone);
  if (!key) return null;
  return (
    (await db
      .selectFrom('calls')
      .selectAll()
      .where('communication_type', '=', 'sitephone')
      .where('platform_call_id', 'like', `${callbackPrefix(connectionId)}%`)
      .where('numa', 'in', numberVariants(key))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

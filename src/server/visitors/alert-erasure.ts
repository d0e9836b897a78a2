import type { Queryable } from '../store/queryable.js';

/**
 * Forgets the queued mail alerts of records being erased (erasure.ts; mail/ owns the tables): a
 * line holds the caller's number, a request's name and message, a chat's page, and would wait up
 * to a minute for its mail. A queued alert names its record by id and its kind by subscription;
 * calls, chats and requests are numbered apart, so a pending alert of another record of the site
 * with the same id and a kind that could name both may go with them: erasure errs that way.
 */
export async function forgetAlerts(
  db: Queryable,
  siteId: number,
  records: { calls: readonly number[]; chats: readonly number[]; requests: readonly number[] },
): Promise<void> {
  const groups: Array<[kinds: string[], ids: readonly number[]]> = [
    [['missed_call', 'request', 'qualified'], records.calls],
    [['chat_unanswered', 'qualified'], records.chats],
    [['request', 'qualified'], records.requests],
  ];
  for (const [kinds, ids] of groups) {
    if (ids.length === 0) continue;
    await db
      .deleteFrom('alert_queue')
      .where('site_id', '=', siteId)
      .where('record_id', 'in', ids)
      .where('subscription_id', 'in', (eb) => eb.selectFrom('alert_subscriptions').select('id').where('kind', 'in', kinds))
      .execute();
  }
}

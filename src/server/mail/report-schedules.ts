import type { Queryable } from '../store/queryable.js';
import type { MailAccount, Row } from '../store/tables.js';

/** The users' scheduled reports (report_schedules) and the periods sent (report_sends). */

export type ReportSchedule = Row<'report_schedules'>;

export interface ScheduleOwner {
  customerId: number;
  account: MailAccount;
  accountId: number;
}

export async function schedulesOf(db: Queryable, o: ScheduleOwner): Promise<ReportSchedule[]> {
  return db
    .selectFrom('report_schedules')
    .selectAll()
    .where('customer_id', '=', o.customerId)
    .where('account', '=', o.account)
    .where('account_id', '=', o.accountId)
    .orderBy('period')
    .execute();
}

/**
 * Sets the owner's schedule of `period` in place (its id, and so the periods it has sent, stay: a
 * changed hour does not send a period again), or removes it (`values` null).
 */
export async function setSchedule(
  db: Queryable,
  o: ScheduleOwner,
  period: 'daily' | 'weekly',
  values: Pick<ReportSchedule, 'hour' | 'weekday' | 'email' | 'lang'> | null,
): Promise<void> {
  if (!values) {
    const gone = (await schedulesOf(db, o)).filter((s) => s.period === period).map((s) => s.id);
    if (gone.length) {
      await db.deleteFrom('report_sends').where('schedule_id', 'in', gone).execute();
      await db.deleteFrom('report_schedules').where('id', 'in', gone).execute();
    }
    return;
  }
  await db
    .insertInto('report_schedules')
    .values({ customer_id: o.customerId, account: o.account, account_id: o.accountId, period, ...values })
    .onConflict((oc) => oc.columns(['account', 'account_id', 'customer_id', 'period']).doUpdateSet(values))
    .execute();
}

/** Removes every scheduled report of the owner (the unsubscribe link). */
export async function dropSchedules(db: Queryable, o: ScheduleOwner): Promise<void> {
  for (const period of ['daily', 'weekly'] as const) await setSchedule(db, o, period, null);
}

export async function allSchedules(db: Queryable): Promise<ReportSchedule[]> {
  return db.selectFrom('report_schedules').selectAll().orderBy('id').execute();
}

/**
 * Takes a period of a schedule for this process: true when its row was added now. The primary key
 * makes it once, whichever process and however many restarts ask.
 */
export async function claimPeriod(db: Queryable, scheduleId: number, periodStart: string, now: number): Promise<boolean> {
  const r = await db
    .insertInto('report_sends')
    .values({ schedule_id: scheduleId, period_start: periodStart, sent_ms: now })
    .onConflict((oc) => oc.columns(['schedule_id', 'period_start']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

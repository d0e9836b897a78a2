import type { MailAccount } from '../store/tables.js';
import type { Queryable } from '../store/queryable.js';

/** A user's alert choices for one customer: the address, the language, and each (site, kind) wanted. */
export interface AlertChoices {
  email: string;
  lang: string;
  subscriptions: Array<{ site_id: number; kind: string }>;
}

export interface AlertOwner {
  customerId: number;
  account: MailAccount;
  accountId: number;
}

export async function alertChoices(db: Queryable, o: AlertOwner): Promise<AlertChoices | null> {
  const rows = await db
    .selectFrom('alert_subscriptions')
    .select(['site_id', 'kind', 'email', 'lang'])
    .where('customer_id', '=', o.customerId)
    .where('account', '=', o.account)
    .where('account_id', '=', o.accountId)
    .orderBy('site_id')
    .orderBy('kind')
    .execute();
  if (!rows.length) return null;
  return { email: rows[0]!.email, lang: rows[0]!.lang, subscriptions: rows.map((r) => ({ site_id: r.site_id, kind: r.kind })) };
}

/** Replaces the user's choices; alerts queued for a dropped choice go with it. */
export async function setAlertChoices(db: Queryable, o: AlertOwner, c: AlertChoices): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const old = await tx
      .selectFrom('alert_subscriptions')
      .select(['id', 'site_id', 'kind'])
      .where('customer_id', '=', o.customerId)
      .where('account', '=', o.account)
      .where('account_id', '=', o.accountId)
      .execute();
    const wanted = new Set(c.subscriptions.map((s) => `${s.site_id} ${s.kind}`));
    const gone = old.filter((r) => !wanted.has(`${r.site_id} ${r.kind}`)).map((r) => r.id);
    if (gone.length) {
      await tx.deleteFrom('alert_queue').where('subscription_id', 'in', gone).execute();
      await tx.deleteFrom('alert_sends').where('subscription_id', 'in', gone).execute();
      await tx.deleteFrom('alert_subscriptions').where('id', 'in', gone).execute();
    }
    const kept = new Set(old.filter((r) => wanted.has(`${r.site_id} ${r.kind}`)).map((r) => `${r.site_id} ${r.kind}`));
    if (old.length) {
      await tx
        .updateTable('alert_subscriptions')
        .set({ email: c.email, lang: c.lang })
        .where('customer_id', '=', o.customerId)
        .where('account', '=', o.account)
        .where('account_id', '=', o.accountId)
        .execute();
    }
    const fresh = c.subscriptions.filter((s) => !kept.has(`${s.site_id} ${s.kind}`));
    if (fresh.length) {
      await tx
        .insertInto('alert_subscriptions')
        .values(
          fresh.map((s) => ({
            customer_id: o.customerId,
            account: o.account,
            account_id: o.accountId,
            site_id: s.site_id,
            kind: s.kind,
            email: c.email,
            lang: c.lang,
          })),
        )
        .execute();
    }
  });
}

/** Drops one alert kind of a user, on every site (the unsubscribe link of an alert mail). */
export async function dropAlertKind(db: Queryable, o: AlertOwner, kind: string): Promise<void> {
  const ids = (
    await db
      .selectFrom('alert_subscriptions')
      .select('id')
      .where('customer_id', '=', o.customerId)
      .where('account', '=', o.account)
      .where('account_id', '=', o.accountId)
      .where('kind', '=', kind)
      .execute()
  ).map((r) => r.id);
  if (!ids.length) return;
  await db.deleteFrom('alert_queue').where('subscription_id', 'in', ids).execute();
  await db.deleteFrom('alert_sends').where('subscription_id', 'in', ids).execute();
  await db.deleteFrom('alert_subscriptions').where('id', 'in', ids).execute();
}

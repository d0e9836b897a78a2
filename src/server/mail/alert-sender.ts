import { sql } from 'kysely';
import type { Mailer } from './mailer.js';
import { unsubscribeQuery, type UnsubscribeKey } from './unsubscribe.js';
import { mailLang } from './texts.js';
import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import type { MailAccount } from '../store/tables.js';
import { ALERT_GAP_MS, LINES_PER_MAIL, type AlertKind } from './alert-kinds.js';
import { alertMail, type AlertLine } from './alert-texts.js';
import { dryVisitsSince } from '../leases/queries.js';

/**
 * Mails the queued alerts (docs/notifications.md, "Alerts"): every tick, each subscription with
 * alerts waiting whose last mail is a minute old or more gets one mail with them all, the first few
 * spelled out and the rest counted. The minute is claimed in the database (alert_sends: a row
 * moved forward only when its time has passed, one statement), so two processes never both mail
 * a subscription within it; the alerts mailed are deleted in the claim's transaction. A mail the
 * SMTP server refuses is not tried again (its alerts are in the journal).
 */
export interface AlertSenderOptions {
  store: Store;
  mailer: Mailer;
  /** The app's base URL the mails link to. */
  appUrl: string;
  /** Signs each mail's unsubscribe link (mail/unsubscribe.ts). */
  key: UnsubscribeKey;
  now: () => number;
  onError: (e: unknown) => void;
}

interface Claimed {
  owner: { account: MailAccount; accountId: number; customerId: number };
  email: string;
  lang: string;
  kind: AlertKind;
  lines: AlertLine[];
  total: number;
}

interface QueuedRow {
  line: string;
  record_id: number;
  created_ms: number;
}

/**
 * The lines a mail spells out. A pool's alerts (one per pool in ten minutes) become one line per
 * pool with its dry visits counted now, since its first alert: a burst of a hundred visits is one
 * line that says a hundred.
 */
async function linesOf(
  db: Queryable,
  kind: AlertKind,
  rows: readonly QueuedRow[],
  spelled: number,
): Promise<{ lines: AlertLine[]; total: number }> {
  if (kind !== 'pool_dry')
    return { lines: rows.slice(0, spelled).map((r) => ({ line: r.line, recordId: r.record_id })), total: rows.length };
  const pools = new Map<number, QueuedRow>();
  for (const r of rows) if (!pools.has(r.record_id)) pools.set(r.record_id, r);
  const lines: AlertLine[] = [];
  for (const r of [...pools.values()].slice(0, spelled))
    lines.push({ line: r.line, recordId: r.record_id, count: await dryVisitsSince(db, r.record_id, r.created_ms) });
  return { lines, total: pools.size };
}

/** Takes the subscription's minute if it is free: true when this call moved it. */
async function claimMinute(tx: Queryable, subscriptionId: number, now: number): Promise<boolean> {
  const r = await sql`
    INSERT INTO alert_sends (subscription_id, sent_ms) VALUES (${subscriptionId}, ${now})
    ON CONFLICT (subscription_id) DO UPDATE SET sent_ms = excluded.sent_ms
    WHERE alert_sends.sent_ms <= ${now - ALERT_GAP_MS}`.execute(tx);
  return Number(r.numAffectedRows ?? 0) === 1;
}

async function claim(db: Queryable, subscriptionId: number, now: number, spelled: number): Promise<Claimed | null> {
  return db.transaction().execute(async (tx) => {
    if (!(await claimMinute(tx, subscriptionId, now))) return null;
    const sub = await tx
      .selectFrom('alert_subscriptions')
      .select(['email', 'lang', 'kind', 'account', 'account_id', 'customer_id'])
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    const rows = await tx
      .selectFrom('alert_queue')
      .select(['id', 'line', 'record_id', 'created_ms'])
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id')
      .execute();
    if (!rows.length) return null;
    await tx
      .deleteFrom('alert_queue')
      .where('subscription_id', '=', subscriptionId)
      .where('id', '<=', rows[rows.length - 1]!.id)
      .execute();
    if (!sub) return null;
    return {
      owner: { account: sub.account, accountId: sub.account_id, customerId: sub.customer_id },
      email: sub.email,
      lang: sub.lang,
      kind: sub.kind as AlertKind,
      ...(await linesOf(tx, sub.kind as AlertKind, rows, spelled)),
    };
  });
}

export function createAlertSender(opts: AlertSenderOptions) {
  return {
    /** One round: mails each subscription whose minute is free; how many mails went. */
    async tick(): Promise<number> {
      const { db } = opts.store;
      const waiting = await db.selectFrom('alert_queue').select('subscription_id').distinct().execute();
      let sent = 0;
      for (const { subscription_id } of waiting) {
        const c = await claim(db, subscription_id, opts.now(), LINES_PER_MAIL);
        if (!c) continue;
        try {
          const lang = mailLang(c.lang);
          const unsubscribe = `${opts.appUrl}api/unsubscribe?${await unsubscribeQuery(opts.key, { ...c.owner, kind: c.kind })}&lang=${lang}`;
          const mail = alertMail(lang, c.kind, c.lines, c.total, opts.appUrl, unsubscribe);
          await opts.mailer.send({
            to: c.email,
            ...mail,
            headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          });
          sent++;
        } catch (e) {
          opts.onError(e);
        }
      }
      return sent;
    },
  };
}

export type AlertSender = ReturnType<typeof createAlertSender>;

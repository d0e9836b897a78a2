import { customerById } from '../identity/customers.js';
import { DEFAULT_TIME_ZONE } from '../identity/dates.js';
import type { Store } from '../store/open.js';
import type { Mailer } from './mailer.js';
import { reportDigest } from './report-digest.js';
import { duePeriod } from './report-period.js';
import { allSchedules, claimPeriod } from './report-schedules.js';
import { reportMail } from './report-texts.js';
import { mailLang } from './texts.js';
import { unsubscribeQuery, type UnsubscribeKey } from './unsubscribe.js';

/**
 * Mails the scheduled reports (docs/notifications.md, "Scheduled reports"): every tick, each
 * schedule whose period is due in its customer's time zone and not yet sent is claimed by a row
 * of report_sends (its primary key: once, whichever process and after any restart) and mailed.
 * A period claimed by a process that died before mailing it is not sent again.
 */
export function createReportSender(opts: {
  store: Store;
  mailer: Mailer;
  appUrl: string;
  key: UnsubscribeKey;
  now: () => number;
  onError: (e: unknown) => void;
}) {
  const { db } = opts.store;
  return {
    async tick(): Promise<number> {
      let sent = 0;
      const now = opts.now();
      for (const s of await allSchedules(db)) {
        const customer = await customerById(db, s.customer_id);
        if (!customer) continue;
        const tz = customer.time_zone || DEFAULT_TIME_ZONE;
        const p = duePeriod(s, now, tz);
        if (!p || !(await claimPeriod(db, s.id, p.start, now))) continue;
        try {
          const digest = await reportDigest(db, s.customer_id, tz, p);
          const q = await unsubscribeQuery(opts.key, {
            account: s.account,
            accountId: s.account_id,
            customerId: s.customer_id,
            kind: 'report',
          });
          const links = { report: `${opts.appUrl}report`, unsubscribe: `${opts.appUrl}api/unsubscribe?${q}&lang=${mailLang(s.lang)}` };
          const mail = reportMail(mailLang(s.lang), s.period, p, digest, links);
          await opts.mailer.send({
            to: s.email,
            ...mail,
            headers: { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
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

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createAlertSender } from './alert-sender.js';
import { createReportSender } from './report-sender.js';
import { unsubscribeKey, type UnsubscribeKey } from './unsubscribe.js';
import { unsubscribeRoutes } from './unsubscribe-routes.js';
import type { Store } from '../store/open.js';
import { windowCounters } from '../store/window-counters.js';
import { createMailer, type MailLog, type MailOptions } from './mailer.js';
import { resetRoutes, type ResetLimits } from './reset-routes.js';
import type { MailService } from './service.js';
import type { LoginGuard } from '../identity/login-guard.js';

/**
 * Mail (docs/notifications.md): the mailer the composition root makes once, the REST functions'
 * `mail` service, the routes of the password reset, and the rounds that mail the alerts and the
 * scheduled reports.
 */
export function mailService(
  store: Store,
  opts: MailOptions | undefined,
  publicUrl: string | undefined,
  secretKey: Buffer | undefined,
  log: MailLog,
): MailService & { unsubscribeKey: UnsubscribeKey } {
  return {
    mailer: createMailer(opts, publicUrl, log),
    appUrl: publicUrl ? `${publicUrl}app/` : null,
    unsubscribeKey: unsubscribeKey(store.db, secretKey),
  };
}

export async function mailRoutes(
  app: FastifyInstance,
  deps: {
    store: Store;
    mail: MailService & { unsubscribeKey: UnsubscribeKey };
    now?: (() => number) | undefined;
    resetLimits?: ResetLimits | undefined;
    loginGuard?: LoginGuard | undefined;
  },
): Promise<void> {
  await unsubscribeRoutes(app, { store: deps.store, key: deps.mail.unsubscribeKey });
  resetRoutes(app, {
    store: deps.store,
    mail: deps.mail,
    counters: windowCounters(deps.store),
    log: app.log,
    now: deps.now ?? Date.now,
    limits: deps.resetLimits,
    loginGuard: deps.loginGuard,
  });
}

export interface NotificationOptions {
  /** How often the alerts and reports are looked at, ms; 0: never by itself (tests call the rounds). Default 10 s. */
  tickMs?: number;
}

/** The rounds of the alerts and reports, each run on its own as a test calls it; how many mails went. */
export interface NotificationRounds {
  alerts(): Promise<number>;
  reports(): Promise<number>;
  close(): Promise<void>;
}

export function startNotifications(
  deps: { store: Store; mail: MailService & { unsubscribeKey: UnsubscribeKey }; now?: (() => number) | undefined; log: FastifyBaseLogger },
  opts: NotificationOptions = {},
): NotificationRounds {
  const now = deps.now ?? Date.now;
  const onError = (e: unknown) => deps.log.error(e, 'notifications: a mail was not sent');
  const appUrl = deps.mail.appUrl ?? '/app/';
  const alerts = createAlertSender({ store: deps.store, mailer: deps.mail.mailer, appUrl, key: deps.mail.unsubscribeKey, now, onError });
  const reports = createReportSender({ store: deps.store, mailer: deps.mail.mailer, appUrl, key: deps.mail.unsubscribeKey, now, onError });
  let running: Promise<unknown> = Promise.resolve();
  const round = () => {
    running = running
      .then(() => alerts.tick())
      .then(() => reports.tick())
      .catch(onError);
  };
  const tickMs = opts.tickMs ?? 10_000;
  const timer = tickMs > 0 ? setInterval(round, tickMs) : null;
  timer?.unref();
  return {
    alerts: () => alerts.tick(),
    reports: () => reports.tick(),
    async close() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

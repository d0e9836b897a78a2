import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/open.js';
import { windowCounters } from '../store/window-counters.js';
import { createMailer, type MailLog, type MailOptions } from './mailer.js';
import { resetRoutes, type ResetLimits } from './reset-routes.js';
import type { MailService } from './service.js';

/**
 * Mail (docs/notifications.md): the mailer the composition root makes once, the REST functions'
 * `mail` service, and the routes of the password reset.
 */
export function mailService(opts: MailOptions | undefined, publicUrl: string | undefined, log: MailLog): MailService {
  return { mailer: createMailer(opts, publicUrl, log), appUrl: publicUrl ? `${publicUrl}app/` : null };
}

export function mailRoutes(
  app: FastifyInstance,
  deps: { store: Store; mail: MailService; now?: (() => number) | undefined; resetLimits?: ResetLimits | undefined },
): void {
  resetRoutes(app, {
    store: deps.store,
    mail: deps.mail,
    counters: windowCounters(deps.store),
    log: app.log,
    now: deps.now ?? Date.now,
    limits: deps.resetLimits,
  });
}

import { z } from 'zod';
import { apiErrors } from '../api/errors.js';
import { apiFunction, type AccountContext } from '../api/function.js';
import { ApiError } from '../http/errors.js';
import './service.js';
import { mailLang, mailTexts } from './texts.js';

/**
 * EXTENSION (docs/notifications.md, docs/rest-api.md "Mail"): whether this server sends mail, and
 * a test message from its operator: an agent's login, or a customer without an agent (as carriers
 * are connected, carriers/connection-functions.ts).
 */

/** True for the server's operator: an agent, or a customer that has no agent. */
const isOperator = (ctx: AccountContext) => ctx.caller.agentId !== null || ctx.customers[0]?.agent_id === null;

export const mailStatus = apiFunction({
  name: 'mail_status',
  verb: 'GET',
  scope: 'account',
  extension: true,
  tag: 'account',
  summary: 'Whether the server sends mail (extension)',
  description:
    '`enabled` false: no SMTP server is set (SVC_SMTP_URL), and mails are written to the server’s log instead. `operator`: whether this login may send a test e-mail. Not in the REST document.',
  args: z.object({}),
  response: z.strictObject({ enabled: z.boolean(), operator: z.boolean() }),
  needs: ['mail'],
  async run(ctx) {
    const { mailer } = ctx.services.mail;
    return { enabled: mailer.enabled, operator: isOperator(ctx) };
  },
});

export const sendTestMail = apiFunction({
  name: 'send_test_mail',
  verb: 'POST',
  scope: 'account',
  extension: true,
  tag: 'account',
  summary: 'Send a test e-mail (extension)',
  description:
    'The server’s operator (an agent’s login, or a customer without an agent) sends a test message to `to`, in `lang` (`en` or `ru`). Answers `{enabled}`: false when mail is off and the message went to the log. `502` with the SMTP server’s words when it refused. Not in the REST document.',
  args: z.object({ to: z.string().trim().max(254).email(), lang: z.enum(['en', 'ru']).default('en') }),
  response: z.strictObject({ enabled: z.boolean() }),
  needs: ['mail'],
  async run(ctx, a) {
    if (!isOperator(ctx)) throw apiErrors.accessDenied('the test e-mail is sent by the operator of this server');
    const { mailer, appUrl } = ctx.services.mail;
    const t = mailTexts(mailLang(a.lang));
    try {
      await mailer.send({ to: a.to, subject: t.testSubject, text: t.testBody(appUrl ?? '') });
    } catch (e) {
      throw new ApiError(502, 502401, `The mail server refused: ${String((e as Error).message).slice(0, 200)}`);
    }
    return { enabled: mailer.enabled };
  },
});

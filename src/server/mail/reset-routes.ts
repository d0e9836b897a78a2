import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { addressGroup } from '../http/address-group.js';
import { ApiError, errors } from '../http/errors.js';
import { forgiveSignIns } from '../identity/auth.js';
import type { LoginGuard } from '../identity/login-guard.js';
import { hashPassword } from '../identity/password.js';
import { accountsOfAddress, createResetToken, resetPassword, resetTokenWorks } from '../identity/password-resets.js';
import type { Store } from '../store/open.js';
import type { WindowCounters } from '../store/window-counters.js';
import { describeIssue } from '../writes/schemas.js';
import type { MailService } from './service.js';
import { mailLang, mailTexts } from './texts.js';

/**
 * "Forgot password?" of the app's sign-in (docs/notifications.md, "Password reset"): `POST
 * /app/api/password-reset` with an address mails a link to `/app/reset?token=…` for each account
 * the address opens, and answers the same whether there is one or not (the mail goes after the
 * answer, so its time tells nothing either); `GET` with the token says whether it still works;
 * `POST /app/api/password-reset/confirm` sets the new password and lifts the sign-in lock of the
 * login from the network and browser it is set from. Requests are limited per address
 * and per network (an IPv6 /64), and wrong tokens per network, in window counters shared by every
 * process on PostgreSQL.
 */
export interface ResetLimits {
  /** Mails asked for one address in a window. Default 5. */
  perAddress?: number;
  /** Requests from one network in a window, any addresses. Default 20. */
  perNetwork?: number;
  /** Wrong or dead tokens from one network in a window. Default 20. */
  wrongTokens?: number;
  /** The window, ms. Default one hour. */
  windowMs?: number;
}

export interface ResetDeps {
  store: Store;
  mail: MailService;
  counters: WindowCounters;
  log: FastifyBaseLogger;
  now: () => number;
  limits?: ResetLimits | undefined;
  /** The sign-in guard: a reset lifts its lock of the login (the new password signs in at once). */
  loginGuard?: LoginGuard | undefined;
}

const requestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1).max(254).email(),
  lang: z.enum(['en', 'ru']).optional(),
});
const confirmSchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: z.string().min(8, '8 characters or more').max(200),
});

function parse<T>(schema: z.ZodType<T>, v: unknown): T {
  const r = schema.safeParse(v ?? {});
  if (!r.success) throw errors.invalid(describeIssue(r.error));
  return r.data;
}

const deadLink = () => new ApiError(410, 410001, 'This link no longer works: ask for a new one', 'token');

export function resetRoutes(app: FastifyInstance, deps: ResetDeps): void {
  const { db } = deps.store;
  const windowMs = deps.limits?.windowMs ?? 60 * 60_000;
  /** Counts one more against `key`; 429 past `max` (the refused try is given back). */
  const count = async (reply: FastifyReply, key: string, max: number) => {
    const now = deps.now();
    const c = (await deps.counters.add(key, 1, windowMs, now))!;
    if (c.n <= max) return;
    await deps.counters.add(key, -1, windowMs, now);
    const retry = Math.max(1, Math.ceil((c.until - now) / 1000));
    reply.header('Retry-After', String(retry));
    throw errors.tooManyRequests(retry);
  };
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/app/api/password-reset')) reply.header('Cache-Control', 'no-store');
  });

  app.post('/app/api/password-reset', async (req, reply) => {
    const a = parse(requestSchema, req.body);
    const group = addressGroup(req.ip);
    await count(reply, `reset n ${group}`, deps.limits?.perNetwork ?? 20);
    await count(reply, `reset e ${a.email}`, deps.limits?.perAddress ?? 5);
    void mailLinks(deps, a.email, mailLang(a.lang)).catch((e: unknown) => deps.log.error(e, 'password reset: the mail was not sent'));
    return { success: true, data: { mail: deps.mail.mailer.enabled } };
  });

  app.get('/app/api/password-reset', async (req, reply) => {
    const token = (req.query as { token?: unknown }).token;
    if (typeof token !== 'string' || !(await resetTokenWorks(db, token, deps.now()))) {
      await count(reply, `reset t ${addressGroup(req.ip)}`, deps.limits?.wrongTokens ?? 20);
      throw deadLink();
    }
    return { success: true, data: { works: true } };
  });

  app.post('/app/api/password-reset/confirm', async (req, reply) => {
    const a = parse(confirmSchema, req.body);
    const key = `reset t ${addressGroup(req.ip)}`;
    // Refused before the hash is made: a locked network gets no more guesses.
    const seen = await deps.counters.read(key, deps.now());
    if (seen && seen.n >= (deps.limits?.wrongTokens ?? 20)) await count(reply, key, deps.limits?.wrongTokens ?? 20);
    const login = await resetPassword(db, a.token, await hashPassword(a.password), deps.now());
    if (login === null) {
      await count(reply, key, deps.limits?.wrongTokens ?? 20);
      throw deadLink();
    }
    // A REST login's failures count as `api:<login>` (api/sessions.ts), an employee's (and a name
    // that is both) as the name itself.
    if (deps.loginGuard && login)
      for (const name of [login, `api:${login.toLowerCase()}`]) await forgiveSignIns(deps.loginGuard, req, name);
    return { success: true };
  });
}

/** Mails the address one link per account it opens; nothing when it opens none. */
async function mailLinks(deps: ResetDeps, email: string, lang: 'en' | 'ru'): Promise<void> {
  const accounts = await accountsOfAddress(deps.store.db, email);
  if (!accounts.length) return;
  const base = deps.mail.appUrl;
  if (!base) {
    deps.log.warn('password reset: no SVC_PUBLIC_URL to build the link on; no mail sent');
    return;
  }
  const links = [];
  for (const a of accounts) {
    const token = await createResetToken(deps.store.db, a, deps.now());
    links.push({ name: a.name, url: `${base}reset?token=${token}` });
  }
  const t = mailTexts(lang);
  await deps.mail.mailer.send({ to: email, subject: t.resetSubject, text: t.resetBody(links) });
}

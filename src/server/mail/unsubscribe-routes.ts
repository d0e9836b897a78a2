import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dropAlertKind } from './alert-subscriptions.js';
import { ApiError } from '../http/errors.js';
import type { Store } from '../store/open.js';
import { dropSchedules } from './report-schedules.js';
import { readUnsubscribe, type UnsubscribeKey } from './unsubscribe.js';

/**
 * `/app/api/unsubscribe?u=…&s=…`, the link of every report and alert mail, without signing in.
 * GET shows a page with one button (mail scanners open links; only a person's POST unsubscribes);
 * POST unsubscribes, as a mail program's one-click List-Unsubscribe does (RFC 8058). A link whose
 * signature does not match gets 403.
 */

const WORDS = {
  en: { title: 'Unsubscribe', ask: 'Stop these e-mails?', button: 'Unsubscribe', done: 'Done: you will get no more of these e-mails.' },
  ru: { title: 'Отписка', ask: 'Больше не присылать эти письма?', button: 'Отписаться', done: 'Готово: эти письма больше не придут.' },
};

const page = (lang: 'en' | 'ru', body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${WORDS[lang].title}</title></head><body><main>${body}</main></body></html>`;

const badLink = () => new ApiError(403, 403101, 'This unsubscribe link is not valid');

export async function unsubscribeRoutes(app: FastifyInstance, deps: { store: Store; key: UnsubscribeKey }): Promise<void> {
  await app.register(async (scope) => unsubscribeScope(scope, deps));
}

function unsubscribeScope(app: FastifyInstance, deps: { store: Store; key: UnsubscribeKey }): void {
  // A browser's form and a mail program's one-click POST (`List-Unsubscribe=One-Click`) send a form: nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
    done(null, {}),
  );
  const read = async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    const u = await readUnsubscribe(deps.key, q.u, q.s);
    if (!u) throw badLink();
    return { u, lang: q.lang === 'ru' ? ('ru' as const) : ('en' as const) };
  };
  app.get('/app/api/unsubscribe', async (req, reply) => {
    const { lang } = await read(req);
    const w = WORDS[lang];
    const action = req.url.replace(/"/g, '&quot;');
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return page(lang, `<h1>${w.ask}</h1><form method="post" action="${action}"><button type="submit">${w.button}</button></form>`);
  });
  app.post('/app/api/unsubscribe', async (req, reply) => {
    const { u, lang } = await read(req);
    const owner = { customerId: u.customerId, account: u.account, accountId: u.accountId };
    if (u.kind === 'report') await dropSchedules(deps.store.db, owner);
    else await dropAlertKind(deps.store.db, owner, u.kind);
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return page(lang, `<h1>${WORDS[lang].done}</h1>`);
  });
}

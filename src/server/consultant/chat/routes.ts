import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHAT_PATH, STATUS_PATH } from '../../../protocol.js';
import { stmt, type DB } from '../../store/db.js';
import { errors } from '../../http/errors.js';
import { describeIssue, VisitorRefSchema } from '../../writes/schemas.js';
import { originAllowed, type Site, type SiteLookup } from '../../sites/lookup.js';
import { openSse, sseSupport } from '../../http/sse.js';
import type { Hub } from './hub.js';
import { chatState, latestChat, messageEvent, messagesAfter, type ChatRow } from './store.js';

const ChatStreamQuery = z.strictObject({
  v: z.coerce.number().pipe(VisitorRefSchema.shape.id),
  t: VisitorRefSchema.shape.token,
});

/**
 * The visitor's push channels: the operator status of a site (`os/<site_key>`, for the core
 * snippet) and the visitor's own chat (`c/<site_key>`, for the chat window). Both are
 * server-sent event streams the page opens without credentials; CORS headers come from the
 * delegator in app.ts, which allows the site's origins.
 */
export function visitorStreams(app: FastifyInstance, db: DB, hub: Hub, sites: SiteLookup): void {
  sseSupport(app);

  const siteOf = async (req: FastifyRequest<{ Params: { siteKey: string } }>): Promise<Site> => {
    const site = await sites.bySiteKey(req.params.siteKey);
    if (!site) throw errors.unknownSite();
    if (req.headers.origin && !originAllowed(site, req.headers.origin)) throw errors.originNotAllowed();
    return site;
  };

  app.get<{ Params: { siteKey: string } }>('/' + STATUS_PATH + ':siteKey', { config: { cors: 'site' } }, async (req, reply) => {
    const site = await siteOf(req);
    let sent = '';
    const push = () => {
      const now = hub.siteOnline(site.id) ? '1' : '0';
      if (now !== sent) sse.send(null, (sent = now));
    };
    const off = hub.subscribe(`status:${site.id}`, push);
    const sse = openSse(app, reply, off);
    push();
  });

  app.get<{ Params: { siteKey: string }; Querystring: Record<string, string> }>(
    '/' + CHAT_PATH + ':siteKey',
    { config: { cors: 'site' } },
    async (req, reply) => {
      const site = await siteOf(req);
      const q = ChatStreamQuery.safeParse(req.query);
      if (!q.success) throw errors.invalid(describeIssue(q.error));
      const visitor = stmt<{ id: number }>(db, `SELECT id FROM visitors WHERE id = ? AND site_id = ? AND token = ?`).get(
        q.data.v,
        site.id,
        q.data.t,
      );
      if (!visitor) throw errors.unknownVisitor();

      // Resume: the browser sends the id of the last message it received when it reconnects.
      let last = Number(req.headers['last-event-id']) || 0;
      let followed: number | null = null;
      const latest = latestChat(db, site.id, visitor.id);
      if (
        latest &&
        (latest.end_ms == null || (last && stmt(db, `SELECT 1 FROM chat_messages WHERE id = ? AND chat_id = ?`).get(last, latest.id)))
      ) {
        // The open chat, or the one this page was following when it ended while the page was away.
        followed = latest.id;
      }
      let sentState = '';
      const push = () => {
        const l = latestChat(db, site.id, visitor.id);
        if (l && l.id !== followed && l.end_ms == null) followed = l.id;
        const chat: ChatRow | undefined = followed != null ? (l?.id === followed ? l : undefined) : undefined;
        const state = JSON.stringify(chat ? chatState(chat) : null);
        if (state !== sentState) sse.send('chat', (sentState = state));
        if (chat) {
          for (const m of messagesAfter(db, chat.id, last)) {
            sse.send('message', messageEvent(m), (last = m.id));
          }
        }
      };
      const off = hub.subscribe(`visitor:${visitor.id}`, push);
      const sse = openSse(app, reply, off);
      push();
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHAT_PATH, STATUS_PATH, type ChatMessageEvent, type ChatState } from '../../../protocol.js';
import { errors } from '../../http/errors.js';
import { openSse, refuseOverCaps, sseSupport } from '../../http/sse.js';
import { originAllowed, type Site, type SiteLookup } from '../../sites/lookup.js';
import type { Store } from '../../store/open.js';
import { visitorByToken } from '../../visitors/queries.js';
import { describeIssue, VisitorRefSchema } from '../../writes/schemas.js';
import { coalesce } from '../coalesce.js';
import type { Hub } from './hub.js';
import { latestChat, messageInChat, messagesAfter, OPERATOR, VISITOR, type ChatRow, type MessageRow } from './queries.js';

const ChatStreamQuery = z.strictObject({
  v: z.coerce.number().pipe(VisitorRefSchema.shape.id),
  t: VisitorRefSchema.shape.token,
});

/**
 * The visitor's push channels: the operator status of a site (`os/<site_key>`), which the widget
 * bundle opens when the page first asks `Svc.getOperatorStatus()` or opens the chat
 * (src/widgets/operator-status.ts), and the visitor's own chat (`c/<site_key>`, for the chat
 * window). Both are server-sent event streams the page opens without credentials; CORS headers
 * come from the delegator in app.ts, which allows the site's origins.
 */
export function visitorStreams(app: FastifyInstance, deps: { store: Store; hub: Hub; sites: SiteLookup }): void {
  const { store, hub, sites } = deps;
  const db = store.db;
  sseSupport(app);

  const siteOf = async (req: FastifyRequest<{ Params: { siteKey: string } }>): Promise<Site> => {
    const site = await sites.bySiteKey(req.params.siteKey);
    if (!site) throw errors.unknownSite();
    if (req.headers.origin && !originAllowed(site, req.headers.origin)) throw errors.originNotAllowed();
    return site;
  };

  app.get<{ Params: { siteKey: string } }>(
    '/' + STATUS_PATH + ':siteKey',
    { config: { cors: 'site' }, onRequest: refuseOverCaps(app) },
    async (req, reply) => {
      const site = await siteOf(req);
      let sent = '';
      const push = coalesce(
        async () => {
          const now = (await hub.siteOnline(site.id)) ? '1' : '0';
          if (now !== sent) sse.send(null, (sent = now));
        },
        (e) => {
          if (!sse.closed) req.log.error(e);
          sse.close();
        },
      );
      const off = hub.subscribe(`status:${site.id}`, push);
      const sse = openSse(app, reply, off);
      if (!sse.closed) push();
    },
  );

  app.get<{ Params: { siteKey: string }; Querystring: Record<string, string> }>(
    '/' + CHAT_PATH + ':siteKey',
    { config: { cors: 'site' }, onRequest: refuseOverCaps(app) },
    async (req, reply) => {
      const site = await siteOf(req);
      const q = ChatStreamQuery.safeParse(req.query);
      if (!q.success) throw errors.invalid(describeIssue(q.error));
      const visitor = await visitorByToken(db, site.id, q.data.v, q.data.t);
      if (!visitor) throw errors.unknownVisitor();

      // Resume: the browser sends the id of the last message it received when it reconnects.
      let last = Number(req.headers['last-event-id']) || 0;
      let followed: number | null = null;
      const latest = await latestChat(db, site.id, visitor.id);
      if (latest && (latest.end_ms == null || (last && (await messageInChat(db, last, latest.id))))) {
        // The open chat, or the one this page was following when it ended while the page was away.
        followed = latest.id;
      }
      let sentState = '';
      const push = coalesce(
        async () => {
          const l = await latestChat(db, site.id, visitor.id);
          if (l && l.id !== followed && l.end_ms == null) followed = l.id;
          const chat: ChatRow | null = followed != null && l?.id === followed ? l : null;
          const state = JSON.stringify(chat ? chatState(chat) : null);
          if (state !== sentState) sse.send('chat', (sentState = state));
          if (chat) {
            for (const m of await messagesAfter(db, chat.id, last)) {
              sse.send('message', messageEvent(m), (last = m.id));
            }
          }
        },
        (e) => {
          if (!sse.closed) req.log.error(e);
          sse.close();
        },
      );
      const off = hub.subscribe(`visitor:${visitor.id}`, push);
      const sse = openSse(app, reply, off);
      if (!sse.closed) push();
    },
  );
}

/** What the visitor's page sees of a chat. */
function chatState(c: ChatRow): ChatState {
  return {
    id: c.id,
    status: c.status,
    closed: c.end_ms != null,
    operator: c.operator_name ? (c.operator_name.split(' ')[1] ?? c.operator_name) : null,
  };
}

/** What the visitor's page sees of a message: the operator's id stays on the server. */
function messageEvent(m: MessageRow): ChatMessageEvent {
  const e: ChatMessageEvent = {
    id: m.id,
    chat_id: m.chat_id,
    from: m.sourse === OPERATOR ? 'operator' : 'visitor',
    text: m.message,
    at: m.date_time,
  };
  if (m.client_id && m.sourse === VISITOR) e.cid = m.client_id;
  return e;
}

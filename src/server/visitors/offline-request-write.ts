import type { Pokes } from '../http/live-topics.js';
import type { WriteHandler } from '../writes/context.js';
import { storeOfflineMessage } from './offline-messages.js';
import { noEvents, type EventSink } from '../webhooks/events.js';

/**
 * `addOfflineRequest`: stored with the page view it was made on. When that page view is unknown
 * (it was refused, say) the request still belongs to the visitor's last page view: a request is
 * never dropped for want of context.
 */
export const offlineRequestHandler =
  (hub: Pokes, events: EventSink = noEvents): WriteHandler<'offline_request'> =>
  async (ctx, data, write) => {
    const hit = await ctx.hitOrLatest(write.hit);
    if (!hit) return { success: false, code: 'unknown_hit' };
    const id = await storeOfflineMessage(
      ctx.db,
      { site_id: ctx.site.id, visitor_id: hit.visitor_id, session_id: hit.session_id, hit_id: hit.id, page_url: hit.url },
      data,
      'page',
      ctx.now,
    );
    await events.emit(ctx.db, { type: 'request.created', siteId: ctx.site.id, kind: 'offline_message', id, visitorId: hit.visitor_id });
    // The console shows offline requests; the hub delivers the poke after the batch has committed.
    hub.poke(`site:${ctx.site.id}`);
    // The page's callback gets result null (page-api); the id is for logs and tests.
    return { success: true, result: { offline_message_id: id } };
  };

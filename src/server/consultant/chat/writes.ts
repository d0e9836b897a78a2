import type { ChatMessageResult } from '../../../protocol.js';
import type { WriteHandler } from '../../writes/context.js';
import type { Hub } from './hub.js';
import { noEvents, type EventSink } from '../../webhooks/events.js';
import { addMessage, chatById, chatsStartedSince, endChat, latestChat, startChat } from './queries.js';

/**
 * How many chats one visitor may start: a new chat per message while no operator was online made
 * 1,000 chats from 40 requests. While nobody is online, messages within REUSE_LOST_MS of a lost
 * chat's start join it; and at most MAX_CHATS_PER_HOUR chats start per visitor and hour, later
 * messages joining the latest chat. No message is refused.
 */
export const REUSE_LOST_MS = 30 * 60_000;
export const MAX_CHATS_PER_HOUR = 10;

/**
 * A visitor's chat message, sent through the outbox like every other write: it is kept in the
 * browser until stored, sent in order, and stored once whatever the retries. The first message
 * starts a chat with the context of its page view; when no operator is online the chat is lost at
 * once, so the visitor is offered the request form instead of waiting for nobody.
 */
export const chatMessageHandler =
  (hub: Hub, events: EventSink = noEvents): WriteHandler<'chat_message'> =>
  async (ctx, data, write) => {
    // A message whose page view is unknown (refused, say) belongs to the visitor's last one: a
    // message is never dropped for want of context.
    const hit = await ctx.hitOrLatest(write.hit);
    if (!hit) return { success: false, code: 'unknown_hit' };
    if (!data.text.trim()) return { success: false, code: 'empty_message' };
    let chat = await latestChat(ctx.db, ctx.site.id, hit.visitor_id);
    let lostAtOnce = false;
    if (!chat || chat.end_ms != null) {
      const online = await hub.siteOnline(ctx.site.id, ctx.db);
      const joinLost = chat && !online && chat.status === 'lost' && ctx.now - chat.start_ms < REUSE_LOST_MS;
      const capped = chat && (await chatsStartedSince(ctx.db, ctx.site.id, hit.visitor_id, ctx.now - 3_600_000)) >= MAX_CHATS_PER_HOUR;
      if (!joinLost && !capped) {
        chat = await startChat(ctx.db, ctx.site.id, hit, ctx.now);
        if (online) hub.watchChat(chat.id, ctx.site.id, chat.start_ms);
        else lostAtOnce = await endChat(ctx.db, chat.id, ctx.now, 'lost');
      }
    }
    if (!chat) throw new Error('unreachable: a chat was found or started');
    const m = await addMessage(ctx.db, chat, 'visitor', data.text, ctx.now, write.id);
    // A chat lost at once (nobody online) is over with its first message.
    if (lostAtOnce) await events.emit(ctx.db, { type: 'chat.finished', siteId: ctx.site.id, kind: 'chat', id: chat.id });
    hub.poke(`site:${ctx.site.id}`, `visitor:${hit.visitor_id}`);
    const result: ChatMessageResult = { chat_id: chat.id, message_id: m.id };
    return { success: true, result };
  };

/** The visitor ends a chat of theirs; ending one already over changes nothing. */
export const chatCloseHandler =
  (hub: Pick<Hub, 'poke'>, events: EventSink = noEvents): WriteHandler<'chat_close'> =>
  async (ctx, data) => {
    const chat = await chatById(ctx.db, data.chat_id);
    if (!chat || chat.site_id !== ctx.site.id || chat.visitor_id !== ctx.visitor!.id) return { success: false, code: 'unknown_chat' };
    if (await endChat(ctx.db, chat.id, ctx.now, 'lost')) {
      await events.emit(ctx.db, { type: 'chat.finished', siteId: ctx.site.id, kind: 'chat', id: chat.id });
      hub.poke(`site:${ctx.site.id}`, `visitor:${chat.visitor_id}`);
    }
    return { success: true };
  };

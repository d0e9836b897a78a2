import type { ChatMessageResult } from '../../../protocol.js';
import { addMessage, chatById, endChat, latestChat, startChat } from './store.js';
import { stmt } from '../../store/db.js';
import type { HitRow, WriteHandler } from '../../writes/context.js';

/**
 * A visitor's chat message, sent through the outbox like every other write: it is kept in the
 * browser until stored, sent in order, and stored once whatever the retries. The first message
 * starts a chat with the context of its page view; when no operator is online the chat is lost at
 * once, so the visitor is offered the request form instead of waiting for nobody.
 */
export const chatMessageHandler: WriteHandler<'chat_message'> = async (ctx, data, write) => {
  // A message whose page view is unknown (refused, say) belongs to the visitor's last one: a
  // message is never dropped for want of context.
  const hit =
    (await ctx.hit(write.hit)) ??
    stmt<HitRow>(ctx.raw, `SELECT id, session_id, visitor_id, url FROM hits WHERE visitor_id = ? ORDER BY id DESC LIMIT 1`).get(
      ctx.visitor!.id,
    );
  if (!hit) return { success: false, code: 'unknown_hit' };
  if (!data.text.trim()) return { success: false, code: 'empty_message' };
  const hub = ctx.deps.hub;
  let chat = latestChat(ctx.raw, ctx.site.id, hit.visitor_id);
  if (!chat || chat.end_ms != null) {
    chat = startChat(ctx.raw, ctx.site.id, hit, ctx.now);
    if (hub.siteOnline(ctx.site.id)) hub.watchChat(chat.id, ctx.site.id, chat.start_ms);
    else endChat(ctx.raw, chat.id, ctx.now, 'lost');
  }
  const m = addMessage(ctx.raw, chat, 'visitor', data.text, ctx.now, write.id);
  hub.poke(`site:${ctx.site.id}`, `visitor:${hit.visitor_id}`);
  const result: ChatMessageResult = { chat_id: chat.id, message_id: m.id };
  return { success: true, result };
};

/** The visitor ends a chat of theirs; ending one already over changes nothing. */
export const chatCloseHandler: WriteHandler<'chat_close'> = async (ctx, data) => {
  const chat = chatById(ctx.raw, data.chat_id);
  if (!chat || chat.site_id !== ctx.site.id || chat.visitor_id !== ctx.visitor!.id) return { success: false, code: 'unknown_chat' };
  if (endChat(ctx.raw, chat.id, ctx.now, 'lost')) ctx.deps.hub.poke(`site:${ctx.site.id}`, `visitor:${chat.visitor_id}`);
  return { success: true };
};

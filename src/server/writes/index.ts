import type { WriteHandlers } from './context.js';
import { chatCloseHandler, chatMessageHandler } from './chat.js';
import { eventHandler } from './event.js';
import { hitHandler } from './hit.js';

/** One handler per write type of the wire contract; the type makes a missing one a compile error. */
export const handlers: WriteHandlers = {
  hit: hitHandler,
  event: eventHandler,
  chat_message: chatMessageHandler,
  chat_close: chatCloseHandler,
};

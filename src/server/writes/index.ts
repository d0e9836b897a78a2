import { captchaHandler } from './captcha.js';
import type { WriteHandlers } from './context.js';
import { chatCloseHandler, chatMessageHandler } from './chat.js';
import { eventHandler } from './event.js';
import { hitHandler } from './hit.js';
import { offlineRequestHandler } from './offline-request.js';
import { propertyDeleteHandler, propertyGetHandler, propertySetHandler } from './properties.js';
import { visitorInfoHandler } from './visitor-info.js';
import { sitephoneHandler } from './sitephone.js';

/** One handler per write type of the wire contract; the type makes a missing one a compile error. */
export const handlers: WriteHandlers = {
  hit: hitHandler,
  event: eventHandler,
  property_set: propertySetHandler,
  property_delete: propertyDeleteHandler,
  property_get: propertyGetHandler,
  visitor_info: visitorInfoHandler,
  offline_request: offlineRequestHandler,
  chat_message: chatMessageHandler,
  chat_close: chatCloseHandler,
  captcha: captchaHandler,
  sitephone: sitephoneHandler,
};

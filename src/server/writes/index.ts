import { captchaHandler } from '../callback/captcha-write.js';
import type { WriteHandlers } from './context.js';
import { chatCloseHandler, chatMessageHandler } from '../consultant/chat/writes.js';
import { eventHandler } from '../tracking/event.js';
import { hitHandler } from '../tracking/page-view.js';
import { offlineRequestHandler } from '../visitors/offline-request-write.js';
import { propertyDeleteHandler, propertyGetHandler, propertySetHandler } from '../visitors/properties.js';
import { visitorInfoHandler } from '../visitors/visitor-info-write.js';
import { sitephoneHandler } from '../callback/sitephone-write.js';

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

import { captchaHandler } from './callback/captcha-write.js';
import type { CallbackDispatcher } from './callback/dispatch.js';
import { sitephoneHandler } from './callback/sitephone-write.js';
import type { Hub } from './consultant/chat/hub.js';
import { chatCloseHandler, chatMessageHandler } from './consultant/chat/writes.js';
import { pageViewHandler, type PageViewDeps } from './page-view/pipeline.js';
import { eventHandler } from './tracking/event.js';
import { offlineRequestHandler } from './visitors/offline-request-write.js';
import { propertyDeleteHandler, propertyGetHandler, propertySetHandler } from './visitors/properties.js';
import type { PropertyQuota } from './visitors/property-quota.js';
import { visitorInfoHandler } from './visitors/visitor-info-write.js';
import type { WriteHandlers } from './writes/context.js';
import type { EventSink } from './webhooks/events.js';

/** The services the write handlers use besides the database; createServer makes them once. */
export interface WriteHandlerDeps {
  pageView: PageViewDeps;
  /** Live state of the consultant: pokes after a change, operators online, lost timers. */
  hub: Hub;
  /** Hands stored call-back requests to the telephony platform after the batch commits. */
  callbackDispatcher: CallbackDispatcher;
  /** The hourly quotas of visitor properties per address and site (visitors/property-quota.ts). */
  propertyQuota: PropertyQuota;
  /** Announces goals, requests, chats and call-back requests to the customers' webhooks, in the batch's transaction. */
  events?: EventSink | undefined;
}

/**
 * One handler per write type of the wire contract, each given only the services it uses; the
 * type makes a missing one a compile error. A handler that reads before it writes declares it
 * (`readsAhead`, ingest/pipeline.ts): the page view its visit (page-view/pipeline.ts), an event
 * the id of its goal.
 */
export function writeHandlers(deps: WriteHandlerDeps): WriteHandlers {
  return {
    hit: pageViewHandler(deps.pageView),
    event: Object.assign(eventHandler(deps.events), { readsAhead: ['goal id'] as const }),
    property_set: propertySetHandler(deps.propertyQuota),
    property_delete: propertyDeleteHandler,
    property_get: propertyGetHandler,
    visitor_info: visitorInfoHandler,
    offline_request: offlineRequestHandler(deps.hub, deps.events),
    chat_message: chatMessageHandler(deps.hub, deps.events),
    chat_close: chatCloseHandler(deps.hub, deps.events),
    captcha: captchaHandler,
    sitephone: sitephoneHandler(deps.hub, deps.callbackDispatcher, deps.events),
  };
}

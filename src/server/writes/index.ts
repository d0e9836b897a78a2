import { captchaHandler } from './captcha.js';
import type { WriteHandlers } from './context.js';
import { eventHandler } from './event.js';
import { hitHandler } from './hit.js';
import { sitephoneHandler } from './sitephone.js';

/** One handler per write type of the wire contract; the type makes a missing one a compile error. */
export const handlers: WriteHandlers = {
  hit: hitHandler,
  event: eventHandler,
  captcha: captchaHandler,
  sitephone: sitephoneHandler,
};

/**
 * The widget bundle (dist/svc-widgets.js), an ES module: the core loads it with `import()` from the
 * consultant server the first time a widget opens or the page asks for the operator status, and
 * uses its exports, typed by `WidgetsModule` (src/snippet/widget-bridge.ts).
 */
import type { WidgetsModule } from '../snippet/widget-bridge.js';
import type { SitePhoneCallParams, SitePhoneCallResult } from '../types.js';
import { openChat } from './chat.js';
import { pickLang, texts } from './i18n.js';
import { DEFAULT_MASK } from './mask.js';
import { notify } from './notify.js';
import { watchStatus } from './operator-status.js';
import { openRequest } from './request.js';
import { getCaptcha, sitePhoneCall } from './sitephone-call.js';
import { openSitePhoneForm } from './sitephone-form.js';
import type * as self from './index.js';

export { status } from './operator-status.js';

export const open: WidgetsModule['open'] = (name, settings, lang, mask, arg, core, cb) => {
  try {
    const l = pickLang(lang, settings.lang);
    const t = texts(l);
    if (name === 'sitephone') openSitePhoneForm(t, l, settings.captcha, mask || DEFAULT_MASK);
    else if (name === 'notify' && arg) notify(t, l, arg as SitePhoneCallResult);
    else if (name === 'call' && core) sitePhoneCall(settings, core, arg as SitePhoneCallParams, cb, (r) => notify(t, l, r));
    else if (name === 'request') openRequest(l);
    else if (name === 'chat' && core) openChat(l, core);
    else if (name === 'status') watchStatus();
    else if (name === 'captcha' && core) getCaptcha(core, cb);
  } catch (e) {
    try {
      console.warn('[Svc] widget failed', e);
    } catch {
      // a page without a console
    }
  }
};

/** Fails to compile when this module's exports stop matching what the core expects of them. */
export type ExportsMatchWidgetsModule = typeof self extends WidgetsModule ? true : never;

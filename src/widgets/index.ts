/**
 * The widget bundle (dist/svc-widgets.js): the core loads it from the consultant server the first
 * time a widget opens, and it registers itself on `window.__svc_widgets` (src/snippet/widget-bridge.ts).
 */
import type { WidgetsApi } from '../snippet/widget-bridge.js';
import type { SitePhoneCallParams, SitePhoneCallResult } from '../types.js';
import { openChat } from './chat.js';
import { pickLang, texts } from './i18n.js';
import { DEFAULT_MASK } from './mask.js';
import { notify } from './notify.js';
import { openRequest } from './request.js';
import { sitePhoneCall } from './sitephone-call.js';
import { openSitePhoneForm } from './sitephone-form.js';

const api: WidgetsApi = {
  open(name, settings, lang, mask, arg, core, cb) {
    try {
      const l = pickLang(lang, settings.lang);
      const t = texts(l);
      if (name === 'sitephone') openSitePhoneForm(t, l, settings.captcha, mask || DEFAULT_MASK);
      else if (name === 'notify' && arg) notify(t, l, arg as SitePhoneCallResult);
      else if (name === 'call' && core) sitePhoneCall(settings, core, arg as SitePhoneCallParams, cb, (r) => notify(t, l, r));
      else if (name === 'request') openRequest(l);
      else if (name === 'chat' && core) openChat(l, core);
    } catch (e) {
      try {
        console.warn('[Svc] widget failed', e);
      } catch {
        // a page without a console
      }
    }
  },
};

window.__svc_widgets = api;

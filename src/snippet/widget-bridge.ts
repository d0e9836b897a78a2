/**
 * The contract between the core (dist/svc.js) and the widget bundle (dist/svc-widgets.js). The two
 * are minified apart, so nothing here starts with `_` (terser would give it a different name in
 * each). The widget bundle registers itself on the page global `__svc_widgets`; the core hands it
 * the site settings, language and mask with every call. Types only: it costs the core nothing.
 */
import type { SiteSettings } from '../protocol.js';
import type { SitePhoneCallResult } from '../types.js';

/** `sitephone`: the call-back form. `notify`: a popup with a call-back result. */
export type WidgetName = 'sitephone' | 'notify';

/** What svc-widgets.js puts on `window.__svc_widgets`. */
export interface WidgetsApi {
  /**
   * Opens a widget. Never throws.
   * @param name which widget
   * @param settings the site settings of the page view's answer (captcha on or off, default language)
   * @param lang the language of `["setLang", …]`, or null for the site's default
   * @param mask the phone mask of `["setUIPhoneMaskFormat", …]`, or null for the default
   * @param result what `notify` shows
   */
  open(name: WidgetName, settings: SiteSettings, lang: string | null, mask: string | null, result?: SitePhoneCallResult): void;
}

declare global {
  interface Window {
    /** Registered by svc-widgets.js when it loads. */
    __svc_widgets?: WidgetsApi;
  }
}

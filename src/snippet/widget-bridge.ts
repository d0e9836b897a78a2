/**
 * The contract between the core (dist/svc.js) and the widget bundle (dist/svc-widgets.js). The two
 * are minified apart, so nothing here starts with `_` (terser would give it a different name in
 * each). The widget bundle is an ES module that the core loads with `import()`: its exports are
 * `WidgetsModule`; the core hands it the site settings, language and mask with every call. Types
 * and one string: it costs the core next to nothing.
 */
import type { SiteSettings, VisitorRef, WritePayloads, WriteResult, WriteType } from '../protocol.js';
import type { SitePhoneCallParams, SitePhoneCallResult } from '../types.js';

/**
 * `sitephone`: the call-back form. `notify`: a popup with a call-back result. `request`: the
 * request form. `chat`: the chat window (the request form when no operator is online). `call`:
 * `SvcWidget.sitePhoneCall` (its checks and its write), which lives in the widget bundle.
 * `status`: opens the operator-status stream (`Svc.getOperatorStatus()`), no UI. `captcha`:
 * `Svc.Captcha.get_captcha`, which lives in the widget bundle with `call`.
 */
export type WidgetName = 'sitephone' | 'notify' | 'request' | 'chat' | 'call' | 'status' | 'captcha';

/**
 * What the core hands the chat window: the visitor's identity (the chat stream's credentials) and
 * the outbox, through which the visitor's messages travel.
 */
export interface CoreBridge {
  /** The stored visitor (known once the first page view is answered). */
  visitor: VisitorRef | null;
  /** Queues a write in the outbox; returns its client id. `keep` false: a read, never stored. */
  send<T extends WriteType>(type: T, data: WritePayloads[T], cb?: (r: WriteResult) => void, keep?: boolean): string;
}

/** sessionStorage key set while the chat window is open: the core reopens it on the tab's next page. */
export const CHAT_FLAG = 'svc_chat';

/** The exports of svc-widgets.js (the module namespace `import()` resolves to). */
export interface WidgetsModule {
  /**
   * Opens a widget. Never throws.
   * @param name which widget
   * @param settings the site settings of the page view's answer (captcha on or off, default language)
   * @param lang the language of `["setLang", …]`, or null for the site's default
   * @param mask the phone mask of `["setUIPhoneMaskFormat", …]`, or null for the default
   * @param arg what `notify` shows; the parameters of `call`
   * @param core the visitor and the outbox, for `chat` and `call`
   * @param cb the page's callback of `call` (none: the result shows in the `notify` popup)
   */
  open(
    name: WidgetName,
    settings: SiteSettings,
    lang: string | null,
    mask: string | null,
    arg?: SitePhoneCallResult | SitePhoneCallParams,
    core?: CoreBridge,
    cb?: unknown,
  ): void;
  /**
   * An operator of the site is online, as the status stream last said (false until its first
   * message); opens the stream if `open('status')` or the chat has not yet.
   */
  status(): boolean;
}

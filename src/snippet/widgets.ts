import type { SitePhoneCallParams } from '../types.js';
import { _warn } from './log.js';
import { _add, _call } from './outbox.js';
import { _onReady } from './pageview.js';
import { _state } from './state.js';
import type { WidgetName, WidgetsApi } from './widget-bridge.js';

/** The widget bundle once asked for; reset on failure so that the next open tries again. */
let _bundle: Promise<WidgetsApi> | 0 = 0;
/**
 * The bundle's address, made once: a Trusted Types policy name can be created only once on a page
 * that lists it, so a retry after a failed load must reuse it.
 */
let _src: string | 0 = 0;

/**
 * Opens a widget of dist/svc-widgets.js. The bundle is loaded from the consultant server on the
 * first open, so a page that never opens a widget pays nothing for the UI. Waits for the page
 * view's answer, which brings the site settings the widgets need. `arg` and `cb`: the parameters
 * and callback of `SvcWidget.sitePhoneCall` (`call`), which lives in the widget bundle.
 */
export function _widget(name: WidgetName, arg?: SitePhoneCallParams, cb?: unknown): void {
  _onReady(() => {
    (_bundle =
      _bundle ||
      new Promise((ok, fail) => {
        const s = document.createElement('script');
        const url = _state._host + 'svc-widgets.js';
        // Pages that require Trusted Types (`require-trusted-types-for 'script'`) block a plain
        // string here; a policy of our own, which can only make this one URL, passes. A page that
        // names its allowed policies must list `svc` (if it refuses, the load fails with a warning).
        const tt = (window as unknown as { trustedTypes?: { createPolicy(n: string, p: object): { createScriptURL(u: string): string } } })
          .trustedTypes;
        s.src = _src = _src || (tt ? tt.createPolicy('svc', { createScriptURL: () => url }).createScriptURL('') : url);
        s.onload = () => ok(window.__svc_widgets!);
        s.onerror = fail;
        document.head.appendChild(s);
      }))
      .then((w) => w.open(name, _state._settings!, _state._lang!, _state._mask!, arg, { visitor: _state._visitor, send: _add }, cb))
      .catch(() => {
        _bundle = 0;
        _warn('no svc-widgets.js');
        // A call-back request cannot be checked or sent without the bundle: its callback hears so.
        _call(cb, { success: false, result: { status: 3, code: 'widgets_unavailable' } });
      });
  });
}

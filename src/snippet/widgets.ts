import type { SitePhoneCallResult } from '../types.js';
import { _warn } from './log.js';
import { _onReady } from './pageview.js';
import { _state } from './state.js';
import type { WidgetName, WidgetsApi } from './widget-bridge.js';

/** The widget bundle once asked for; reset on failure so that the next open tries again. */
let _bundle: Promise<WidgetsApi> | 0 = 0;

/**
 * Opens a widget of dist/svc-widgets.js. The bundle is loaded from the consultant server on the
 * first open, so a page that never opens a widget pays nothing for the UI. Waits for the page
 * view's answer, which brings the site settings the widgets need.
 */
export function _widget(name: WidgetName, result?: SitePhoneCallResult): void {
  _onReady(() => {
    (_bundle =
      _bundle ||
      new Promise((ok, fail) => {
        const s = document.createElement('script');
        s.src = _state._host + 'svc-widgets.js';
        s.onload = () => ok(window.__svc_widgets!);
        s.onerror = fail;
        document.head.appendChild(s);
      }))
      .then((w) => w.open(name, _state._settings!, _state._lang, _state._mask, result))
      .catch(() => {
        _bundle = 0;
        _warn('svc-widgets.js did not load');
      });
  });
}

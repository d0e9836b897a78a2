import type { SitePhoneCallParams } from '../types.js';
import { _debug } from './log.js';
import { _add, _call } from './outbox.js';
import { _onReady } from './pageview.js';
import { _state } from './state.js';
import type { WidgetName, WidgetsModule } from './widget-bridge.js';

/** The widget bundle once asked for; reset on failure so that the next open tries again. */
let _bundle: Promise<WidgetsModule> | 0 = 0;
/** The loaded bundle, for `getOperatorStatus`. */
let _module: WidgetsModule | 0 = 0;
/** Failed loads so far: the browser keeps a failed module URL failed, so a retry needs a new one. */
let _tries = 0;
/** `getOperatorStatus` asked the bundle for the status stream. */
let _asked: 0 | 1 = 0;

/**
 * Opens a widget of dist/svc-widgets.js, an ES module loaded from the consultant server on the
 * first open, so a page that never opens a widget pays nothing for the UI. `import()` fetches with
 * CORS and, unlike a `<script>` element's src, is no Trusted Types sink: no policy is needed. Waits
 * for the page view's answer, which brings the site settings the widgets need. `arg` and `cb`: the
 * parameters and callback of `SvcWidget.sitePhoneCall` (`call`), which lives in the widget bundle.
 */
export function _widget(name: WidgetName, arg?: SitePhoneCallParams, cb?: unknown): void {
  _onReady(() => {
    (_bundle =
      _bundle ||
      (import(
        /* webpackIgnore: true */ /* @vite-ignore */ _state._host + 'svc-widgets.js' + (_tries ? '?' + _tries : '')
      ) as Promise<WidgetsModule>))
      .then((w) =>
        (_module = w).open(name, _state._settings!, _state._lang!, _state._mask!, arg, { visitor: _state._visitor, send: _add }, cb),
      )
      .catch(() => {
        _bundle = 0;
        _tries++;
        _debug('no svc-widgets.js');
        // A call-back request cannot be checked or sent without the bundle: its callback hears so.
        _call(cb, { success: false, result: { status: 3, code: 'widgets_unavailable' } });
      });
  });
}

/**
 * `Svc.getOperatorStatus()`: the widget bundle keeps the status stream, opened by the first call
 * (later calls, a page polling, load nothing more); false until the stream has said otherwise.
 */
export function _operatorStatus(): boolean {
  if (!_asked) {
    _asked = 1;
    _widget('status');
  }
  return !!_module && _module.status();
}

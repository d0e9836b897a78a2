import type { Command, SitePhoneCallParams, SvcApi, SvcWidgetApi } from '../types.js';
import { _trackEvent } from './events.js';
import { _debug, _refuse, _safe, _wrap } from './log.js';
import { _forget } from './consent.js';
import { _loadOutbox, _resume } from './outbox.js';
import { _deleteProperty, _getProperty, _hasProperty, _setProperty } from './properties.js';
import { _addOfflineRequest, _addVisitorInfo } from './requests.js';
import { _onReady, _pageView } from './pageview.js';
import { _replaceAll, _getDTPhones, _getPhones, _getReplacedPhones, _startPhones } from './phones/api.js';
import { _drain, _isConfig, _run } from './queue.js';
import { _state } from './state.js';
import { CHAT_FLAG } from './widget-bridge.js';
import { _operatorStatus, _widget } from './widgets.js';

/**
 * Starts page-view work once the site key and host are known; later calls do nothing. The page
 * view is queued at once; what reads storage or talks to the server waits for consent when the
 * site requires it (`_startSending`).
 */
function _start(): void {
  if (_state._started) return;
  if (!_state._key || !_state._host) return _debug('no site key or host');
  _state._started = true;
  _pageView(false);
  if (!_state._wait) _startSending();
}

/** Storage and the server, once: after start, with consent (none needed unless `requireConsent`). */
function _startSending(): void {
  _state._sending = true;
  _loadOutbox();
  // The cached numbers, before the page is painted; a failure there stops nothing else.
  _safe('phones', _startPhones)();
  // After the page view's answer: the chat window, if it was open on this tab's previous page (a
  // reload, a link): it waits for the answer anyway, and a page's first sessionStorage access
  // costs milliseconds that script evaluation should not pay.
  _onReady(() => {
    try {
      if (sessionStorage.getItem(CHAT_FLAG)) _widget('chat');
    } catch {
      // no sessionStorage: the visitor opens the chat again, its history comes back then
    }
  });
}

/**
 * `setConsent(true)` stores and sends what waited; `false` stops both and removes what the snippet
 * stored (the visitor, the unsent writes, the cached numbers, the chat flag). What is in memory
 * stays there, unsent, in case consent comes back on this page.
 */
function _consent(on: unknown): void {
  if (typeof on !== 'boolean') _refuse();
  _state._wait = !on;
  // Before start, `_start` goes on by itself; after a withdrawal, what this page holds is resent.
  if (!on) _forget();
  else if (_state._started) {
    if (_state._sending) _resume();
    else _startSending();
  }
}

/**
 * Installs `Svc` and `SvcWidget` on `w`, runs the queue in `w.__cs` and makes later pushes run at
 * once. A second call (a second copy of the script) finds `Svc` there and does nothing.
 */
export function _install(w: Window, host?: string | void): SvcApi {
  if (w.Svc) {
    _debug('loaded twice');
    return w.Svc;
  }
  if (host) _state._host = host;
  const api: SvcApi = _wrap({
    push: (...cmds: Command[]) => {
      const n = cmds.filter((c) => _run(c, api as unknown as Record<string, unknown>)).length;
      // Configuration pushed after load (a late setCsAccount) may be what start was waiting for.
      if (cmds.some(_isConfig)) _start();
      return n;
    },
    onReady: _onReady,
    getCredentials: () => _state._creds && { ..._state._creds },
    getVisitorId: () => _state._creds && _state._creds.visitor_id,
    getSessionId: () => _state._creds && _state._creds.session_id,
    trackEvent: _trackEvent,
    setProperty: _setProperty,
    hasProperty: _hasProperty,
    getProperty: _getProperty,
    deleteProperty: _deleteProperty,
    addVisitorInfo: _addVisitorInfo,
    addOfflineRequest: _addOfflineRequest,
    getOperatorStatus: _operatorStatus,
    openSiteRequestPanel: () => _widget('request'),
    openChatWindow: () => _widget('chat'),
    reinitTrackView: () => {
      if (!_state._started) _refuse('not started');
      // The numbers already known go into the new route's content at once; the answer confirms them.
      _replaceAll();
      _pageView(true);
    },
    getPhones: _getPhones,
    getDTPhones: _getDTPhones,
    getReplacedPhones: _getReplacedPhones,
    setConsent: _consent,
  } as SvcApi);
  // Not wrapped: `_widget` cannot throw. Asked for by the widget bundle, like `sitePhoneCall`, the
  // one it goes with: the bundle sends it as a read (kept out of storage, a captcha is of no use to
  // a later page).
  api.Captcha = { get_captcha: (cb: unknown) => _widget('captcha', undefined, cb) } as SvcApi['Captcha'];
  // Not wrapped: `push` is, and `_widget` cannot throw.
  const widget: SvcWidgetApi = {
    push: api.push,
    // Checked and sent by the widget bundle: a custom form loads svc-widgets.js on its first call.
    sitePhoneCall: (p?: SitePhoneCallParams, cb?: unknown) => _widget('call', p, cb),
    openSitePhonePanel: () => _widget('sitephone'),
  };
  w.Svc = api;
  w.SvcWidget = widget;

  let q = w.__cs as unknown[];
  if (!Array.isArray(q)) {
    if (q != null) _debug('__cs: not an array');
    q = [];
  }
  const pending = q.splice(0);
  // From now on a push runs the command at once; __cs stays an array for code that checks.
  q.push = api.push;
  w.__cs = q as Command[];
  _drain(pending, api as unknown as Record<string, unknown>, _start);
  return api;
}

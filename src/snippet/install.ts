import type { Command, SvcApi, SvcWidgetApi } from '../types.js';
import { _trackEvent } from './events.js';
import { _warn } from './log.js';
import { _add, _loadOutbox } from './outbox.js';
import { _watchStatus } from './operator-status.js';
import { _deleteProperty, _getProperty, _hasProperty, _setProperty } from './properties.js';
import { _addOfflineRequest, _addVisitorInfo } from './requests.js';
import { _onReady, _pageView } from './pageview.js';
import { _again, _getDTPhones, _getPhones, _getReplacedPhones, _startPhones } from './phones/api.js';
import { _config, _drain, _run } from './queue.js';
import { _sitePhoneCall } from './sitephone.js';
import { _state } from './state.js';
import { CHAT_FLAG } from './widget-bridge.js';
import { _widget } from './widgets.js';

/** Wraps a public method so that nothing it does can throw into the host page. */
function _safe<A extends unknown[], R>(name: string, fn: (...a: A) => R): (...a: A) => R | undefined {
  return function (...a: A) {
    try {
      return fn(...a);
    } catch (e) {
      _warn(name, 'failed', e);
      return undefined;
    }
  };
}

/** Starts page-view work once the site key and host are known; later calls do nothing. */
function _start(): void {
  if (_state._started) return;
  if (!_state._key) return _warn('no site key: push ["setCsAccount", SITE_KEY] to start');
  if (!_state._host) return _warn('no consultant server: push ["setCsHost", URL] to start');
  _state._started = true;
  _loadOutbox();
  // Numbers first (from the cache, before the page is painted); a failure there stops nothing else.
  _safe('phones', _startPhones)();
  _pageView(false);
  _watchStatus();
  // The chat window was open on this tab's previous page (a reload, a link): open it again.
  try {
    if (sessionStorage.getItem(CHAT_FLAG)) _widget('chat');
  } catch {
    // no sessionStorage: the visitor opens the chat again, its history comes back then
  }
}

/**
 * Installs `Svc` and `SvcWidget` on `w`, runs the queue in `w.__cs` and makes later pushes run at
 * once. A second call (a second copy of the script) finds `Svc` there and does nothing.
 */
export function _install(w: Window, host: string | null): SvcApi {
  if (w.Svc) {
    _warn('svc.js is loaded twice; the second copy does nothing');
    return w.Svc;
  }
  if (host) _state._host = host;
  const pushAll = (cmds: unknown[]): number => {
    let n = 0;
    for (const c of cmds) if (_run(c, api as unknown as Record<string, unknown>)) n++;
    // Configuration pushed after load (a late setCsAccount) may be what start was waiting for.
    for (const c of cmds) if (Array.isArray(c) && _config[c[0] as string]) _start();
    return n;
  };
  // Each method is wrapped by `_safe` under its own name, taken from the table's keys.
  const wrap = <T extends object>(table: T): T => {
    const o = {} as Record<string, unknown>;
    for (const k in table) {
      const f = table[k] as unknown;
      o[k] = typeof f == 'function' ? _safe(k, f as (...a: unknown[]) => unknown) : f;
    }
    return o as T;
  };
  const api: SvcApi = wrap({
    push: (...cmds: Command[]) => pushAll(cmds),
    onReady: _onReady,
    getCredentials: () => (_state._creds ? { ..._state._creds } : null),
    getVisitorId: () => (_state._creds ? _state._creds.visitor_id : null),
    getSessionId: () => (_state._creds ? _state._creds.session_id : null),
    trackEvent: _trackEvent,
    setProperty: _setProperty,
    hasProperty: _hasProperty,
    getProperty: _getProperty,
    deleteProperty: _deleteProperty,
    addVisitorInfo: _addVisitorInfo,
    addOfflineRequest: _addOfflineRequest,
    getOperatorStatus: () => !!_state._online,
    openSiteRequestPanel: () => _widget('request'),
    openChatWindow: () => _widget('chat'),
    reinitTrackView: () => {
      if (!_state._started) return _warn('reinitTrackView before start');
      // The numbers already known go into the new route's content at once; the answer confirms them.
      _again();
      _pageView(true);
    },
    getPhones: _getPhones,
    getDTPhones: _getDTPhones,
    getReplacedPhones: _getReplacedPhones,
    Captcha: wrap({
      // A read: kept out of storage, a captcha is of no use to a later page.
      get_captcha: (cb: (r: unknown) => void) => _add('captcha', {}, (r) => cb(r.result || r), undefined, false),
    }),
  } as SvcApi);
  const widget: SvcWidgetApi = wrap({
    push: api.push,
    sitePhoneCall: _sitePhoneCall,
    openSitePhonePanel: () => _widget('sitephone'),
  } as SvcWidgetApi);
  w.Svc = api;
  w.SvcWidget = widget;

  let queue = w.__cs as unknown;
  if (queue != null && !Array.isArray(queue)) {
    _warn('window.__cs is not an array; ignoring it');
    queue = null;
  }
  const q = (queue || []) as unknown[];
  const pending = q.slice();
  q.length = 0;
  // From now on a push runs the command at once; __cs stays an array for code that checks.
  q.push = (...cmds: unknown[]) => {
    try {
      return pushAll(cmds);
    } catch (e) {
      _warn('push failed', e);
      return 0;
    }
  };
  w.__cs = q as Command[];
  _drain(pending, api as unknown as Record<string, unknown>, _start);
  return api;
}

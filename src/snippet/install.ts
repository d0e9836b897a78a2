import type { Command, SvcApi, SvcWidgetApi } from '../types.js';
import { _trackEvent } from './events.js';
import { _warn } from './log.js';
import { _loadOutbox } from './outbox.js';
import { _onReady, _pageView } from './pageview.js';
import { _again, _getDTPhones, _getPhones, _getReplacedPhones, _startPhones } from './phones/api.js';
import { _config, _drain, _run } from './queue.js';
import { _state } from './state.js';

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
  const api: SvcApi = {
    push: _safe('push', (...cmds: Command[]) => pushAll(cmds) as number) as SvcApi['push'],
    onReady: _safe('onReady', _onReady),
    getCredentials: _safe('getCredentials', () => (_state._creds ? { ..._state._creds } : null)) as SvcApi['getCredentials'],
    getVisitorId: _safe('getVisitorId', () => (_state._creds ? _state._creds.visitor_id : null)) as SvcApi['getVisitorId'],
    getSessionId: _safe('getSessionId', () => (_state._creds ? _state._creds.session_id : null)) as SvcApi['getSessionId'],
    trackEvent: _safe('trackEvent', _trackEvent),
    reinitTrackView: _safe('reinitTrackView', () => {
      if (!_state._started) return _warn('reinitTrackView before start');
      // The numbers already known go into the new route's content at once; the answer confirms them.
      _again();
      _pageView(true);
    }),
    getPhones: _safe('getPhones', _getPhones) as SvcApi['getPhones'],
    getDTPhones: _safe('getDTPhones', _getDTPhones) as SvcApi['getDTPhones'],
    getReplacedPhones: _safe('getReplacedPhones', _getReplacedPhones) as SvcApi['getReplacedPhones'],
  };
  const widget: SvcWidgetApi = { push: api.push };
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

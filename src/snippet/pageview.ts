import type { HitResult } from '../protocol.js';
import type { Credentials, ReadyCallback } from '../types.js';
import { _id } from './ids.js';
import { _warn } from './log.js';
import { _add } from './outbox.js';
import { _state } from './state.js';

/** Work that runs after every page view is known (phone replacement and the like). */
const _onHit: Array<(c: Credentials, h: HitResult) => void> = [];

export function _afterHit(fn: (c: Credentials, h: HitResult) => void): void {
  _onHit.push(fn);
}

function _call<T>(fn: (v: T) => void, v: T): void {
  try {
    fn(v);
  } catch (e) {
    _warn('callback failed', e);
  }
}

/**
 * Records a page view. The first of a page carries `document.referrer`; a single-page-app page
 * view (`spa`) carries the previous URL as referrer and never starts a session by itself.
 */
export function _pageView(spa: boolean): void {
  const id = (_state._hit = _id());
  const url = location.href;
  _add('hit', { url, title: document.title, referrer: spa ? _state._url : document.referrer, spa }, (r) => {
    if (!r.success) {
      _warn('page view refused:', r.code);
      return;
    }
    // A late answer for an earlier page view must not replace the credentials of a newer one.
    if (_state._hit !== id) return;
    const h = r.result as HitResult;
    const c: Credentials = {
      site_key: _state._key!,
      key: h.key,
      uri: h.uri,
      visitor_id: h.visitor_id,
      hit_id: h.hit_id,
      session_id: h.session_id,
      consultant_server_url: h.consultant_server_url,
    };
    _state._creds = c;
    _state._settings = h.settings;
    // Page-view work first (the numbers), so that onReady callbacks see this page view's phones.
    for (const fn of _onHit) _call((x) => fn(x, h), c);
    for (const fn of _state._ready.splice(0)) _call(fn, c);
  }, id);
  _state._url = url;
}

/** `onReady(fn)`: at once when credentials are known, else after the page view is answered. */
export function _onReady(fn: ReadyCallback): void {
  if (typeof fn !== 'function') return _warn('onReady needs a function');
  if (_state._creds) _call(fn, { ..._state._creds });
  else _state._ready.push(fn);
}

import type { HitResult } from '../protocol.js';
import type { Credentials, ReadyCallback } from '../types.js';
import { _no } from './log.js';
import { _add, _call } from './outbox.js';
import { _state } from './state.js';

/** Work that runs after every page view is known (phone replacement and the like). */
const _onHit: Array<(c: Credentials, h: HitResult) => void> = [];

export function _afterHit(fn: (c: Credentials, h: HitResult) => void): void {
  _onHit.push(fn);
}

/**
 * Records a page view. The first of a page carries `document.referrer`; a single-page-app page
 * view (`spa`) carries the previous URL as referrer and never starts a session by itself.
 */
export function _pageView(spa: boolean): void {
  const url = location.href;
  const id = (_state._hit = _add('hit', { url, title: document.title, referrer: spa ? _state._url! : document.referrer, spa }, (r) => {
    // A refusal was warned about by the outbox. A late answer for an earlier page view must not
    // replace the credentials of a newer one.
    if (!r.success || _state._hit != id) return;
    const h = r.result as HitResult;
    // The credentials (page-api §2) are the answer's other fields; `site_key` is the page's own.
    const { settings, phones, phones_ttl, ...k } = h;
    const c: Credentials = { site_key: _state._key!, ...k };
    _state._creds = c;
    _state._settings = settings;
    // Page-view work first (the numbers), so that onReady callbacks see this page view's phones.
    for (const fn of _onHit) _call((x: Credentials) => fn(x, h), c);
    for (const fn of _state._ready.splice(0)) _call(fn, c);
  }));
  _state._url = url;
}

/** `onReady(fn)`: at once when credentials are known, else after the page view is answered. */
export function _onReady(fn: ReadyCallback): void {
  if (typeof fn != 'function') _no();
  if (_state._creds) _call(fn, { ..._state._creds });
  else _state._ready.push(fn);
}

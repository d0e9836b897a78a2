import type { HitResult } from '../protocol.js';
import type { Credentials, ReadyCallback } from '../types.js';
import { _refuse } from './log.js';
import { _add, _call } from './outbox.js';
import { _hitPhones } from './phones/api.js';
import { doc, _state } from './state.js';

/**
 * Records a page view. The first of a page carries `document.referrer`; a single-page-app page
 * view (`spa`) carries the previous URL as referrer and never starts a session by itself.
 */
export function _pageView(spa: boolean): void {
  const url = location.href;
  // The `_ga` and `_ym_uid` cookies, as they are, ride on every page view (no request of their
  // own): the analytics scripts set them as they load, often after the landing page's first page
  // view. Not read while consent is awaited.
  let ids: string[] | null | false | undefined;
  try {
    ids = !_state._wait && doc.cookie.match(/\b_(ga|ym_uid)=[^;]+/g);
  } catch {
    // cookies blocked (a sandboxed frame, a browser setting): the page view goes without them
  }
  const id = (_state._hit = _add('hit', { url, title: doc.title, referrer: spa ? _state._url! : doc.referrer, spa, ids }, (r) => {
    // A refusal was warned about by the outbox. A late answer for an earlier page view must not
    // replace the credentials of a newer one.
    if (!r.success || _state._hit != id) return;
    const h = r.result as HitResult;
    // The credentials (page-api §2) are the answer's other fields; `site_key` is the page's own.
    const { settings, phones: _phones, phones_ttl: _phonesTtl, ...k } = h;
    const c: Credentials = { site_key: _state._key!, ...k };
    _state._creds = c;
    _state._settings = settings;
    // The numbers first, so that onReady callbacks see this page view's phones.
    _call(_hitPhones, h);
    for (const fn of _state._ready.splice(0)) _call(fn, c);
  }));
  _state._url = url;
}

/** `onReady(fn)`: at once when credentials are known, else after the page view is answered. */
export function _onReady(fn: ReadyCallback): void {
  if (typeof fn !== 'function') _refuse();
  if (_state._creds) _call(fn, { ..._state._creds });
  else _state._ready.push(fn);
}

import { PHONE, type SitePhoneResult } from '../protocol.js';
import type { SitePhoneCallParams, SitePhoneCallResult } from '../types.js';
import { _add, _call } from './outbox.js';
import { _onReady } from './pageview.js';
import { _state } from './state.js';
import { _widget } from './widgets.js';

/**
 * `SvcWidget.sitePhoneCall(params, callback)`: checks the request, then sends the parameters as a
 * `sitephone` write (kept in the outbox until the server has judged it). The server answers with
 * the spec's status; a request that fails the checks here is not sent and gets status -1 and a
 * code. Without a callback the result is shown in a popup, as the standard form shows it.
 */
export function _sitePhoneCall(p: SitePhoneCallParams, cb?: unknown): void {
  const done = (result: SitePhoneResult) => {
    const r = { success: !result.status, result } as SitePhoneCallResult;
    if (typeof cb == 'function') _call(cb as (r: SitePhoneCallResult) => void, r);
    else _widget('notify', r);
  };
  p = p || ({} as SitePhoneCallParams);
  const d = p.delayed_call_time;
  if (!PHONE.test(p.phone as string)) return done({ status: -1, code: 'invalid_phone' });
  // 0 and '' mean "no time given", as an empty form field does.
  if (d && !(+d > Date.now())) return done({ status: -1, code: 'invalid_time' });
  // Whether the captcha is required comes with the site settings of the page view's answer.
  _onReady(() => {
    if (_state._settings!.captcha && !(p.captcha_key && p.captcha_value)) return done({ status: -1, code: 'captcha_required' });
    // A copy: the page may reuse its object. Fields of the wrong type are the server's to refuse.
    _add('sitephone', { ...p }, (r) => done((r.result as SitePhoneResult) || { status: -1, code: r.code! }));
  });
}

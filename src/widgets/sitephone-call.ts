import { PHONE, type SitePhoneResult, type SiteSettings } from '../protocol.js';
import type { CoreBridge } from '../snippet/widget-bridge.js';
import type { SitePhoneCallParams, SitePhoneCallResult } from '../types.js';

/**
 * `SvcWidget.sitePhoneCall(params, callback)`, run here rather than in the core (whose stub loads
 * this bundle and hands it the call, after the page view's answer brought the site settings):
 * checks the request, then sends the parameters as a `sitephone` write through the core's outbox
 * (kept there until the server has judged it). The server answers with the spec's status; a request
 * that fails the checks here is not sent and gets status -1 and a code. Without a callback the
 * result goes to `show` (the popup the standard form shows).
 */
export function sitePhoneCall(
  settings: SiteSettings,
  core: CoreBridge,
  p: SitePhoneCallParams | undefined,
  cb: unknown,
  show: (r: SitePhoneCallResult) => void,
): void {
  // The core's outbox guards the callbacks of answers; the checks answer inside `open`'s guard.
  const done = (result: SitePhoneResult) => {
    const r = { success: !result.status, result } as SitePhoneCallResult;
    if (typeof cb == 'function') cb(r);
    else show(r);
  };
  p = p || ({} as SitePhoneCallParams);
  const d = p.delayed_call_time;
  if (!PHONE.test(p.phone as string)) return done({ status: -1, code: 'invalid_phone' });
  // 0 and '' mean "no time given", as an empty form field does.
  if (d && !(+d > Date.now())) return done({ status: -1, code: 'invalid_time' });
  if (settings.captcha && !(p.captcha_key && p.captcha_value)) return done({ status: -1, code: 'captcha_required' });
  // A copy: the page may reuse its object. Fields of the wrong type are the server's to refuse.
  core.send('sitephone', { ...p }, (r) => done((r.result as SitePhoneResult) || { status: -1, code: r.code! }));
}

import { LIMITS, PHONE, type SitePhoneResult, type SiteSettings } from '../protocol.js';
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
  // The core's outbox guards the callbacks of answers; the checks answer inside `open`'s guard,
  // after the checking is done, so a callback that throws is never called twice.
  const done = (result: SitePhoneResult) => {
    const r = { success: !result.status, result } as SitePhoneCallResult;
    if (typeof cb === 'function') cb(r);
    else show(r);
  };
  let data: SitePhoneCallParams | undefined;
  let fail: string;
  try {
    fail = check(settings, p || ({} as SitePhoneCallParams), (data = {} as SitePhoneCallParams));
  } catch {
    // A getter or a Proxy that throws when read: no request can be made of it.
    fail = 'invalid_request';
  }
  if (fail) return done({ status: -1, code: fail });
  core.send('sitephone', data!, (r) => done((r.result as SitePhoneResult) || { status: -1, code: r.code! }));
}

const FIELDS = ['phone', 'captcha_key', 'captcha_value', 'delayed_call_time', 'group_id'] as const;

/**
 * Checks the parameters and copies the known fields into `out`; returns the failure code, or ''.
 * Fields must be text (at most LIMITS.text characters) or finite numbers: anything else could not
 * be stored in the outbox or sent (a BigInt, an object whose toJSON throws, a megabyte of text).
 * The server judges the rest.
 */
function check(settings: SiteSettings, p: SitePhoneCallParams, out: SitePhoneCallParams): string {
  const d = p.delayed_call_time;
  if (!PHONE.test(p.phone as string)) return 'invalid_phone';
  // 0 and '' mean "no time given", as an empty form field does.
  if (d && !(+d > Date.now())) return 'invalid_time';
  if (settings.captcha && !(p.captcha_key && p.captcha_value)) return 'captcha_required';
  for (const k of FIELDS) {
    const v = p[k];
    if (v == null) continue;
    if (typeof v === 'number' ? !isFinite(v) : typeof v !== 'string' || v.length > LIMITS.text) return 'invalid_' + k;
    (out as unknown as Record<string, unknown>)[k] = v;
  }
  return '';
}

/**
 * `Svc.Captcha.get_captcha(cb)`: `{key, url}` of a new captcha, or on failure what the outbox
 * answered (`{success: false, code}`). A read: kept out of storage, a captcha is of no use to a
 * later page. A callback that throws is the page's: the core's outbox catches and warns.
 */
export function getCaptcha(core: CoreBridge, cb: unknown): void {
  core.send('captcha', {}, (r) => typeof cb === 'function' && cb(r.success ? r.result : r), false);
}

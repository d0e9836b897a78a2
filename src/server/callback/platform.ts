import type { Queryable } from '../store/queryable.js';
import { siteCallbackJson } from '../sites/sites.js';

/**
 * The telephony platform that dials call-back requests. There is no telephony in this project, so
 * the platform is a pluggable dispatcher: the built-in one accepts every request, which stays in
 * `calls` as `dispatch_state = 'queued'` for a dialer to pick up, unless the site's configuration
 * declares the platform down. A real adapter is passed to `createServer({ callbackPlatform })`.
 * Requests reach it after the write that stored them has committed (callback/dispatch.ts);
 * the outcome comes back as call events on the telephony boundary under the call id it answers.
 */

/** A site's call-back settings (site configuration `callback`). */
export interface SiteCallback {
  /** Name of the call-back scenario; null: none is set (sitePhoneCall answers status 2). */
  scenario: string | null;
  /** "down": the platform is declared unavailable (sitePhoneCall answers status 3). */
  platform: 'up' | 'down';
}

/** A call-back request as the platform receives it. */
export interface CallbackRequest {
  /** Id of the stored request (`calls.id`). */
  id: number;
  siteId: number;
  /** Visitor phone, digits only. */
  phone: string;
  /** When to call, epoch ms; null: as soon as possible. */
  delayedCallTime: number | null;
  /** Employee group that receives the call, if the page named one. */
  groupId: string | null;
  /** The site's call-back scenario. */
  scenario: string;
}

/** `callId`: the platform's id of the call it will dial (its events carry it); default `cb-<request id>`. */
export type DispatchResult = { ok: true; callId?: string } | { ok: false; error: string };

export interface CallbackPlatform {
  /**
   * Hands a request over, after the write that stored it has committed; it must not wait for the
   * call itself: a real adapter enqueues the request and dials later. A Promise is awaited.
   * Returning `{ok: false}` (or throwing, or a rejected Promise) marks the stored request `failed`
   * with request_status 3. Every call is logged in `callapi_requests`.
   */
  dispatch(request: CallbackRequest, site: SiteCallback): DispatchResult | Promise<DispatchResult>;
}

/** The built-in platform: queues every request, or fails them all when the site says it is down. */
export const queuePlatform: CallbackPlatform = {
  dispatch: (_request, site) => (site.platform === 'down' ? { ok: false, error: 'platform_down' } : { ok: true }),
};

/** The call-back settings of a site, with the defaults of the configuration. */
export async function siteCallback(db: Queryable, siteId: number): Promise<SiteCallback> {
  const c = JSON.parse((await siteCallbackJson(db, siteId)) ?? '{}') as Partial<SiteCallback>;
  return { scenario: c.scenario ?? null, platform: c.platform === 'down' ? 'down' : 'up' };
}

import type { Queryable } from '../store/queryable.js';
import { siteCallbackJson } from '../sites/queries.js';

/**
 * The telephony platform that dials call-back requests. There is no telephony in this project, so
 * the platform is a pluggable dispatcher: the built-in one accepts every request, which stays in
 * `calls` as `dispatch_state = 'queued'` for a dialer to pick up, unless the site's configuration
 * declares the platform down. A real adapter is passed to `createServer({ callbackPlatform })`.
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

export type DispatchResult = { ok: true } | { ok: false; error: string };

export interface CallbackPlatform {
  /**
   * Hands a request over. Runs inside the write's transaction, which holds the database until it
   * commits, so it must not wait for a call: a real adapter enqueues the request and dials later.
   * A Promise is awaited (an adapter may hand the request to a local queue that answers async) and
   * must settle as fast as a synchronous answer would. Returning `{ok: false}` (or throwing, or a
   * rejected Promise) answers status 3; the request stays stored as `failed`.
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

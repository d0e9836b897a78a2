import type { SiteConfig } from '../../../src/server/site-import/site-config.js';
import { apiConfig, apiWorld, type ApiWorld } from './api-helpers.js';
import { adsDtSite } from './helpers.js';

/**
 * The REST API's world (api-helpers.ts) with customer A's site (1, a.test, key `site-1`) given
 * adsDtSite's campaign Ads (10, utm_source = ads) whose block 11 leases numbers of `pool`, a
 * static block 1, and the reserved number when the pool is dry. The clock starts now: page views
 * run on the real one.
 */
export async function dtApiWorld(pool: string[]): Promise<ApiWorld> {
  const dtSite = { ...adsDtSite(pool).customers[0]!.sites[0]!, domain: 'a.test', site_key: 'site-1', widget_key: 'wk-1' };
  const config = {
    customers: apiConfig.customers.map((c) => (c.id === 1 ? { ...c, sites: [dtSite] } : c)),
  } as SiteConfig;
  const w = await apiWorld(':memory:', undefined, { siteConfig: config, rateLimits: { firstVisits: 0 } });
  w.clock.ms = Date.now();
  return w;
}

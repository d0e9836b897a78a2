import type { SiteSettings } from '../../protocol.js';
import type { Store } from '../store/open.js';
import { siteByKey, type SiteRow } from './sites.js';

/** A site as the request handlers need it. */
export interface Site {
  id: number;
  customer_id: number;
  domain: string;
  site_key: string;
  widget_key: string;
  origins: string[];
  settings: SiteSettings;
}

function toSite(r: SiteRow): Site {
  return {
    id: r.id,
    customer_id: r.customer_id,
    domain: r.domain,
    site_key: r.site_key,
    widget_key: r.widget_key,
    origins: JSON.parse(r.origins) as string[],
    settings: JSON.parse(r.settings) as SiteSettings,
  };
}

/**
 * A URL-encoded text (a site key from a path, a header value) decoded; as it is when it does not
 * decode (a malformed %-escape names no site and is no one's text, but must not throw).
 */
export function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export interface SiteLookup {
  bySiteKey(key: string): Promise<Site | null>;
  byWidgetKey(key: string): Promise<Site | null>;
}

/**
 * Site lookups by site key and widget key. Every request of the snippet needs its site, so parsed
 * rows are cached; the cache is emptied whenever site data changes (store.siteDataChanged: the
 * configuration import, and later the REST API), so a change holds from the next request on.
 */
export function createSiteLookup(store: Store): SiteLookup {
  const byKey = new Map<string, Site>();
  const byWidget = new Map<string, Site>();
  store.onSiteDataChange(() => {
    byKey.clear();
    byWidget.clear();
  });
  const find = async (cache: Map<string, Site>, column: 'site_key' | 'widget_key', key: string): Promise<Site | null> => {
    const hit = cache.get(key);
    if (hit) return hit;
    const r = await siteByKey(store.db, column, key);
    // Only hits are kept: a flood of made-up keys must not grow the cache.
    if (!r) return null;
    const site = toSite(r);
    if (cache.size > 10_000) cache.clear();
    cache.set(key, site);
    return site;
  };
  return {
    bySiteKey: (key) => find(byKey, 'site_key', key),
    byWidgetKey: (key) => find(byWidget, 'widget_key', key),
  };
}

/**
 * Whether a page at `origin` may talk to the server for `site`: the site's domain, any subdomain
 * of it, or one of the extra origins of its configuration. Any scheme and port of the domain count.
 */
export function originAllowed(site: Site, origin: string): boolean {
  let host: string;
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
    host = u.hostname.toLowerCase();
    if (site.origins.includes(u.origin)) return true;
  } catch {
    return false;
  }
  const d = site.domain.toLowerCase();
  return host === d || host.endsWith('.' + d);
}

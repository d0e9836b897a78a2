import type { SiteSettings } from '../../protocol.js';
import type { Store } from '../store/open.js';
import { refusedOrigins } from './refused-origins.js';
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
  /** Keeps a refused page origin for the app to show (refused-origins.ts: cheap under a flood). */
  noteRefusal(site: Site, origin: string, why: OriginRefusal): void;
}

/**
 * Site lookups by site key and widget key. Every request of the snippet needs its site, so parsed
 * rows are cached; the cache is emptied whenever site data changes (store.siteDataChanged: the
 * configuration import, and later the REST API), so a change holds from the next request on.
 */
export function createSiteLookup(store: Store, now: () => number = Date.now): SiteLookup {
  const refusals = refusedOrigins(store.db, now);
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
    noteRefusal: (site, origin, why) => refusals.note(site.id, origin, why),
  };
}

/** Why a page's origin is refused: not a web page (`not_web`: `null`, `file:`), or not one of the site's (`not_listed`). */
export type OriginRefusal = 'not_web' | 'not_listed';

/**
 * Why a page at `origin` may not talk to the server for `site`, or null when it may: the site's
 * domain or any subdomain of it (any scheme and port), or one of its extra origins. An extra origin
 * is a whole origin (`https://shop.example:8443`: that one only), a host with a port
 * (`localhost:4211`: any scheme), or a host (`example.org`: it and its subdomains, as the domain).
 */
export function originRefusal(site: Pick<Site, 'domain' | 'origins'>, origin: string): OriginRefusal | null {
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return 'not_web';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'not_web';
  const host = u.hostname.toLowerCase();
  const under = (d: string) => host === d || host.endsWith('.' + d);
  if (under(site.domain.toLowerCase())) return null;
  for (const entry of site.origins) {
    const e = entry.toLowerCase();
    if (e.includes('://') ? e === u.origin : e.includes(':') ? e === u.host : under(e)) return null;
  }
  return 'not_listed';
}

export function originAllowed(site: Pick<Site, 'domain' | 'origins'>, origin: string): boolean {
  return originRefusal(site, origin) === null;
}

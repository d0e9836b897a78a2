import type { SiteSettings } from '../protocol.js';
import { stmt, type DB } from './db.js';

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

interface SiteRow {
  id: number;
  customer_id: number;
  domain: string;
  site_key: string;
  widget_key: string;
  origins: string;
  settings: string;
}

function toSite(r: SiteRow): Site {
  return { ...r, origins: JSON.parse(r.origins) as string[], settings: JSON.parse(r.settings) as SiteSettings };
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
  bySiteKey(key: string): Site | null;
  byWidgetKey(key: string): Site | null;
  /** Forgets cached sites; call after the sites table changed. */
  clear(): void;
}

const lookups = new WeakMap<DB, SiteLookup>();

/**
 * Site lookups by site key and widget key, one per database. Every request of the snippet needs
 * its site, and sites change only when the configuration is applied, so parsed rows are cached.
 */
export function siteLookup(db: DB): SiteLookup {
  let l = lookups.get(db);
  if (l) return l;
  const byKey = new Map<string, Site | null>();
  const byWidget = new Map<string, Site | null>();
  const find = (cache: Map<string, Site | null>, column: 'site_key' | 'widget_key', key: string): Site | null => {
    if (!cache.has(key)) {
      const r = stmt<SiteRow>(db, `SELECT * FROM sites WHERE ${column} = ?`).get(key);
      // Only hits are kept: a flood of made-up keys must not grow the cache.
      if (!r) return null;
      cache.set(key, toSite(r));
    }
    return cache.get(key) ?? null;
  };
  l = {
    bySiteKey: (key) => find(byKey, 'site_key', key),
    byWidgetKey: (key) => find(byWidget, 'widget_key', key),
    clear() {
      byKey.clear();
      byWidget.clear();
    },
  };
  lookups.set(db, l);
  return l;
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

import type { SiteSettings } from '../protocol.js';
import type { DB } from './db.js';

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

/** Site lookups by site key and widget key; prepared once per database. */
export function siteLookup(db: DB) {
  const byKey = db.prepare<[string], SiteRow>(`SELECT * FROM sites WHERE site_key = ?`);
  const byWidgetKey = db.prepare<[string], SiteRow>(`SELECT * FROM sites WHERE widget_key = ?`);
  return {
    bySiteKey(key: string): Site | null {
      const r = byKey.get(key);
      return r ? toSite(r) : null;
    },
    byWidgetKey(key: string): Site | null {
      const r = byWidgetKey.get(key);
      return r ? toSite(r) : null;
    },
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

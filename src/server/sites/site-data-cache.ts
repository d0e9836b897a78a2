import type { Store } from '../store/open.js';

/**
 * A cache of something read from the site data (a site's campaign conditions, a campaign's
 * blocks), emptied whenever that data changes (store.siteDataChanged: the configuration import,
 * later the REST API), so a change holds from the next request on without a restart.
 */
export interface SiteDataCache<K, V> {
  /** The cached value of `key`, or what `load` reads (kept for the next call). */
  get(key: K, load: () => Promise<V>): Promise<V>;
}

/** `limit`: past this many keys the cache starts again, so that no input can grow it without bound. */
export function siteDataCache<K, V>(store: Pick<Store, 'onSiteDataChange'>, limit = 10_000): SiteDataCache<K, V> {
  const values = new Map<K, V>();
  // A load that began before a change read the old data: its value is returned, but not kept.
  let generation = 0;
  store.onSiteDataChange(() => {
    values.clear();
    generation++;
  });
  return {
    async get(key, load) {
      const hit = values.get(key);
      if (hit !== undefined) return hit;
      const started = generation;
      const value = await load();
      if (started === generation) {
        if (values.size >= limit) values.clear();
        values.set(key, value);
      }
      return value;
    },
  };
}

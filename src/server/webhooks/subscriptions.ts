import type { Store } from '../store/open.js';
import { subscribedSites } from './endpoints.js';
import type { WebhookEvent } from '../../app-protocol.js';

/**
 * Which sites' customers have an endpoint for which events, held in memory as the site data is: a
 * page view or a write batch whose customer has no endpoint for its event asks the database
 * nothing. Reloaded when an endpoint changes (here, and on PostgreSQL in every other process, by
 * the store's channel) and when the site data changes (a site moved to another customer).
 */

export const WEBHOOKS_CHANGED = 'webhooks';

export interface Subscriptions {
  /** Whether some endpoint of the site's customer may want the event (the outbox's INSERT decides). */
  wants(siteId: number, type: WebhookEvent): boolean;
  /** Whether any endpoint is on: without one the worker leaves the database alone. */
  any(): boolean;
  /** Reloads now and tells the other processes: after an endpoint was created, changed or deleted. */
  changed(): Promise<void>;
  close(): void;
}

export async function createSubscriptions(store: Store): Promise<Subscriptions> {
  let bySite = new Map<number, Set<string>>();
  let loading: Promise<void> | null = null;
  let again = false;
  const load = async () => {
    const next = new Map<number, Set<string>>();
    for (const r of await subscribedSites(store.db)) {
      let s = next.get(r.site_id);
      if (!s) next.set(r.site_id, (s = new Set()));
      for (const t of JSON.parse(r.events) as string[]) s.add(t);
    }
    bySite = next;
  };
  /** One load at a time; a change during a load loads once more after it. */
  const reload = (): Promise<void> => {
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      do {
        again = false;
        await load().catch(() => undefined);
      } while (again);
      loading = null;
    })();
    return loading;
  };
  await load();
  const offSiteData = store.onSiteDataChange(() => void reload());
  const offChannel = store.channel.subscribe((m) => (m === null || m === WEBHOOKS_CHANGED) && void reload());
  return {
    wants: (siteId, type) => bySite.get(siteId)?.has(type) ?? false,
    any: () => bySite.size > 0,
    async changed() {
      await store.settled();
      await reload();
      await store.channel.publish(WEBHOOKS_CHANGED);
    },
    close() {
      offSiteData();
      offChannel();
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { EventSink } from '../webhooks/events.js';
import type { Pokes } from '../http/live-topics.js';
import type { SiteLookup } from '../sites/lookup.js';
import type { Store } from '../store/open.js';
import { addOfflineMessageRoute } from './add-offline-message-route.js';
import { windowCounters } from '../store/window-counters.js';
import { createCredentialGuard, type CredentialGuardOptions } from './credential-guard.js';
import type { HitOfSite } from './credentials.js';
import { visitorInfoRoute } from './visitor-info-route.js';

/** What the visitor endpoints need, passed in by createServer. */
export interface VisitorsDeps {
  store: Store;
  sites: SiteLookup;
  /** Pokes the console when an offline request is stored. */
  hub: Pokes;
  /** Finds the page view a visitor's credentials name (tracking/queries.ts `hitOfSite`). */
  hitOfSite: HitOfSite;
  /** Base URL the server is reached at, ending with a slash; derived from the request when absent. */
  publicUrl?: string | undefined;
  /** Limits of failed credential checks (credential-guard.ts). */
  credentialGuard?: CredentialGuardOptions | undefined;
  /** Where a stored request is announced (webhooks/). */
  events?: EventSink | undefined;
}

/**
 * The endpoints the site's server and outside programs call with a visitor's credentials (page-api
 * §4): `GET /vc/s/` and `POST /api/add_offline_message/`. The snippet's own visitor writes go
 * through the ingest route (write-handlers.ts names their handlers).
 */
export async function visitorsFeature(app: FastifyInstance, deps: VisitorsDeps): Promise<void> {
  // One count of failed credentials for both endpoints: a prober gains nothing by switching.
  const guard = createCredentialGuard(windowCounters(deps.store), deps.credentialGuard);
  visitorInfoRoute(app, deps, guard);
  await addOfflineMessageRoute(app, deps, guard);
}

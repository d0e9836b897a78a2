import type { FastifyInstance } from 'fastify';
import type { DB } from '../store/db.js';
import type { SiteLookup } from '../sites/lookup.js';
import { addOfflineMessageRoute } from './add-offline-message-route.js';
import { visitorInfoRoute } from './visitor-info-route.js';

/** The endpoints the site's server and outside programs call with a visitor's credentials. */
export async function credentialRoutes(
  app: FastifyInstance,
  opts: { db: DB; sites: SiteLookup; publicUrl?: string | undefined },
): Promise<void> {
  visitorInfoRoute(app, opts);
  await addOfflineMessageRoute(app, opts);
}

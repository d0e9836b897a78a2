import type { FastifyInstance } from 'fastify';
import type { DB } from '../db.js';
import { addOfflineMessageRoute } from './add-offline-message.js';
import { visitorInfoRoute } from './visitor-info.js';

/** The endpoints the site's server and outside programs call with a visitor's credentials. */
export async function credentialRoutes(app: FastifyInstance, opts: { db: DB; publicUrl?: string }): Promise<void> {
  visitorInfoRoute(app, opts);
  await addOfflineMessageRoute(app, opts);
}

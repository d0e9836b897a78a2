import type { FastifyInstance } from 'fastify';
import type { Hub } from './chat/hub.js';
import type { SiteLookup } from '../sites/lookup.js';
import { visitorStreams } from './chat/routes.js';
import { consoleRoutes } from './console/routes.js';
import type { DB } from '../store/db.js';

export interface ConsultantOptions {
  db: DB;
  hub: Hub;
  sites: SiteLookup;
  bundleDir: string;
  publicUrl?: string | undefined;
  sessionMs?: number | undefined;
}

/**
 * The online consultant: the live hub, the visitor's push channels (operator status, chat) and
 * the operator console. Returns the function that stops its timers when the server closes.
 */
export function consultant(app: FastifyInstance, opts: ConsultantOptions): () => void {
  const { hub } = opts;
  visitorStreams(app, opts.db, hub, opts.sites);
  consoleRoutes(app, {
    db: opts.db,
    hub,
    sites: opts.sites,
    bundleDir: opts.bundleDir,
    publicUrl: opts.publicUrl,
    sessionMs: opts.sessionMs,
  });
  return () => hub.close();
}

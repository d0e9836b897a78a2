import type { FastifyInstance } from 'fastify';
import { createHub } from './chat/hub.js';
import { visitorStreams } from './chat/routes.js';
import { consoleRoutes } from './console/routes.js';
import type { DB } from './db.js';

export interface ConsultantOptions {
  db: DB;
  bundleDir: string;
  publicUrl?: string | undefined;
  sessionMs?: number | undefined;
  graceMs?: number | undefined;
}

/**
 * The online consultant: the live hub, the visitor's push channels (operator status, chat) and
 * the operator console. Returns the function that stops its timers when the server closes.
 */
export function consultant(app: FastifyInstance, opts: ConsultantOptions): () => void {
  const hub = createHub(opts.db, { graceMs: opts.graceMs });
  visitorStreams(app, opts.db, hub);
  consoleRoutes(app, { db: opts.db, hub, bundleDir: opts.bundleDir, publicUrl: opts.publicUrl, sessionMs: opts.sessionMs });
  return () => hub.close();
}

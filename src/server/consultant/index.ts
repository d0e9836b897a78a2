import type { FastifyInstance } from 'fastify';
import type { SiteLookup } from '../sites/lookup.js';
import type { Store } from '../store/open.js';
import type { Hub } from './chat/hub.js';
import { visitorStreams } from './chat/routes.js';
import { consoleRoutes } from './console/routes.js';
import type { LoginGuard } from '../identity/login-guard.js';
import type { ScreenPopFactory } from './console/routes.js';
import type { EventSink } from '../webhooks/events.js';

export interface ConsultantDeps {
  store: Store;
  /** The live state, created (and closed) by createServer: the write handlers share it. */
  hub: Hub;
  sites: SiteLookup;
  /** Folder of the built browser files (op-console.js). */
  bundleDir: string;
  /** Public base URL of the server, when configured: its origin is accepted on console POSTs. */
  publicUrl?: string | undefined;
  /** Console session lifetime in ms; default 3 h. */
  sessionMs?: number | undefined;
  /** The guard of every password check: one per server, shared with the REST API's login. */
  loginGuard: LoginGuard;
  /** The calls the console shows live (telephony/screen-pop.ts): one reader per console stream. */
  screenPop?: ScreenPopFactory | undefined;
  /** Where chats ended by operators are announced (webhooks/). */
  events?: EventSink | undefined;
}

/**
 * The online consultant: the visitor's push channels (operator status, chat) and the operator
 * console. Chat messages arrive as writes (chat/writes.ts, registered in write-handlers.ts).
 */
export async function consultantFeature(app: FastifyInstance, deps: ConsultantDeps): Promise<void> {
  visitorStreams(app, deps);
  consoleRoutes(app, deps);
}

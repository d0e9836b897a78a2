import type { FastifyInstance } from 'fastify';
import { acceptCallEvent, type AcceptDeps } from '../telephony/accept-event.js';
import type { Store } from '../store/open.js';
import { callHandling } from './call-handling.js';
import type { CarrierModule, CarrierRouteDeps } from './carrier.js';
import { connectionById } from './connections.js';
import type { CarrierService } from './service.js';

/**
 * The carriers' own routes (`/carriers/<kind>/:connectionId/…`): each module registers what its
 * carrier calls back, given the connection named in the URL (credentials opened, to check the
 * carrier's signature), how a call is handled, and the telephony boundary's one way to accept a
 * call event. Registered in a scope of its own: a module's body parsers stay its own.
 */

export interface CarriersFeatureDeps {
  store: Store;
  carriers: CarrierService;
  /** What the telephony boundary applies events with (telephony/accept-event.ts). */
  accept: AcceptDeps;
}

export async function carriersFeature(app: FastifyInstance, deps: CarriersFeatureDeps): Promise<void> {
  for (const m of deps.carriers.modules) await app.register(async (scope) => m.routes(scope, routeDeps(m, deps)));
}

function routeDeps(m: CarrierModule, deps: CarriersFeatureDeps): CarrierRouteDeps {
  const { store, carriers } = deps;
  return {
    store,
    async connection(id) {
      const row = await connectionById(store.db, id);
      // Another carrier's connection, or one switched off, does not answer on this carrier's routes.
      if (!row || row.kind !== m.kind || row.enabled !== 1) return null;
      return carriers.connection(row);
    },
    handling: (call) => callHandling(store.db, call),
    accept: (event, log) => acceptCallEvent(deps.accept, event, Date.now(), log),
  };
}

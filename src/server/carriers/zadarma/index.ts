import type { CarrierModule } from '../carrier.js';
import { zadarmaAdapter } from './adapter.js';
import { zadarmaRoutes } from './routes.js';

/**
 * Zadarma (docs/carriers-zadarma.md): its REST API for the account's numbers, their purchase and
 * call-backs, and its PBX's signed call notifications for the calls.
 */
export const zadarmaCarrier: CarrierModule = {
  kind: 'zadarma',
  fields: [
    { name: 'key', secret: false },
    { name: 'secret', secret: true },
    // The PBX extension (default 100) that forwards calls to the operator's phone and places call-backs.
    { name: 'extension', secret: false, optional: true },
  ],
  adapter: (connection) => zadarmaAdapter(connection),
  routes: zadarmaRoutes,
};

import { queuePlatform, type CallbackPlatform, type CallbackRequest, type DispatchResult } from '../callback/platform.js';
import { ApiError } from '../http/errors.js';
import { siteCarrierNumbers, siteDtBlocks, type CustomerNumber } from '../numbers/carrier-numbers.js';
import { liveLease } from '../leases/queries.js';
import { callById } from '../telephony/queries.js';
import { customerScenarios } from '../numbers/queries.js';
import { routeIncomingCall } from '../numbers/routing.js';
import { siteById } from '../sites/sites.js';
import type { Store } from '../store/open.js';
import { CarrierError } from './carrier.js';
import { connectionById } from './connections.js';
import type { CarrierService } from './service.js';

/**
 * Call-backs dialled through the site's carrier (docs/carriers.md, "Call-backs"): the carrier
 * calls the operator (the call-back scenario's forwarding number, else the number's route, else
 * the site's phone), then the visitor, showing the site's tracking number held through that
 * carrier. A site with no carrier number keeps the queue platform's behaviour (callback/platform.ts).
 * A carrier's refusal fails the request with its words; the outcome of a dialled call comes back
 * as call events on the carrier's routes.
 */
export function carrierCallbackPlatform(
  store: Store,
  carriers: CarrierService,
  fallback: CallbackPlatform = queuePlatform,
): CallbackPlatform {
  return {
    async dispatch(request, site) {
      if (site.platform === 'down') return fallback.dispatch(request, site);
      const numbers = await siteCarrierNumbers(store.db, request.siteId);
      // The number the visitor's session was shown, else one whose calls are routed here: its carrier certainly knows it.
      const n = (await leasedOf(store, request, numbers)) ?? numbers.find((x) => x.carrier_route_error === null) ?? numbers[0];
      const conn = n ? await connectionById(store.db, n.carrier_connection_id!) : null;
      if (!n || !conn || conn.enabled !== 1) return fallback.dispatch(request, site);
      const operatorPhone = await operatorPhoneOf(store, request, n);
      if (!operatorPhone)
        return { ok: false, error: 'No operator phone to call first: set the call-back scenario’s forwarding number or the site’s phone' };
      return dial(() =>
        carriers
          .adapter(conn)
          .dialCallback({ requestId: request.id, operatorPhone, visitorPhone: request.phone, callerId: n.phone_number }),
      );
    },
  };
}

async function dial(f: () => Promise<{ callId: string }>): Promise<DispatchResult> {
  try {
    return { ok: true, callId: (await f()).callId };
  } catch (e) {
    // The carrier's words (a revoked token, no balance), or the server's (no SVC_SECRET_KEY): the request's failure says them.
    if (e instanceof CarrierError || e instanceof ApiError) return { ok: false, error: e.message.slice(0, 200) };
    throw e;
  }
}

/** The carrier number a DT pool of the site leases to the request's session now, if any. */
async function leasedOf(store: Store, request: CallbackRequest, numbers: readonly CustomerNumber[]): Promise<CustomerNumber | null> {
  const { db } = store;
  if (!numbers.length) return null;
  const session = (await callById(db, request.id))?.session_id;
  if (!session) return null;
  for (const blockId of await siteDtBlocks(db, request.siteId)) {
    const lease = await liveLease(db, 'session_id', session, blockId, Date.now());
    const n = lease && numbers.find((x) => x.phone_number === lease.number.replace(/\D/g, ''));
    if (n) return n;
  }
  return null;
}

/** Who is called first: the scenario's forwarding number, the number's route, the site's phone. */
async function operatorPhoneOf(store: Store, request: CallbackRequest, n: CustomerNumber): Promise<string | null> {
  const { db } = store;
  const scenario = (await customerScenarios(db, n.customer_id)).find((s) => s.name === request.scenario);
  const route = await routeIncomingCall(db, { numb: n.phone_number, numa: request.phone });
  const site = await siteById(db, request.siteId);
  const phone = scenario?.forward_to ?? route?.forwardTo ?? site?.user_phone ?? null;
  return phone ? phone.replace(/\D/g, '') || null : null;
}

import { numbersOfConnection, setRouteError, unroutedNumbers, type CustomerNumber } from '../numbers/carrier-numbers.js';
import type { Queryable } from '../store/queryable.js';
import { carrierRefusal } from './carrier-calls.js';
import type { CarrierAdapter, HeldNumber } from './carrier.js';

/**
 * Points a held number's calls at this server. A failure never loses the number: it stays the
 * customer's with the carrier's words in `carrier_route_error`, and the connection's next check
 * (or route_carrier_number) tries again.
 */

export const heldOf = (n: CustomerNumber): HeldNumber => ({ phone: n.phone_number, carrierId: n.carrier_number_id ?? '' });

/** Routes the number; the carrier's words when it failed, null when it worked. Records either. */
export async function routeHere(db: Queryable, n: CustomerNumber, adapter: CarrierAdapter): Promise<string | null> {
  let error: string | null = null;
  try {
    await adapter.routeNumber(heldOf(n));
  } catch (e) {
    error = carrierRefusal(e).message;
  }
  await setRouteError(db, n.id, error);
  return error;
}

/** Routes again the connection's numbers whose routing failed; how many now are. */
export async function retryRouting(db: Queryable, connectionId: number, adapter: CarrierAdapter): Promise<number> {
  let routed = 0;
  for (const n of await unroutedNumbers(db, connectionId)) if ((await routeHere(db, n, adapter)) === null) routed++;
  return routed;
}

/** What a number the carrier account no longer holds says on the Numbers page. */
export const GONE_AT_CARRIER =
  'The carrier account no longer holds this number: its calls cannot come here. Release it, or buy it again at the carrier.';

/**
 * Marks the connection's numbers that the carrier account no longer holds (released or moved in
 * the carrier's own console, underneath this server): each says so where a routing failure would,
 * and the next check finds it again if it comes back. How many are gone.
 */
export async function markGoneNumbers(db: Queryable, connectionId: number, adapter: CarrierAdapter): Promise<number> {
  const held = new Set((await adapter.heldNumbers()).map((h) => h.phone.replace(/\D/g, '')));
  let gone = 0;
  for (const n of await numbersOfConnection(db, connectionId)) {
    if (held.has(n.phone_number)) {
      if (n.carrier_route_error === GONE_AT_CARRIER) await routeHere(db, n, adapter);
      continue;
    }
    gone++;
    if (n.carrier_route_error !== GONE_AT_CARRIER) await setRouteError(db, n.id, GONE_AT_CARRIER);
  }
  return gone;
}

import { setRouteError, unroutedNumbers, type CustomerNumber } from '../numbers/carrier-numbers.js';
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

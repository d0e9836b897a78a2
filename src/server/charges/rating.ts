import { customerNumbers } from '../numbers/queries.js';
import type { Queryable } from '../store/queryable.js';
import { addLegCost, callTariffs, unratedLegs } from './queries.js';
import { rateLeg } from './tariff.js';

/**
 * Rates the customer's ended legs set up in [from, till) (UTC) that have no cost yet, with the
 * tariffs of this moment, and stores each cost once (call_leg_costs). The cost reports and
 * daily_sdr call it over the range they read before they read it, so every ended leg is in both or
 * in neither; the telephony boundary may also call it when a leg ends, so costs are fixed nearer
 * the call.
 */
export async function rateCustomerLegs(db: Queryable, customerId: number, from: string, till: string): Promise<number> {
  const legs = await unratedLegs(db, customerId, from, till);
  if (!legs.length) return 0;
  const tariffs = await callTariffs(db);
  const categories = new Map((await customerNumbers(db, customerId)).map((n) => [n.phone_number, n.category]));
  for (const leg of legs) {
    const r = rateLeg(tariffs, leg, (n) => categories.get(n) ?? null);
    await addLegCost(db, {
      leg_id: leg.id,
      customer_id: customerId,
      direction: leg.direction,
      setup_time: leg.setup_time,
      ...r,
    });
  }
  return legs.length;
}

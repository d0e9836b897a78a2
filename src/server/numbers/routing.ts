import type { Queryable } from '../store/queryable.js';
import { blockForwardOf, heldNumber, numaRoute, scenarioOfNumber } from './queries.js';

/**
 * Where an incoming call to `numb` from `numa` goes: the scenario that answers the number and,
 * when the caller is on one of the caller-number (numa) lists the scenario routes, that route's
 * target; else the scenario's own target, else the number's (create_dialing_operation), else the
 * forwarding number of the site block that shows it. Null when nobody holds `numb`, or nothing
 * says where to forward. Numbers are compared as digits (`+7 (495)…` is `7495…`). app.ts gives it
 * to the telephony boundary and to the carriers' routing answers.
 */
export async function routeIncomingCall(
  db: Queryable,
  call: { numb: string; numa: string },
): Promise<{ scenarioName: string | null; forwardTo: string } | null> {
  const numb = call.numb.replace(/\D/g, '');
  const numa = call.numa.replace(/\D/g, '');
  const number = await heldNumber(db, numb);
  if (!number || number.status !== 'active') return null;
  const scenario = await scenarioOfNumber(db, number.customer_id, numb);
  const fallback = async () => number.forward_to ?? (await blockForwardOf(db, number.customer_id, numb));
  if (scenario) {
    const forwardTo = (numa ? await numaRoute(db, scenario.id, numa) : null) ?? scenario.forward_to ?? (await fallback());
    return forwardTo ? { scenarioName: scenario.name, forwardTo } : null;
  }
  const forwardTo = await fallback();
  return forwardTo ? { scenarioName: null, forwardTo } : null;
}

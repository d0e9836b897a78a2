import { leaseAt } from '../phones/queries.js';
import { numberOwners } from '../sites/queries.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import { latestHitOfSessionAt, latestSessionOfVisitor } from '../tracking/queries.js';
import { visitContext, type VisitContext } from '../tracking/visit-context.js';
import { personOfContact } from '../visitors/person-queries.js';
import { numberKey, numberVariants } from './numbers.js';

/**
 * Which visit a call belongs to (issue #18, "Attribution"):
 * 1. a call to a DT pool number belongs to the session that held the number's lease at the call's
 *    setup time (a lease lasts the session and the site's after-session minutes: phones/dt-pool.ts);
 * 2. else a call to a block's static number belongs to that block's campaign (no session);
 * 3. else (a pool number nobody held then, a default block's number) to no campaign, `-1`.
 * A call no session explains, from a caller number a visitor already left (a call-back, a request,
 * contact data, an earlier call), is the visitor's: the record names that visitor (its person) and
 * says `is_visitor_by_numa`, but keeps no session and no campaign: the number shown did not bring it.
 */

export interface Attribution {
  siteId: number;
  customerId: number;
  /** The block whose number was called; its forwarding number, if any. */
  blockId: number;
  forwardNumber: string | null;
  acId: number;
  sessionId: number | null;
  visitorId: number | null;
  hitId: number | null;
  pageUrl: string | null;
  /** The session's visitor context, copied into the record (tracking/visit-context.ts). */
  context: VisitContext | null;
  /** The visitor was found by the caller's number. */
  byNuma: boolean;
  /** The visitor's first campaign and visits, for a visitor found by number. */
  visitor: { first_ac: number; visits_count: number; type: 'new' | 'returning' } | null;
}

/**
 * The attribution of a call to `serviceNumber` from `otherNumber` at `atMs`; null when the service
 * number is no site's (the boundary refuses such a call: it cannot say whose it is).
 */
export async function attribute(db: Queryable, serviceNumber: string, otherNumber: string, atMs: number): Promise<Attribution | null> {
  const key = numberKey(serviceNumber);
  if (!key) return null;
  const owners = await numberOwners(db, numberVariants(key));
  if (!owners.length) return null;
  for (const o of owners) {
    if (o.kind !== 'pool') continue;
    const lease = await leaseAt(db, o.block_id, o.number, atMs);
    if (!lease) continue;
    const context = await visitContext(db, lease.session_id);
    if (!context) continue;
    const hit = await latestHitOfSessionAt(db, lease.session_id, timestamp(atMs));
    return {
      siteId: o.site_id,
      customerId: o.customer_id,
      blockId: o.block_id,
      forwardNumber: o.forward_numb,
      acId: context.ac_id,
      sessionId: lease.session_id,
      visitorId: lease.visitor_id,
      hitId: hit?.id ?? null,
      pageUrl: hit?.url ?? null,
      context,
      byNuma: false,
      visitor: null,
    };
  }
  // No lease: a static number's campaign, else the first pool's site without a campaign.
  const owner = owners.find((o) => o.kind === 'static') ?? owners[0]!;
  const acId = owner.kind === 'static' ? (owner.ac_id ?? -1) : -1;
  const base = {
    siteId: owner.site_id,
    customerId: owner.customer_id,
    blockId: owner.block_id,
    forwardNumber: owner.forward_numb,
    acId,
    sessionId: null,
    hitId: null,
    pageUrl: null,
    context: null,
  };
  const callerKey = numberKey(otherNumber);
  const person = callerKey ? await personOfContact(db, owner.site_id, 'phone', callerKey) : null;
  if (person == null) return { ...base, visitorId: null, byNuma: false, visitor: null };
  const last = await latestSessionOfVisitor(db, person);
  const c = last ? await visitContext(db, last.id) : null;
  return {
    ...base,
    visitorId: person,
    byNuma: true,
    visitor: c ? { first_ac: c.visitor_first_ac, visits_count: c.visits_count, type: c.visitor_type } : null,
  };
}

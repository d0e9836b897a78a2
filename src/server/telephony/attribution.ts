import { firstSiteOf, holderOf } from '../numbers/queries.js';
import { LEASE_SKEW_MS, leaseAt } from '../leases/queries.js';
import { numberOwners, type NumberOwner } from '../sites/number-owners.js';
import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import { latestHitOfSessionAt, latestSessionOfVisitor } from '../tracking/queries.js';
import { visitContext, type VisitContext } from '../visitors/visit-context.js';
import { personOfContact } from '../visitors/person-queries.js';
import { numberKey, numberVariants } from '../numbers/keys.js';

/**
 * Which visit and campaign a call belongs to (docs/calls.md, "Which campaign a call is credited to"). The
 * number called is its holder's (numbers/site-numbers.ts): only that customer's sites are asked,
 * whatever another customer's blocks show. Then:
 * 1. a DT pool number leased to a session at the call's setup time (give or take the clock
 *    difference LEASE_SKEW_MS): that session, its visitor and its campaign;
 * 2. a number that exactly one campaign shows, as a static number of a block without a pool, and
 *    nothing else shows: that campaign, no session;
 * 3. any other number of the customer (a default block's, the site's reserved number, a DT
 *    block's fallback number, a pool number nobody held then, one several campaigns show, a
 *    number no site shows): the site, `ac_id` -1. A block alone never names a campaign here.
 * A call no session explains, from a caller number a visitor already left (a call-back, a request,
 * contact data, an earlier call), is the visitor's: the record names that visitor (its person) and
 * says `is_visitor_by_numa`, but keeps no session: the number shown did not bring it.
 */

export interface Attribution {
  siteId: number;
  customerId: number;
  /** A block whose number was called (null: a reserved number or a number no site shows); its forwarding number, if any. */
  blockId: number | null;
  forwardNumber: string | null;
  acId: number;
  sessionId: number | null;
  visitorId: number | null;
  hitId: number | null;
  pageUrl: string | null;
  /** The session's visitor context, copied into the record (visitors/visit-context.ts). */
  context: VisitContext | null;
  /** The visitor was found by the caller's number. */
  byNuma: boolean;
  /** The visitor's first campaign and visits, for a visitor found by number. */
  visitor: { first_ac: number; visits_count: number; type: 'new' | 'returning' } | null;
  /** Why: stored with the call (`calls.attribution`) and shown as `call`'s `attribution`. */
  reason: AttributionReason;
}

/**
 * Why a call was credited as it was (docs/conversions.md, "Why a call was credited"):
 * - `lease`: a pool number leased to the session at the call's time; `lease_skew`: only within the
 *   clock-difference allowance (LEASE_SKEW_MS) of a lease;
 * - `static_block`: the number only one campaign shows;
 * - `shared_number`: a number several campaigns show: the site's;
 * - `pool_fallback`: a DT block's own number, shown when its pool was dry (and to bots);
 * - `reserved_number`: the site's reserved number, shown when a pool was dry;
 * - `pool_unleased`: a pool number nobody held at the call's time;
 * - `default_block`: a number the site shows to every visitor;
 * - `unshown_number`: a number of the customer no site shows.
 * `details.caller_known` says the visitor was found by the caller's number.
 */
export type AttributionCode =
  | 'lease'
  | 'lease_skew'
  | 'static_block'
  | 'shared_number'
  | 'pool_fallback'
  | 'reserved_number'
  | 'pool_unleased'
  | 'default_block'
  | 'unshown_number';

export interface AttributionReason {
  code: AttributionCode;
  details: Record<string, number | boolean | null | number[]>;
}

/** Where a number is shown, by the customer it is credited to: its holder's uses, else the first user's (site-numbers.ts). */
function usesOf(owners: readonly NumberOwner[], holder: number | null): NumberOwner[] {
  if (holder != null) return owners.filter((o) => o.customer_id === holder);
  const first = [...owners].sort((a, b) => (a.block_id ?? Infinity) - (b.block_id ?? Infinity))[0];
  return first ? owners.filter((o) => o.customer_id === first.customer_id) : [];
}

/** The one campaign that shows the number, when only it does (rule 2); else null. */
function soleCampaign(uses: readonly NumberOwner[]): number | null {
  const campaigns = new Set<number>();
  for (const u of uses) {
    // A default block, a reserved number, a DT block's fallback and a pool number without a lease serve the site.
    if (u.kind !== 'static' || u.ac_id == null || u.dt) return null;
    campaigns.add(u.ac_id);
  }
  return campaigns.size === 1 ? [...campaigns][0]! : null;
}

/**
 * The attribution of a call to `serviceNumber` from `otherNumber` at `atMs`; null when the service
 * number is no customer's (the boundary refuses such a call: it cannot say whose it is).
 */
export async function attribute(db: Queryable, serviceNumber: string, otherNumber: string, atMs: number): Promise<Attribution | null> {
  const key = numberKey(serviceNumber);
  if (!key) return null;
  const variants = numberVariants(key);
  const holder = await holderOf(db, variants);
  const uses = usesOf(await numberOwners(db, variants), holder);
  for (const o of uses) {
    if (o.kind !== 'pool') continue;
    // A lease at the call's own time first: a match only within the allowance says so.
    const exact = await leaseAt(db, o.block_id!, o.number, atMs);
    const lease = exact ?? (await leaseAt(db, o.block_id!, o.number, atMs, LEASE_SKEW_MS));
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
      reason: {
        code: exact ? 'lease' : 'lease_skew',
        details: { block_id: o.block_id, session_id: lease.session_id, skew_allowance_ms: exact ? 0 : LEASE_SKEW_MS },
      },
    };
  }
  const acId = soleCampaign(uses);
  // The campaign's block, else a site-wide use (a default block or the reserved number), else the first.
  const use = (acId != null ? uses.find((u) => u.ac_id === acId) : (uses.find((u) => u.ac_id == null) ?? uses[0])) ?? null;
  let siteId = use?.site_id ?? null;
  const customerId = use?.customer_id ?? holder;
  // A number its holder shows on no site (bought, not put on a block yet) is still the holder's call.
  if (siteId == null && customerId != null) siteId = await firstSiteOf(db, customerId);
  if (siteId == null || customerId == null) return null;
  const reason = reasonOf(uses, use, acId);
  const base = {
    siteId,
    customerId,
    blockId: use?.block_id ?? null,
    forwardNumber: use?.forward_numb ?? null,
    acId: acId ?? -1,
    sessionId: null,
    hitId: null,
    pageUrl: null,
    context: null,
  };
  const callerKey = numberKey(otherNumber);
  const person = callerKey ? await personOfContact(db, siteId, 'phone', callerKey) : null;
  if (person == null) return { ...base, visitorId: null, byNuma: false, visitor: null, reason };
  const last = await latestSessionOfVisitor(db, person);
  const c = last ? await visitContext(db, last.id) : null;
  return {
    ...base,
    visitorId: person,
    byNuma: true,
    visitor: c ? { first_ac: c.visitor_first_ac, visits_count: c.visits_count, type: c.visitor_type } : null,
    reason: { code: reason.code, details: { ...reason.details, caller_known: true, visitor_id: person } },
  };
}

/** Why a call no lease explains went where it went (rules 2 and 3 above). */
function reasonOf(uses: readonly NumberOwner[], use: NumberOwner | null, acId: number | null): AttributionReason {
  const block = use?.block_id ?? null;
  if (acId != null) return { code: 'static_block', details: { block_id: block, ac_id: acId } };
  if (!use) return { code: 'unshown_number', details: {} };
  const campaigns = [...new Set(uses.filter((u) => u.kind === 'static' && u.ac_id != null && !u.dt).map((u) => u.ac_id!))];
  if (campaigns.length > 1) return { code: 'shared_number', details: { campaign_ids: campaigns.sort((a, b) => a - b) } };
  if (uses.some((u) => u.kind === 'reserved')) return { code: 'reserved_number', details: { site_id: use.site_id } };
  const fallback = uses.find((u) => u.kind === 'static' && u.dt && u.ac_id != null);
  if (uses.every((u) => u.kind !== 'static' || u.ac_id != null) && fallback)
    return { code: 'pool_fallback', details: { block_id: fallback.block_id } };
  if (uses.some((u) => u.kind === 'static' && u.ac_id == null)) return { code: 'default_block', details: { block_id: block } };
  const pool = uses.find((u) => u.kind === 'pool');
  if (pool) return { code: 'pool_unleased', details: { block_id: pool.block_id } };
  return { code: 'default_block', details: { block_id: block } };
}

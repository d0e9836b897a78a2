import type { Queryable } from '../store/queryable.js';
import type { LeaseClient, LeasePolicy } from './lease-policy.js';
import { createLease, endLease, extendLease, freePoolNumber, liveLease, lockPool, type LeaseRequest } from './queries.js';

/**
 * Dynamic tracking: leases of pool numbers to sessions. A number is leased to one session at a
 * time; the lease lasts while the session lives and a few minutes more (`until_ms` = the last hit
 * + the session's idle limit + the site's lease minutes), so that a call made just after the visit
 * still finds its session. Leases are kept as rows after they end: they say which session had a
 * number when, which is what a call is matched by.
 *
 * Every function runs inside the batch transaction of the write route, and takes the block's pool
 * (lockPool) before it looks for a free number, so no other transaction, of this process or
 * another, runs between finding a free number and leasing it: no two sessions can take the same
 * number. On SQLite the transaction's write lock already does that.
 */

/** A number leased, with the lease's end; or why none was: the pool is dry, the client is a bot or holds its share (lease-policy.ts). */
export type LeaseOutcome = { number: string; until: number } | { refused: 'dry' | 'bot' | 'share' };

/**
 * The number of the block's pool leased to the session, leasing one if it has none: its own live
 * lease (extended, and made full: a second page view shows a person), else the visitor's live lease
 * from an earlier session (carried over, so a returning visitor sees the number of the last visit),
 * else, if the lease policy admits the client, the free number released longest ago, on a short
 * first lease. The owner's preview (`preview`) skips the policy: it gets the free number on a full
 * lease that no address or browser family counts against its share, so it never takes a real
 * visitor's place in the office's share.
 */
export async function leaseNumber(
  db: Queryable,
  r: LeaseRequest,
  policy: LeasePolicy,
  client: LeaseClient,
  preview = false,
): Promise<LeaseOutcome> {
  const own = await liveLease(db, 'session_id', r.sessionId, r.blockId, r.now);
  if (own) {
    await extendLease(db, own.id, r.until);
    return { number: own.number, until: r.until };
  }
  const earlier = await liveLease(db, 'visitor_id', r.visitorId, r.blockId, r.now);
  if (earlier) {
    // The earlier session has ended (a visitor has one current session): its lease ends now and
    // the new session's begins, so the history still names one session per moment.
    await endLease(db, earlier.id, r.now);
    await createLease(db, r, earlier.number, policy.carried(client));
    return { number: earlier.number, until: r.until };
  }
  if (preview) return leasePreview(db, r);
  if (policy.skips(client)) return { refused: 'bot' };
  await lockPool(db, r.blockId);
  // After the lock: the policy counts leases that no other transaction is adding to meanwhile.
  const verdict = await policy.admit(db, r.blockId, client, r.now);
  if ('refused' in verdict) return verdict;
  const free = await freePoolNumber(db, r.blockId, r.now);
  if (!free) return { refused: 'dry' };
  await createLease(db, r, free, verdict.lease);
  return { number: free, until: verdict.lease.firstUntil ?? r.until };
}

/** A free number for the owner's preview, on a full lease held by no address or browser family. */
async function leasePreview(db: Queryable, r: LeaseRequest): Promise<LeaseOutcome> {
  await lockPool(db, r.blockId);
  const free = await freePoolNumber(db, r.blockId, r.now);
  if (!free) return { refused: 'dry' };
  await createLease(db, r, free, null);
  return { number: free, until: r.until };
}

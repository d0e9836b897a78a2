import { isbot } from 'isbot';
import { addressGroup } from '../http/address-group.js';
import { poolSize } from '../sites/pool-numbers.js';
import { once } from '../store/batch-scope.js';
import type { Queryable } from '../store/queryable.js';
import { userAgentInfo } from '../http/user-agent.js';
import { confirmLeases, liveLeasesOfAddress, unconfirmedLeasesOfFamily, type LeaseHolder } from './queries.js';

/**
 * Who may take a number of a DT pool, and for how long (without it, five page views from
 * one script leased the whole demo pool for 45 minutes). A number is what a call is matched by, so
 * a pool held by a script sends real visitors' calls to the reserved number, unattributed.
 *
 * - Known bots (`isbot`: crawlers, HTTP libraries, headless browsers) never lease: they see the
 *   number a dry pool gives (the block's own, or the reserved one), and no overflow is counted.
 * - One client address (IPv4, or an IPv6 /64: http/address-group.ts) holds at most
 *   max(1, ⌊addressShare × pool⌋) live leases of a pool; one user-agent family (browser, major
 *   version, system) at most max(1, ⌊familyShare × pool⌋) live short first leases. Past a cap the
 *   visitor gets what a dry pool gives, and it is counted as an overflow.
 * - A new lease is short (`firstLeaseMs`) and becomes the full lease (the session's idle limit + the
 *   site's lease minutes after the last page view) when the visitor shows it is a person, by a signal
 *   the snippet already sends (no new bytes in its core): a second page view of the session (an SPA
 *   navigation counts), or any other write of the visitor (an event or goal, a property, a chat
 *   message, a call-back or offline request, a captcha).
 *
 * The counts are read from the lease rows in the transaction that leases, after the pool's lock
 * (queries.ts lockPool), so the caps hold across processes on PostgreSQL and against concurrent
 * first visits.
 */

export interface LeasePolicyOptions {
  /** Share of a pool one client address may hold at once. Default 0.2 (at least one number). */
  addressShare?: number;
  /** Share of a pool held on short first leases by one user-agent family. Default 0.4 (at least one number). */
  familyShare?: number;
  /** How long a first lease lasts until the visitor confirms it, ms. Default 3 minutes. */
  firstLeaseMs?: number;
  /** Give known bots no number. Default true. */
  skipBots?: boolean;
}

export const LEASE_POLICY_DEFAULTS: Required<LeasePolicyOptions> = {
  addressShare: 0.2,
  familyShare: 0.4,
  firstLeaseMs: 3 * 60_000,
  skipBots: true,
};

/** The client asking for a number: from the request's address and User-Agent. */
export interface LeaseClient {
  ip: string;
  userAgent: string;
}

/** What the policy says about a client that has no live lease of the pool. */
export type LeaseVerdict = { lease: LeaseHolder } | { refused: 'share' };

export interface LeasePolicy {
  /** A known bot: it takes no number (checked before the pool's lock, so a crawl does not queue on it). */
  skips(client: LeaseClient): boolean;
  /** Runs after the pool's lock, in the leasing transaction: may this client take a number now, and on what terms? */
  admit(db: Queryable, blockId: number, client: LeaseClient, now: number): Promise<LeaseVerdict>;
  /** The holder recorded with a lease carried over from the visitor's earlier session: full at once. */
  carried(client: LeaseClient): LeaseHolder;
  /** The visitor showed it is a person: its short first leases become full. */
  confirm(db: Queryable, visitorId: number, now: number): Promise<void>;
}

/** The family a User-Agent counts in: browser, major version, system; unparsed ones by their first 64 characters. */
export function agentFamily(userAgent: string): string {
  const ua = userAgentInfo(userAgent);
  if (!ua.browser_name && !ua.os_name) return userAgent.slice(0, 64);
  return `${ua.browser_name ?? '?'} ${(ua.browser_version ?? '').split('.')[0]} / ${ua.os_name ?? '?'}`;
}

/** A cap: a share of the pool, at least one number. */
const capOf = (share: number, size: number) => Math.max(1, Math.floor(share * size));

/** `onRefuse` hears each client refused a number (the server's metrics). */
export function createLeasePolicy(options: LeasePolicyOptions | false = {}, onRefuse = () => {}): LeasePolicy {
  if (options === false) {
    // No policy: every visitor leases at once, for the full time (what the server did before).
    return {
      skips: () => false,
      admit: async (_db, _block, client) => ({
        lease: { addressGroup: addressGroup(client.ip), agentFamily: agentFamily(client.userAgent), firstUntil: null },
      }),
      carried: (client) => ({ addressGroup: addressGroup(client.ip), agentFamily: agentFamily(client.userAgent), firstUntil: null }),
      confirm: async () => {},
    };
  }
  const o = { ...LEASE_POLICY_DEFAULTS, ...options };
  return {
    // A browser always sends a User-Agent: none at all is a script's.
    skips: (client) => o.skipBots && (!client.userAgent || isbot(client.userAgent)),
    async admit(db, blockId, client, now) {
      const holder: LeaseHolder = {
        addressGroup: addressGroup(client.ip),
        agentFamily: agentFamily(client.userAgent),
        firstUntil: now + o.firstLeaseMs,
      };
      const size = await poolSize(db, blockId);
      if (
        (await liveLeasesOfAddress(db, blockId, holder.addressGroup, now)) >= capOf(o.addressShare, size) ||
        (await unconfirmedLeasesOfFamily(db, blockId, holder.agentFamily, now)) >= capOf(o.familyShare, size)
      ) {
        // Counted once, though the batch may run again (store/batch-scope.ts).
        await once(db, `lease refused ${blockId}`, async () => onRefuse());
        return { refused: 'share' };
      }
      return { lease: holder };
    },
    carried: (client) => ({ addressGroup: addressGroup(client.ip), agentFamily: agentFamily(client.userAgent), firstUntil: null }),
    confirm: confirmLeases,
  };
}

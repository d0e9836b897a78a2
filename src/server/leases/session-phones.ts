import type { HitPhone } from '../../protocol.js';
import { siteDataCache } from '../sites/site-data-cache.js';
import { dtSettings, type DtSettings } from '../sites/sites.js';
import { sessionBlocks, type BlockRow } from '../sites/blocks.js';
import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import { leaseNumber } from './dt-pool.js';
import { numberForms } from './number-forms.js';
import type { LeaseClient, LeasePolicy } from './lease-policy.js';
import { firstDryOfWindow, recordOverflow, type LeaseRequest } from './queries.js';

/**
 * The numbers a session gets: the blocks of its campaign, and the site's default blocks for every
 * target the campaign does not name (a session without a campaign gets the defaults alone). A
 * static block gives its number; a DT block a number leased from its pool, or, when the pool is
 * dry, what the site's overflow setting says.
 */

export interface SessionRef {
  id: number;
  visitor_id: number;
  ac_id: number;
  /** The owner's preview: its numbers are leased past the lease policy (dt-pool.ts). */
  preview: boolean;
  /** What the session's `number_reason` held before this page view (null for a new session). */
  number_reason: string | null;
}

/** A session's numbers, how long the page may keep them (ms), and whether a pool gave one (or why not). */
export interface ChosenNumbers {
  phones: HitPhone[];
  ttl: number;
  leased: boolean;
  refused?: 'dry' | 'share' | 'bot' | undefined;
}

/** International digits: a Russian number written with the trunk 8 gets its country code 7. */
export function internationalDigits(digits: string): string {
  return /^8\d{10}$/.test(digits) ? '7' + digits.slice(1) : digits;
}

/** `+7 (495) 777-00-11` for Russian numbers, `+<digits>` for any other. */
export function formatNumber(digits: string): string {
  const m = /^[78](\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : '+' + digits;
}

export interface SessionPhones {
  /**
   * The session's numbers, and how long the page may keep them (ms): until the first of its leases
   * ends. Leases DT numbers under the lease policy: runs in the batch transaction.
   */
  of(db: Queryable, siteId: number, session: SessionRef, client: LeaseClient, now: number, sessionIdleMs: number): Promise<ChosenNumbers>;
}

/**
 * Hears a pool found dry, in the page view's transaction: at most once per block and DRY_WINDOW_MS
 * (queries.ts), so a burst of visits is one notice (mail/alert-facts.ts queues the users' alerts).
 */
export type PoolDryNotice = (db: Queryable, dry: { siteId: number; blockId: number; now: number }) => Promise<void>;

/**
 * Every page view answers with its session's numbers: a site's blocks per campaign and its DT
 * settings are read once and kept until site data changes. Leases are never cached.
 */
export function createSessionPhones(
  store: Pick<Store, 'onSiteDataChange'>,
  policy: LeasePolicy,
  onDry: PoolDryNotice = async () => {},
): SessionPhones {
  const blocksOf = siteDataCache<string, BlockRow[]>(store);
  const settingsOf = siteDataCache<number, DtSettings>(store);
  return {
    async of(db, siteId, session, client, now, sessionIdleMs) {
      const blocks = await blocksOf.get(`${siteId}:${session.ac_id}`, () => sessionBlocks(db, siteId, session.ac_id));
      const seen = new Set<string>();
      const phones: HitPhone[] = [];
      let dt: DtSettings | null = null;
      // The earliest end of the session's leases: the page keeps its numbers no longer.
      let leasedUntil = Infinity;
      let refused: ChosenNumbers['refused'];
      for (const b of blocks) {
        // Campaign blocks come first: a default block for the same target is left out.
        if (seen.has(b.selector)) continue;
        seen.add(b.selector);
        let raw = b.numb;
        let text = b.text;
        let isDt = false;
        if (b.is_dt_enabled) {
          dt ??= await settingsOf.get(siteId, () => dtSettings(db, siteId));
          const r: LeaseRequest = {
            siteId,
            blockId: b.id,
            sessionId: session.id,
            visitorId: session.visitor_id,
            now,
            until: now + sessionIdleMs + dt.lease_minutes * 60_000,
          };
          const n = await leaseNumber(db, r, policy, client, session.preview);
          if ('number' in n) {
            raw = n.number;
            text = null;
            isDt = true;
            leasedUntil = Math.min(leasedUntil, n.until);
          } else {
            let fallback: 'static' | 'reserved' | 'none' = 'static';
            if (dt.overflow === 'reserved' || !raw) {
              raw = dt.reserved_number;
              text = null;
              fallback = raw ? 'reserved' : 'none';
            }
            refused ??= n.refused;
            // A bot is no visitor the pool was short of; a client past its share is counted.
            const counted = n.refused !== 'bot' && (await recordOverflow(db, r, fallback, n.refused));
            if (counted && n.refused === 'dry' && (await firstDryOfWindow(db, b.id, now))) await onDry(db, { siteId, blockId: b.id, now });
          }
        }
        if (!raw) continue;
        // raw is sent in international form: the snippet writes it as the page wrote the old number,
        // form for form (`forms`).
        const international = internationalDigits(raw);
        const forms = numberForms(b.selector, international);
        phones.push({
          id: b.selector,
          img: b.image,
          text: text ?? formatNumber(raw),
          raw: international,
          dt: isDt,
          ...(forms && { forms }),
        });
      }
      const leased = leasedUntil !== Infinity;
      return { phones, ttl: leased ? leasedUntil - now : sessionIdleMs, leased, refused };
    },
  };
}

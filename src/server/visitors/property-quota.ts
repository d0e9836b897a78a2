import { addressGroup } from '../http/address-group.js';
import type { WindowCounters } from '../store/window-counters.js';

/**
 * How much a page may store as visitor properties. Batches of properties from fresh visitors grew
 * the database by ~160 KB a request, about 11 GB an hour from one address at the allowed rate.
 * Sizes are in characters of name and value together:
 * - per visitor: at most 50 properties and 16,384 characters (a property's own limits: name 255,
 *   value 4,096);
 * - per client address (IPv6: /64) and hour: 2,000,000 characters of new values, enough for
 *   hundreds of real visitors behind one office address, not for a flood of fresh visitors;
 * - per site and hour: 200,000,000 characters, a ceiling for a distributed flood.
 * A write past a quota is refused alone with `code: "quota"`; the page's other writes go on. The
 * hourly counters are window counters (store/window-counters.ts): in memory on SQLite, shared by
 * every process on PostgreSQL.
 */
export interface PropertyQuotaOptions {
  perVisitor?: number;
  charsPerVisitor?: number;
  charsPerAddressHour?: number;
  charsPerSiteHour?: number;
}

export const PROPERTY_QUOTA_DEFAULTS: Required<PropertyQuotaOptions> = {
  perVisitor: 50,
  charsPerVisitor: 16_384,
  charsPerAddressHour: 2_000_000,
  charsPerSiteHour: 200_000_000,
};

const HOUR = 3_600_000;

export interface PropertyQuota {
  readonly limits: Required<PropertyQuotaOptions>;
  /** Whether `chars` more from this address to this site fit this hour; counts them when they do. */
  admit(siteId: number, ip: string, chars: number, now: number): Promise<boolean>;
}

export function createPropertyQuota(counters: WindowCounters, opts: PropertyQuotaOptions = {}): PropertyQuota {
  const limits = { ...PROPERTY_QUOTA_DEFAULTS, ...opts };
  return {
    limits,
    async admit(siteId, ip, chars, now) {
      // Windows of the clock's hours, so that every process counts into the same one.
      const hour = Math.floor(now / HOUR);
      const until = (hour + 1) * HOUR;
      const addressKey = `property a ${hour} ${addressGroup(ip)}`;
      const siteKey = `property s ${hour} ${siteId}`;
      const address = (await counters.add(addressKey, chars, until - now, now))!;
      const site = (await counters.add(siteKey, chars, until - now, now))!;
      if (address.n <= limits.charsPerAddressHour && site.n <= limits.charsPerSiteHour) return true;
      // Refused: what it would have stored is given back.
      await counters.add(addressKey, -chars, until - now, now);
      await counters.add(siteKey, -chars, until - now, now);
      return false;
    },
  };
}

import { addressGroup } from '../http/address-group.js';

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
 * hourly counters live in memory (a restart forgets them).
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
const MAX_ADDRESSES = 100_000;

export interface PropertyQuota {
  readonly limits: Required<PropertyQuotaOptions>;
  /** Whether `chars` more from this address to this site fit this hour; counts them when they do. */
  admit(siteId: number, ip: string, chars: number, now: number): boolean;
}

export function createPropertyQuota(opts: PropertyQuotaOptions = {}): PropertyQuota {
  const limits = { ...PROPERTY_QUOTA_DEFAULTS, ...opts };
  let hour = 0;
  const bySite = new Map<number, number>();
  const byAddress = new Map<string, number>();
  return {
    limits,
    admit(siteId, ip, chars, now) {
      const h = Math.floor(now / HOUR);
      if (h !== hour) {
        hour = h;
        bySite.clear();
        byAddress.clear();
      }
      const address = addressGroup(ip);
      const a = (byAddress.get(address) ?? 0) + chars;
      const s = (bySite.get(siteId) ?? 0) + chars;
      if (a > limits.charsPerAddressHour || s > limits.charsPerSiteHour) return false;
      if (!byAddress.has(address) && byAddress.size >= MAX_ADDRESSES) byAddress.delete(byAddress.keys().next().value!);
      byAddress.set(address, a);
      bySite.set(siteId, s);
      return true;
    },
  };
}

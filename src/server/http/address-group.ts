import { normalizeIP } from '@fastify/rate-limit';

/**
 * The unit an address-based limit counts: an IPv4 address, or the /64 network of an IPv6 address
 * (one household or office gets a whole /64, and can change the low bits at will). IPv4-mapped
 * IPv6 addresses count as their IPv4 address.
 */
export function addressGroup(ip: string): string {
  return normalizeIP(ip, 64);
}

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a webhook may be sent (docs/webhooks.md, "Safety"). Only `https` URLs, unless the server
 * allows `http` (the demo and tests); never to a loopback, private, link-local, shared, reserved or
 * multicast address, which covers the clouds' metadata addresses (169.254.169.254, fd00:ec2::254),
 * unless the server allows loopback (tests). The check runs on the addresses DNS gives at the
 * moment of connecting, inside the connection's own lookup, so the socket goes to the address that
 * was checked and a rebinding DNS answer cannot swap it afterwards; redirects are not followed.
 */

export interface TargetRules {
  /** `http:` URLs too (SVC_WEBHOOK_ALLOW_HTTP). Default false. */
  allowHttp?: boolean | undefined;
  /** Loopback addresses (127.0.0.0/8, ::1): tests and a receiver on the same machine. Default false. */
  allowLoopback?: boolean | undefined;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  // Local-use NAT64 (RFC 8215): a translator inside the operator's own network.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Why an address may not be reached; null when it may. */
export function refusedAddress(address: string, rules: TargetRules): string | null {
  let family = isIP(address);
  if (family === 0) return `not an address: ${address}`;
  let a = address;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1, or ::ffff:a00:1 as URLs write it) is judged as the IPv4 address it is.
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(a);
  if (dotted || hex) {
    a = dotted ? dotted[1]! : [hex![1]!, hex![2]!].flatMap((h) => [parseInt(h, 16) >> 8, parseInt(h, 16) & 255]).join('.');
    family = 4;
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(a, type)) return rules.allowLoopback ? null : `loopback address ${address}`;
  if (blocked.check(a, type)) return `private or reserved address ${address}`;
  return null;
}

/** Why a URL may not be a webhook's; null when it may (before DNS: the address is judged again on each delivery). */
export function refusedUrl(url: string, rules: TargetRules): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'enter a full address starting with https://';
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && rules.allowHttp)) return rules.allowHttp ? 'http or https only' : 'https only';
  if (u.username || u.password) return 'no user or password in the URL';
  // A name's trailing dot (`localhost.`) is the same name, fully qualified.
  const host = u.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (isIP(host)) return refusedAddress(host, rules);
  if (host === 'localhost' || host.endsWith('.localhost')) return rules.allowLoopback ? null : 'loopback host';
  return null;
}

/** A refusal of the target: the delivery fails without a connection. */
export class TargetRefused extends Error {
  code = 'ETARGETREFUSED';
}

/** The connection's lookup: DNS, then every address it gives judged; one refused address refuses the host. */
export function guardedLookup(rules: TargetRules): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const why = addresses.map((x) => refusedAddress(x.address, rules)).find((r) => r !== null);
      if (why || addresses.length === 0) return callback(new TargetRefused(why ?? `${hostname} has no address`), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

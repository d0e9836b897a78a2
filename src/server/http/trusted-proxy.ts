import proxyAddr from '@fastify/proxy-addr';

/**
 * Which peers may tell the server a client's address (`X-Forwarded-For`, `-Proto`, `-Host`) and
 * geography (`X-Svc-Country`, `-Region`, `-City`). Every per-address guard (sign-in locks,
 * first-visit limits, DT lease shares) counts by the address this yields, so only what the
 * operator names is trusted:
 * - a number N: the N nearest hops are proxies (the peer and N-1 entries of `X-Forwarded-For`,
 *   read from its right end); only for a server that no client can reach but through them;
 * - addresses or CIDRs: a hop is a proxy when its address is listed (also `loopback`,
 *   `linklocal`, `uniquelocal`).
 * The client's address is the first hop, from the right, that is not a proxy: an entry a client
 * wrote into `X-Forwarded-For` itself sits left of what its proxy appended and is never reached.
 */
export type TrustedProxies = false | number | string[];

/** Fastify's `trustProxy` form: whether hop `hop` (0: the socket's peer), at `address`, is a proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * Reads SVC_TRUST_PROXY: unset, empty, `0`, `false` or `off` trust nobody; a whole number is a hop
 * count (`1`: one proxy in front); otherwise a comma-separated list of addresses and CIDRs. `true`
 * once trusted every hop, which let any client pick its address: it is refused with a message.
 */
export function readTrustedProxies(value: string | undefined, name = 'SVC_TRUST_PROXY'): TrustedProxies {
  const v = (value ?? '').trim();
  if (v === '' || /^(0|false|off|no)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (/^(true|on|yes)$/i.test(v)) {
    throw new Error(
      `${name}=${v} is not accepted: trusting every hop lets a client choose its address. ` +
        `Set the number of proxies in front of the server (1 behind one nginx) or their addresses (e.g. 127.0.0.1)`,
    );
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch (e) {
    throw new Error(`${name} must be a hop count or addresses/CIDRs: ${(e as Error).message}`, { cause: e });
  }
  return list;
}

/**
 * The trust function for Fastify and for the geography headers, or false. `true` (every hop) is
 * for tests that call the server in-process; no setting read from the environment yields it.
 */
export function proxyTrust(setting: TrustedProxies | true | undefined): ProxyTrust | false {
  if (setting === undefined || setting === false || setting === 0) return false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

#!/usr/bin/env node
/**
 * Starts the consultant server from the command line. Settings come from the environment:
 *   SVC_PORT (default 3100), SVC_HOST (127.0.0.1), SVC_DB (data/svc.db), SVC_SITE_CONFIG
 *   (unset: none; seeds a database without customers; a different file on a later start is
 *   reported on stderr and not applied, see `npm run import-config`), SVC_PUBLIC_URL
 *   (derived from requests), SVC_BUNDLE_DIR (dist), SVC_TRUST_PROXY (unset: no proxy; a hop count, or
 *   proxy addresses/CIDRs: http/trusted-proxy.ts), SVC_LOG (unset: quiet),
 *   SVC_STREAMS_PER_ADDRESS (32), SVC_STREAMS_TOTAL (800),
 *   SVC_API_SEED (unset: none; REST API users, agents, tariff plans, tags; applied with the site
 *   configuration's seed of an empty database only), SVC_TELEPHONY_SEED
 *   (demo-site/telephony-seed.json: number capacity, tariffs, media files, SIP lines, scenarios;
 *   applied the same way).
 * Rate limits of the write endpoints (http/rate-limits.ts): SVC_RATE_WINDOW_MS (60000),
 *   SVC_RATE_IP (1200 per window per IP and endpoint), SVC_RATE_VISITOR (240 per window per visitor
 *   and endpoint), SVC_RATE_HEAVY_WRITES (1200 writes of batches longer than 8 per IP and clock
 *   minute: writes/heavy-batches.ts), SVC_RATE_FIRST_VISITS (10 page views naming no known visitor
 *   per site, IP and 10-second clock window: tracking/first-visits.ts); 0 turns a limit off.
 *   SVC_REFUSAL_HOLD_MS (1000): every 429 is held this long before it is sent, at most 256 at once
 *   (http/refusal-hold.ts); 0 answers at once.
 * Lease policy of DT pools (phones/lease-policy.ts): SVC_DT_ADDRESS_SHARE (20: percent of a pool
 *   one address may hold), SVC_DT_FAMILY_SHARE (40: percent held on first leases by one user-agent
 *   family), SVC_DT_FIRST_LEASE_S (180: a first lease until the visitor shows it is a person),
 *   SVC_DT_LEASE_POLICY=off (no policy: every visitor, bots too, leases at once in full).
 * Telephony boundary (telephony/): SVC_TELEPHONY_SECRET (unset: `POST /telephony/events` answers
 *   503), SVC_LOST_CALL_S (3600: a call never seen ended is closed as lost after it).
 * On PostgreSQL: SVC_PG_LANES (4: write transactions in flight at once, writes/group-commit.ts;
 *   1 to 8, each holds one of the process's 10 connections).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_ACCOUNT_HINT, hasNoLogins } from './accounts/no-logins.js';
import { createServer } from './app.js';
import { WRITE_LIMIT_DEFAULTS } from './http/rate-limits.js';
import { REFUSAL_HOLD_DEFAULTS } from './http/refusal-hold.js';
import { readTrustedProxies } from './http/trusted-proxy.js';
import { STREAM_LIMIT_DEFAULTS } from './http/sse.js';
import { LEASE_POLICY_DEFAULTS } from './leases/lease-policy.js';
import { POSTGRES_LANES } from './ingest/route.js';
import { LOST_AFTER_MS } from './telephony/lost-sweep.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const env = process.env;

/** A whole number from the environment, or the default when unset. */
function count(name: string, dflt: number): number {
  const v = env[name];
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${v}"`);
  return n;
}

try {
  const server = await createServer({
    dbPath: env.SVC_DB ?? join(root, 'data/svc.db'),
    // No demo file by default: its logins have published passwords (`npm start` names them itself).
    siteConfig: env.SVC_SITE_CONFIG || undefined,
    apiSeed: env.SVC_API_SEED || undefined,
    telephonySeed: env.SVC_TELEPHONY_SEED ?? join(root, 'demo-site/telephony-seed.json'),
    bundleDir: env.SVC_BUNDLE_DIR ?? join(root, 'dist'),
    publicUrl: env.SVC_PUBLIC_URL,
    trustProxy: readTrustedProxies(env.SVC_TRUST_PROXY),
    logger: !!env.SVC_LOG,
    streamLimits: {
      perAddress: count('SVC_STREAMS_PER_ADDRESS', STREAM_LIMIT_DEFAULTS.perAddress),
      total: count('SVC_STREAMS_TOTAL', STREAM_LIMIT_DEFAULTS.total),
    },
    leasePolicy:
      env.SVC_DT_LEASE_POLICY === 'off'
        ? false
        : {
            addressShare: count('SVC_DT_ADDRESS_SHARE', LEASE_POLICY_DEFAULTS.addressShare * 100) / 100,
            familyShare: count('SVC_DT_FAMILY_SHARE', LEASE_POLICY_DEFAULTS.familyShare * 100) / 100,
            firstLeaseMs: count('SVC_DT_FIRST_LEASE_S', LEASE_POLICY_DEFAULTS.firstLeaseMs / 1000) * 1000,
          },
    postgresLanes: count('SVC_PG_LANES', POSTGRES_LANES),
    telephony: { secret: env.SVC_TELEPHONY_SECRET || undefined, lostAfterMs: count('SVC_LOST_CALL_S', LOST_AFTER_MS / 1000) * 1000 },
    refusalHold: { ms: count('SVC_REFUSAL_HOLD_MS', REFUSAL_HOLD_DEFAULTS.ms) },
    rateLimits: {
      windowMs: count('SVC_RATE_WINDOW_MS', WRITE_LIMIT_DEFAULTS.windowMs),
      ip: count('SVC_RATE_IP', WRITE_LIMIT_DEFAULTS.ip),
      visitor: count('SVC_RATE_VISITOR', WRITE_LIMIT_DEFAULTS.visitor),
      heavyWrites: count('SVC_RATE_HEAVY_WRITES', WRITE_LIMIT_DEFAULTS.heavyWrites),
      firstVisits: count('SVC_RATE_FIRST_VISITS', WRITE_LIMIT_DEFAULTS.firstVisits),
    },
  });
  const url = await server.listen(Number(env.SVC_PORT ?? 3100), env.SVC_HOST ?? '127.0.0.1');
  console.log(`consultant server: ${url}`);
  console.log(`REST API:          ${url}api/v1/ (reference: ${url}api/docs)`);
  if (await hasNoLogins(server.store.db)) console.log(FIRST_ACCOUNT_HINT);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(`consultant server failed to start: ${(e as Error).message}`);
  process.exit(1);
}

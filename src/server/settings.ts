/**
 * The server's settings: every one an `SVC_*` environment variable, read here for every entry point
 * (`node dist/node/server/main.js`, `npm run serve`, the demo's `npm start`). `.env.example` lists
 * each with its default. A `.env` file in the working directory is read too; a variable set in the
 * environment wins over the file. A bad value stops the start with a message naming the variable.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import type { ServerOptions } from './app.js';
import { WRITE_LIMIT_DEFAULTS } from './http/rate-limits.js';
import { REFUSAL_HOLD_DEFAULTS } from './http/refusal-hold.js';
import { LOG_LEVELS, type LogLevel } from './http/request-log.js';
import { STREAM_LIMIT_DEFAULTS } from './http/sse.js';
import { readTrustedProxies } from './http/trusted-proxy.js';
import { LEASE_POLICY_DEFAULTS } from './leases/lease-policy.js';
import { LOST_AFTER_MS } from './telephony/lost-sweep.js';
import { POSTGRES_LANES } from './ingest/route.js';
import { parseSecretKey } from './store/secret-box.js';
import type { MailOptions } from './mail/mailer.js';

export type Env = Record<string, string | undefined>;

export interface Settings {
  /** SVC_PORT, default 3100. */
  port: number;
  /** SVC_HOST, default 127.0.0.1 (0.0.0.0 in the container). */
  host: string;
  /** What createServer is given. */
  server: ServerOptions;
}

/** A setting that cannot be used: the message names the variable and what it accepts. */
export class SettingsError extends Error {}

/**
 * The environment with `.env` (from `dir`) under it: the file fills only the variables the
 * environment leaves unset. No file, no change.
 */
export function withEnvFile(env: Env = process.env, dir: string = process.cwd()): Env {
  const path = join(dir, '.env');
  if (!existsSync(path)) return { ...env };
  let file: Env;
  try {
    file = parseEnv(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new SettingsError(`${path} could not be read: ${(e as Error).message}`);
  }
  return { ...file, ...env };
}

/**
 * Reads the settings from `env` into createServer's options. `root` is the project folder, where
 * the defaults of the database file (data/svc.db) and the bundles (dist/) lie.
 */
export function readSettings(env: Env, root: string): Settings {
  const read = envReader(env);
  const publicUrl = read.str('SVC_PUBLIC_URL');
  if (publicUrl !== undefined && !isBaseUrl(publicUrl)) {
    throw new SettingsError(
      `SVC_PUBLIC_URL must be an http(s) URL ending with a slash, e.g. https://calls.example.com/, got "${publicUrl}"`,
    );
  }
  let trustProxy;
  try {
    trustProxy = readTrustedProxies(env.SVC_TRUST_PROXY);
  } catch (e) {
    throw new SettingsError((e as Error).message);
  }
  const leasePolicyOff = read.str('SVC_DT_LEASE_POLICY') === 'off';
  if (!leasePolicyOff && read.str('SVC_DT_LEASE_POLICY') !== undefined) {
    throw new SettingsError(`SVC_DT_LEASE_POLICY accepts only "off" (or unset), got "${env.SVC_DT_LEASE_POLICY}"`);
  }
  const port = read.count('SVC_PORT', 3100, 65535);
  return {
    port,
    host: read.str('SVC_HOST') ?? '127.0.0.1',
    server: {
      dbPath: read.str('SVC_DB') ?? join(root, 'data/svc.db'),
      // No demo file by default: its logins have published passwords (`npm start` names them itself).
      siteConfig: path(read.str('SVC_SITE_CONFIG')),
      apiSeed: path(read.str('SVC_API_SEED')),
      // Only the demo passes one: the demo's seed adds media files, SIP lines and a scenario.
      telephonySeed: path(read.str('SVC_TELEPHONY_SEED')),
      bundleDir: path(read.str('SVC_BUNDLE_DIR')) ?? join(root, 'dist'),
      publicUrl,
      trustProxy,
      logger: logLevel(env),
      carriers: {
        secretKey: secretKey(read.str('SVC_SECRET_KEY')),
        // For tests and benches: a stand-in carrier on this machine (carriers/service.ts).
        ...carrierApiBases(read.str('SVC_CARRIER_API_BASES')),
        allowPrivateUrl: read.flag('SVC_CARRIER_ALLOW_PRIVATE_URL', false),
      },
      ...limits(read, leasePolicyOff),
      ...mail(read),
    },
  };
}

/** The variables of `env` as text, whole numbers and switches; a bad value throws a SettingsError naming it. */
function envReader(env: Env) {
  const str = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  return {
    str,
    /** A whole number, or the default when unset. */
    count(name: string, dflt: number, max = Number.MAX_SAFE_INTEGER): number {
      const v = str(name);
      if (v === undefined) return dflt;
      const n = Number(v);
      if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n > max) {
        throw new SettingsError(
          `${name} must be a whole number${max < Number.MAX_SAFE_INTEGER ? ` from 0 to ${max}` : ''}, got "${env[name]}"`,
        );
      }
      return n;
    },
    /** On or off (`1`/`true`/`on`, `0`/`false`/`off`), or the default when unset. */
    flag(name: string, dflt: boolean): boolean {
      const v = str(name)?.toLowerCase();
      if (v === undefined) return dflt;
      if (['1', 'true', 'on'].includes(v)) return true;
      if (['0', 'false', 'off'].includes(v)) return false;
      throw new SettingsError(`${name} must be on or off (1, true, on / 0, false, off), got "${env[name]}"`);
    },
  };
}

/** The limits, policies and listeners of createServer's options, in the order they are read. */
function limits(read: ReturnType<typeof envReader>, leasePolicyOff: boolean) {
  const { str, count, flag } = read;
  return {
    streamLimits: {
      perAddress: count('SVC_STREAMS_PER_ADDRESS', STREAM_LIMIT_DEFAULTS.perAddress),
      total: count('SVC_STREAMS_TOTAL', STREAM_LIMIT_DEFAULTS.total),
    },
    leasePolicy: leasePolicyOff
      ? (false as const)
      : {
          addressShare: count('SVC_DT_ADDRESS_SHARE', LEASE_POLICY_DEFAULTS.addressShare * 100, 100) / 100,
          familyShare: count('SVC_DT_FAMILY_SHARE', LEASE_POLICY_DEFAULTS.familyShare * 100, 100) / 100,
          firstLeaseMs: count('SVC_DT_FIRST_LEASE_S', LEASE_POLICY_DEFAULTS.firstLeaseMs / 1000) * 1000,
        },
    postgresLanes: count('SVC_PG_LANES', POSTGRES_LANES),
    telephony: { secret: str('SVC_TELEPHONY_SECRET'), lostAfterMs: count('SVC_LOST_CALL_S', LOST_AFTER_MS / 1000) * 1000 },
    refusalHold: { ms: count('SVC_REFUSAL_HOLD_MS', REFUSAL_HOLD_DEFAULTS.ms) },
    // Webhooks go to https and public addresses only unless these say otherwise (webhooks/target-guard.ts).
    webhooks: { allowHttp: flag('SVC_WEBHOOK_ALLOW_HTTP', false), allowLoopback: flag('SVC_WEBHOOK_ALLOW_LOOPBACK', false) },
    // Unset: traffic is kept forever (ops/retention.ts).
    ...(str('SVC_RETENTION_DAYS') ? { retentionDays: count('SVC_RETENTION_DAYS', 0) } : {}),
    // Unset: no metrics listener; never on the public port (ops/metrics-listener.ts).
    ...(str('SVC_METRICS_PORT')
      ? {
          metricsListener: {
            port: count('SVC_METRICS_PORT', 0, 65535),
            host: str('SVC_METRICS_HOST') ?? '127.0.0.1',
            ...(str('SVC_METRICS_TOKEN') ? { token: str('SVC_METRICS_TOKEN')! } : {}),
          },
        }
      : {}),
    rateLimits: {
      windowMs: count('SVC_RATE_WINDOW_MS', WRITE_LIMIT_DEFAULTS.windowMs),
      ip: count('SVC_RATE_IP', WRITE_LIMIT_DEFAULTS.ip),
      visitor: count('SVC_RATE_VISITOR', WRITE_LIMIT_DEFAULTS.visitor),
      heavyWrites: count('SVC_RATE_HEAVY_WRITES', WRITE_LIMIT_DEFAULTS.heavyWrites),
      firstVisits: count('SVC_RATE_FIRST_VISITS', WRITE_LIMIT_DEFAULTS.firstVisits),
    },
  } satisfies Partial<ServerOptions>;
}

/**
 * Outgoing mail (mail/mailer.ts, docs/notifications.md): SVC_SMTP_URL (`smtp://user:password@host:587`,
 * `smtps://…:465`), or SVC_SMTP_HOST with SVC_SMTP_PORT, SVC_SMTP_TLS, SVC_SMTP_USER and
 * SVC_SMTP_PASSWORD; SVC_MAIL_FROM the sender. Unset: mail is off and goes to the log.
 */
function mail(read: ReturnType<typeof envReader>): { mail?: MailOptions } {
  const { str, count, flag } = read;
  const url = str('SVC_SMTP_URL');
  if (url !== undefined && !/^smtps?:\/\/[^/\s]+/.test(url))
    throw new SettingsError('SVC_SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587');
  const from = str('SVC_MAIL_FROM');
  if (from !== undefined && !/^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(from))
    throw new SettingsError(
      `SVC_MAIL_FROM must be an e-mail address, e.g. calls@example.com or "Calls <calls@example.com>", got "${from}"`,
    );
  const host = str('SVC_SMTP_HOST');
  if (url === undefined && host === undefined) return from === undefined ? {} : { mail: { from } };
  return {
    mail: {
      ...(url !== undefined ? { url } : { host }),
      ...(str('SVC_SMTP_PORT') ? { port: count('SVC_SMTP_PORT', 587, 65535) } : {}),
      ...(str('SVC_SMTP_TLS') ? { tls: flag('SVC_SMTP_TLS', false) } : {}),
      ...(str('SVC_SMTP_USER') ? { user: str('SVC_SMTP_USER'), password: str('SVC_SMTP_PASSWORD') ?? '' } : {}),
      ...(from !== undefined ? { from } : {}),
    },
  };
}

/** SVC_SECRET_KEY: 32 bytes, base64 or hex; it seals the carriers' credentials (store/secret-box.ts). Unset: none. */
function secretKey(v: string | undefined): Buffer | undefined {
  if (v === undefined) return undefined;
  const key = parseSecretKey(v);
  if (!key)
    throw new SettingsError(
      'SVC_SECRET_KEY must be 32 bytes in base64 (44 characters) or hex (64 characters), e.g. the output of: openssl rand -base64 32',
    );
  return key;
}

/**
 * SVC_CARRIER_API_BASES, for tests and benches: `kind=url` pairs, comma-separated
 * (`twilio=http://127.0.0.1:4200/`), each carrier's API at a stand-in instead of the real one.
 */
function carrierApiBases(v: string | undefined): { apiBases?: Record<string, string> } {
  if (v === undefined) return {};
  const bases: Record<string, string> = {};
  for (const pair of v.split(',')) {
    const m = /^\s*([a-z][a-z0-9_-]*)=(\S+)\s*$/.exec(pair);
    if (!m || !isBaseUrl(m[2]!.endsWith('/') ? m[2]! : m[2]! + '/'))
      throw new SettingsError(
        `SVC_CARRIER_API_BASES must be kind=url pairs separated by commas, e.g. twilio=http://127.0.0.1:4200/, got "${v}"`,
      );
    bases[m[1]!] = m[2]!;
  }
  return { apiBases: bases };
}

/** A file setting, absolute from the working directory. */
function path(v: string | undefined): string | undefined {
  return v === undefined ? undefined : resolve(v);
}

/**
 * SVC_LOG_LEVEL: `info` by default (one line per request, and errors), `warn`, `error` or
 * `silent`. SVC_LOG, the older on-switch, is no longer needed: `info` is the default.
 */
function logLevel(env: Env): { level: LogLevel } {
  const v = env.SVC_LOG_LEVEL?.trim().toLowerCase();
  if (v === undefined || v === '') return { level: 'info' };
  if (!(LOG_LEVELS as readonly string[]).includes(v)) {
    throw new SettingsError(`SVC_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.SVC_LOG_LEVEL}"`);
  }
  return { level: v as LogLevel };
}

/** An http(s) URL with a host, ending with a slash: what svc.js and the API's answers are built on. */
function isBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '' && value.endsWith('/') && !url.search && !url.hash;
  } catch {
    return false;
  }
}

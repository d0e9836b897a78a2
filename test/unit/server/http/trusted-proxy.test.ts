import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import { hashPassword } from '../../../../src/server/identity/password.js';
import { proxyTrust, readTrustedProxies } from '../../../../src/server/http/trusted-proxy.js';
import { dropDatabase, freshDbPath, rowsOf, testPostgresUrl } from '../../../support/test-database.js';
import { adsDtSite, hitWrite } from '../helpers.js';
import { serverEntry } from '../../../support/server-entry.js';

/**
 * SVC_TRUST_PROXY through real processes: the server as `main.ts` starts it, and a reverse proxy
 * (test/support/forwarding-proxy.mjs) in front of it. Every client here is this test, at 127.0.0.1;
 * whatever it writes into X-Forwarded-For, the guards that count per address see one address.
 */

const ROOT = join(import.meta.dirname, '../../../..');
const PROXY = join(ROOT, 'test/support/forwarding-proxy.mjs');
const MAIN = serverEntry('src/server/main.ts');

const POOL = Array.from({ length: 10 }, (_, i) => `749900000${String(i).padStart(2, '0')}`);
/** adsDtSite's reserved number, shown once the pool is all leased. */
const RESERVED = '74950000000';
const siteConfig = adsDtSite(POOL, [{ id: 2, domain: 'localhost', site_key: 'site-b', widget_key: 'wk-b', blocks: [], campaigns: [] }]);

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
];
const FIRST_VISITS = 6;

/** A child process that prints its URL on a line of stdout matching `pattern`. */
async function started(child: ChildProcess, pattern: RegExp): Promise<string> {
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`exited with ${code} before it listened`);
  });
  const url = new Promise<string>((resolve) => {
    lines.on('line', (line) => {
      const m = pattern.exec(line);
      if (m) resolve(m[1]!);
    });
  });
  return Promise.race([url, exited]);
}

interface Stack {
  server: string;
  proxy: string;
  rows: (sql: string, ...args: unknown[]) => Record<string, unknown>[];
  stop(): Promise<void>;
}

/** The server started by main.ts with `trust` as SVC_TRUST_PROXY, and a proxy in front of it. */
async function stack(trust: string, proxy: { mode: 'append' | 'set'; from?: string }): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-proxy-'));
  const dbPath = freshDbPath(join(dir, 'svc.db'));
  writeFileSync(join(dir, 'site-config.json'), JSON.stringify(siteConfig));
  const seed = {
    tariff_plans: [{ id: 1, name: 'Start', daily_fee_kopecks: 3300 }],
    agents: [{ id: 1, name: 'Agency' }],
    customers: [{ id: 1, agent_id: 1, tp_id: 1 }],
    users: [{ login: 'demo', password_hash: await hashPassword('demo-password', 1024), customer_id: 1 }],
  };
  writeFileSync(join(dir, 'api-seed.json'), JSON.stringify(seed));
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
    dropDatabase(dbPath);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const svc = spawn(process.execPath, MAIN, {
      env: {
        ...process.env,
        SVC_PORT: '0',
        SVC_DB: dbPath,
        SVC_SITE_CONFIG: join(dir, 'site-config.json'),
        SVC_API_SEED: join(dir, 'api-seed.json'),
        SVC_TELEPHONY_SEED: join(ROOT, 'demo-site/telephony-seed.json'),
        SVC_BUNDLE_DIR: join(ROOT, 'dist'),
        SVC_TRUST_PROXY: trust,
        SVC_REFUSAL_HOLD_MS: '0',
        SVC_RATE_FIRST_VISITS: String(FIRST_VISITS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(svc);
    const server = await started(svc, /^consultant server: (\S+)/);
    const px = spawn(process.execPath, [PROXY, server, proxy.mode, ...(proxy.from ? [proxy.from] : [])], {
      env: { ...process.env, PROXY_CITY: 'Kazan' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(px);
    const url = await started(px, /^(http:\S+)/);
    const handle = rowsOf(dbPath) ?? new Database(dbPath, { readonly: true });
    return {
      server,
      proxy: url,
      rows: (sql, ...args) => handle.prepare(sql).all(...args) as Record<string, unknown>[],
      async stop() {
        (handle as { close(): void }).close();
        await stop();
      },
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

const login = (base: string, password: string, headers: Record<string, string>) =>
  fetch(base + 'api/login/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ login: 'demo', password }),
  });

async function pageView(base: string, siteKey: string, headers: Record<string, string>, url = 'http://localhost/?utm_source=ads') {
  const res = await fetch(`${base}w/${siteKey}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...headers },
    body: JSON.stringify({ visitor: null, writes: [hitWrite(url)] }),
  });
  if (res.status !== 200) return { status: res.status };
  const r = ((await res.json()) as WriteResponse).results[0]!.result as HitResult;
  return { status: 200, session: r.session_id, phone: r.phones.find((p) => p.id === 'number=84951234567') };
}

/** A made-up client address for try `i`, as a script rotating X-Forwarded-For sends. */
const forged = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` });

describe.each([
  { trust: '1', proxy: { mode: 'append' as const }, how: 'a hop count of 1, behind a proxy that appends to X-Forwarded-For' },
  {
    trust: '127.0.0.2',
    proxy: { mode: 'set' as const, from: '127.0.0.2' },
    how: "the proxy's address, behind a proxy that sets X-Forwarded-For",
  },
])('SVC_TRUST_PROXY: $how', ({ trust, proxy }) => {
  let s: Stack;
  beforeAll(async () => {
    s = await stack(trust, proxy);
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  }, 60_000);

  it('a forged X-Forwarded-For does not escape the sign-in lock', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(s.proxy, 'wrong', forged(i))).status);
    // 10 failures of one login from one address lock that pair: the rest are refused unchecked.
    expect(statuses.slice(0, 10).every((st) => st !== 429 && st >= 400 && st < 500)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await login(s.proxy, 'demo-password', forged(99))).status).toBe(429);
  }, 60_000);

  it('forged addresses and browser user agents lease no more of a DT pool than one address may', async () => {
    const shown: string[] = [];
    for (let i = 0; i < 6; i++) {
      const pv = await pageView(s.proxy, 'site-a', { ...forged(i), 'user-agent': BROWSERS[i % BROWSERS.length]! });
      expect(pv.status).toBe(200);
      shown.push(pv.phone!.raw);
    }
    // One address may hold 20 % of the pool: 2 of 10; the other visitors are shown the reserved number.
    expect(shown.filter((n) => POOL.includes(n))).toHaveLength(2);
    expect(shown.filter((n) => n === RESERVED)).toHaveLength(4);
    const addresses = s.rows('SELECT DISTINCT ip FROM sessions WHERE site_id = 1');
    expect(addresses).toEqual([{ ip: '127.0.0.1' }]);
  }, 60_000);

  it("geography comes from the proxy's headers, never from the client's", async () => {
    const pv = await pageView(
      s.proxy,
      'site-b',
      { 'x-svc-city': 'Moscow', 'user-agent': BROWSERS[1]!, 'x-forwarded-for': '203.0.113.77' },
      'http://localhost/',
    );
    expect(pv.status).toBe(200);
    expect(s.rows('SELECT ip, city FROM sessions WHERE id = ?', pv.session)).toEqual([{ ip: '127.0.0.1', city: 'Kazan' }]);
  }, 60_000);
  it('forged addresses do not escape the first-visit limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3 * FIRST_VISITS; i++)
      statuses.push((await pageView(s.proxy, 'site-b', { ...forged(i), 'user-agent': BROWSERS[0]! })).status);
    // FIRST_VISITS per 10-second window: the tries span at most two windows.
    expect(statuses.filter((st) => st === 429).length).toBeGreaterThanOrEqual(FIRST_VISITS);
    expect(statuses.every((st) => st === 200 || st === 429)).toBe(true);
  }, 60_000);
});

describe('SVC_TRUST_PROXY listing the proxy, a client that reaches the server directly', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await stack('127.0.0.2', { mode: 'set', from: '127.0.0.2' });
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  }, 60_000);

  it('is seen at its own address, and its X-Svc-City is ignored', async () => {
    const direct = await pageView(
      s.server,
      'site-b',
      { 'x-svc-city': 'Moscow', 'x-forwarded-for': '203.0.113.9', 'user-agent': BROWSERS[0]! },
      'http://localhost/',
    );
    expect(direct.status).toBe(200);
    expect(s.rows('SELECT ip, city, country FROM sessions WHERE id = ?', direct.session)).toEqual([
      { ip: '127.0.0.1', city: null, country: null },
    ]);
    const proxied = await pageView(s.proxy, 'site-b', { 'x-svc-city': 'Moscow', 'user-agent': BROWSERS[0]! }, 'http://localhost/');
    expect(proxied.status).toBe(200);
    expect(s.rows('SELECT ip, city FROM sessions WHERE id = ?', proxied.session)).toEqual([{ ip: '127.0.0.1', city: 'Kazan' }]);
  }, 60_000);
});

describe('reading SVC_TRUST_PROXY', () => {
  it('takes a hop count or addresses and CIDRs; nothing trusts nobody', () => {
    expect(readTrustedProxies(undefined)).toBe(false);
    expect(readTrustedProxies('')).toBe(false);
    expect(readTrustedProxies('0')).toBe(false);
    expect(readTrustedProxies('false')).toBe(false);
    expect(readTrustedProxies('1')).toBe(1);
    expect(readTrustedProxies('2')).toBe(2);
    expect(readTrustedProxies('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(readTrustedProxies('loopback')).toEqual(['loopback']);
    expect(() => readTrustedProxies('proxy.example')).toThrow(/SVC_TRUST_PROXY must be a hop count or addresses/);
  });

  it('refuses `true`, which once trusted every hop', () => {
    for (const v of ['true', 'TRUE', 'yes', 'on']) expect(() => readTrustedProxies(v)).toThrow(/not accepted: trusting every hop/);
  });

  it('a hop count trusts that many hops from the server; a list, the listed addresses at any hop', () => {
    const one = proxyTrust(1) as (a: string, hop: number) => boolean;
    expect([one('203.0.113.1', 0), one('203.0.113.1', 1)]).toEqual([true, false]);
    const listed = proxyTrust(['10.0.0.0/8']) as (a: string, hop: number) => boolean;
    expect([listed('10.1.2.3', 0), listed('10.1.2.3', 3), listed('127.0.0.1', 0)]).toEqual([true, true, false]);
    expect(proxyTrust(false)).toBe(false);
  });

  // On an in-memory SQLite database whichever database the run is on: in the SQLite run alone.
  it.skipIf(!!testPostgresUrl)(
    'the server refuses to start with SVC_TRUST_PROXY=true, saying what to set',
    async () => {
      const svc = spawn(process.execPath, MAIN, {
        env: { ...process.env, SVC_PORT: '0', SVC_DB: ':memory:', SVC_TRUST_PROXY: 'true' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      svc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      const [code] = await once(svc, 'exit');
      expect(code).toBe(1);
      expect(err).toContain('SVC_TRUST_PROXY=true is not accepted');
      expect(err).toContain('1 behind one nginx');
    },
    60_000,
  );
});

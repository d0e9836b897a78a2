import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createTestServer } from '../test-server.js';
import { createLoginGuard, type LoginGuardOptions } from '../../../../src/server/identity/login-guard.js';
import { memoryCounters } from '../../../../src/server/store/window-counters.js';
import { consultantConfig, PASSWORD } from '../consultant-helpers.js';
import { testPostgresUrl } from '../../../support/test-database.js';

// Without the guard, 60 concurrent wrong passwords were all checked (the counter was read
// before hashing and raised after), logins with many e-mails each ran a scrypt at once, IPv6
// addresses counted one by one, and a shared address locked a colleague's right password out.

let server: ConsultantServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * On PostgreSQL, a transaction that locks the employees until `release`: a password check, which
 * reads its employee first, waits for it. On SQLite nothing to hold (see its use).
 */
async function holdEmployees(): Promise<{ release: () => Promise<void> }> {
  if (!testPostgresUrl) return { release: async () => {} };
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  let locked!: () => void;
  const isLocked = new Promise<void>((ok) => (locked = ok));
  const done = server!.store.db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE employees IN ACCESS EXCLUSIVE MODE`.execute(trx);
    locked();
    await released;
  });
  await Promise.race([isLocked, done]);
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

async function start(loginGuard?: LoginGuardOptions) {
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: await consultantConfig(),
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    ...(loginGuard ? { loginGuard } : {}),
  });
  const app = server.app;
  return (email: string, password: string, remoteAddress = '203.0.113.7', cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/op/api/login',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });
}

describe('sign-in attempts', () => {
  it('60 concurrent wrong passwords for one operator: 10 are checked, the rest refused before hashing', async () => {
    const login = await start({ waitingChecks: 100 });
    const answers = await Promise.all(Array.from({ length: 60 }, () => login('anna@example.com', 'wrong')));
    const by = (s: number) => answers.filter((r) => r.statusCode === s).length;
    expect(by(401)).toBe(10);
    expect(by(429)).toBe(50);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^429001: /);
  });

  it('concurrent checks are bounded: one runs, three wait, the rest are refused with 503 before hashing', async () => {
    const guard = createLoginGuard(memoryCounters(), { concurrentChecks: 1, waitingChecks: 3 });
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    let started = 0;
    const check = async () => {
      started++;
      await held;
      return false;
    };
    const tries = Array.from({ length: 12 }, (_, i) =>
      guard.attempt({ ip: `198.51.100.${i + 1}`, email: `nobody${i}@example.com` }, check),
    );
    const settled = Promise.allSettled(tries);
    // Every try has passed its counters and met the gate before the one running check ends.
    await new Promise((ok) => setImmediate(ok));
    expect(started).toBe(1);
    release();
    const results = await settled;
    expect(started).toBe(4);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(4);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { status: number; code: number }] : []));
    expect(refused.map((e) => [e.status, e.code])).toEqual(Array.from({ length: 8 }, () => [503, 503001]));
  });

  it('past the waiting room the server answers 503 with Retry-After, the others are checked', async () => {
    const login = await start({ concurrentChecks: 1, waitingChecks: 3 });
    // On PostgreSQL each try reads the shared counters first, a round trip: a try that arrived
    // after the first check ended would take its slot. So there the first check is held: its read
    // of the employee waits behind a lock until the waiting room has filled. On the embedded
    // database nothing is held, and the tries meet the gate while the first hash runs, unless the
    // machine is so loaded that a check ends before the last of them arrive.
    const held = await holdEmployees();
    const statuses: number[] = [];
    const answers = Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(`nobody${i}@example.com`, 'x', `198.51.100.${i + 1}`).then((r) => (statuses.push(r.statusCode), r)),
      ),
    );
    if (testPostgresUrl) {
      // Held: one check runs, three wait, the other eight are refused before any check has ended.
      try {
        await vi.waitFor(() => expect(statuses.filter((x) => x === 503).length).toBe(8), { timeout: 20_000 });
        expect(statuses.filter((x) => x !== 503)).toEqual([]);
      } finally {
        await held.release();
      }
    }
    const all = await answers;
    const checked = all.filter((r) => r.statusCode === 401).length;
    const busy = all.filter((r) => r.statusCode === 503);
    expect(checked + busy.length).toBe(12);
    if (testPostgresUrl) expect([checked, busy.length]).toEqual([4, 8]);
    else {
      // Not held: a check that ends before the last tries arrive frees its place, so the count
      // of refusals depends on the machine's load; never more than eight, never none.
      expect(busy.length).toBeGreaterThan(0);
      expect(busy.length).toBeLessThanOrEqual(8);
    }
    expect(busy.map((r) => [r.headers['retry-after'], (r.json() as { message: string }).message.slice(0, 7)])).toEqual(
      busy.map(() => ['1', '503001:']),
    );
    // Four checks of the real scrypt cost (unknown e-mails) in a row: slow on a loaded machine.
  }, 30_000);

  it('IPv6 addresses of one /64 count together', async () => {
    const login = await start({ maxFailures: 3 });
    for (let i = 1; i <= 3; i++) expect((await login('anna@example.com', 'bad', `2001:db8:1:2::${i}`)).statusCode).toBe(401);
    expect((await login('anna@example.com', PASSWORD, '2001:db8:1:2::ffff')).statusCode).toBe(429);
    // Another /64 is another address.
    expect((await login('anna@example.com', PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it("a browser that signed in before is not locked out by others' failures at the same address", async () => {
    const login = await start({ maxFailures: 3 });
    const first = await login('anna@example.com', PASSWORD, '192.0.2.10');
    const device = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith('svc_opd='))!;
    expect(device).toMatch(/HttpOnly; SameSite=Strict/);
    for (let i = 0; i < 5; i++) await login('anna@example.com', 'guess' + i, '192.0.2.10');
    expect((await login('anna@example.com', PASSWORD, '192.0.2.10')).statusCode).toBe(429);
    expect((await login('anna@example.com', PASSWORD, '192.0.2.10', device.split(';')[0])).statusCode).toBe(200);
    // The device cookie is bound to the e-mail it signed in as.
    for (let i = 0; i < 3; i++) await login('boris@example.com', 'guess' + i, '192.0.2.10');
    expect((await login('boris@example.com', PASSWORD, '192.0.2.10', device.split(';')[0])).statusCode).toBe(429);
  });

  it('locks end after the window, and old counters are pruned', async () => {
    // The guard's own clock, moved by the test: a busy machine cannot end the window early.
    let now = Date.UTC(2026, 0, 15, 10, 0, 0);
    const guard = createLoginGuard(memoryCounters(), { maxFailures: 2, windowMs: 150, now: () => now });
    const wrong = async () => false;
    for (let i = 0; i < 50; i++) await guard.attempt({ ip: `10.0.${i}.1`, email: 'a@x' }, wrong);
    await guard.attempt({ ip: '10.1.0.1', email: 'a@x' }, wrong);
    await guard.attempt({ ip: '10.1.0.1', email: 'a@x' }, wrong);
    await expect(guard.attempt({ ip: '10.1.0.1', email: 'a@x' }, async () => true)).rejects.toThrow(/429|Too many/);
    expect(await guard.counters()).toBeGreaterThanOrEqual(100);
    now += 151;
    expect(await guard.attempt({ ip: '10.1.0.1', email: 'a@x' }, async () => true)).toBe(true);
    expect(await guard.counters()).toBeLessThanOrEqual(1);
  });
});

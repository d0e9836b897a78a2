import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { SiteConfigSchema } from '../../../../src/server/site-import/site-config.js';
import { createTestServer } from '../test-server.js';
import { callEvents, postEvent, SECRET, telephonyConfig, visit } from '../telephony-helpers.js';

let server: ConsultantServer;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
});

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('concurrent calls to a small pool', () => {
  it('attributes every call to the session that held its number then, none twice, with events shuffled and repeated', async () => {
    const base = telephonyConfig(['74990000001', '74990000002', '74990000003']);
    const site = base.customers[0]!.sites[0]!;
    // No after-session minutes: a number goes to the next visitor as soon as a session idles out.
    const config = SiteConfigSchema.parse({
      ...base,
      customers: [{ ...base.customers[0], sites: [{ ...site, dt: { lease_minutes: 0 } }] }],
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.UTC(2026, 10, 20, 9, 0, 0);
    vi.setSystemTime(t0);
    server = await createTestServer({
      dbPath: ':memory:',
      siteConfig: config,
      bundleDir: '/nonexistent',
      leasePolicy: false,
      telephony: { secret: SECRET },
    });

    // Six rounds of three visitors, 31 minutes apart: each round's sessions take the pool's three
    // numbers the last round's sessions left.
    const expected: Array<{ callId: string; session: number; number: string; at: number }> = [];
    for (let round = 0; round < 6; round++) {
      const at = t0 + round * 31 * 60_000;
      vi.setSystemTime(at);
      const numbers = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const v = await visit(server, `http://localhost/r${round}/v${i}?utm_source=google`);
        numbers.add(v.number);
        // Each calls 5 to 25 minutes into its visit, while its session (30 idle minutes) lives.
        expected.push({ callId: `c${round}-${i}`, session: v.sessionId, number: v.number, at: at + (5 + 10 * i) * 60_000 });
      }
      expect([...numbers].sort()).toEqual(['74990000001', '74990000002', '74990000003']);
    }
    vi.setSystemTime(t0 + 6 * 31 * 60_000);

    const rnd = random(18);
    const events = expected.flatMap((e, k) => {
      const evs = callEvents({
        callId: e.callId,
        from: `7916${String(k).padStart(7, '0')}`,
        to: e.number,
        start: e.at,
        wait: 2,
        talk: 30 + k,
      });
      return [...evs, ...evs.filter(() => rnd() < 0.5)];
    });
    for (let i = events.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [events[i], events[j]] = [events[j]!, events[i]!];
    }
    // Twelve requests in flight at a time (on PostgreSQL, transactions on several connections).
    for (let i = 0; i < events.length; i += 12) {
      const answers = await Promise.all(events.slice(i, i + 12).map((ev) => postEvent(server, ev)));
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    }

    const rows = server.db
      .prepare('SELECT platform_call_id, session_id, ac_id, status, duration, wait_time FROM calls ORDER BY id')
      .all() as Array<{
      platform_call_id: string;
      session_id: number;
      ac_id: number;
      status: string;
      duration: number;
      wait_time: number;
    }>;
    expect(rows).toHaveLength(expected.length);
    const byCall = new Map(rows.map((r) => [r.platform_call_id, r]));
    expected.forEach((e, k) => {
      expect([e.callId, byCall.get(e.callId)]).toEqual([
        e.callId,
        { platform_call_id: e.callId, session_id: e.session, ac_id: 10, status: 'normal', duration: 30 + k, wait_time: 2 },
      ]);
    });
    expect(new Set(rows.map((r) => r.session_id)).size).toBe(expected.length);
    const legs = server.db.prepare('SELECT count(*) AS n FROM call_legs').get() as { n: number };
    expect(Number(legs.n)).toBe(expected.length);
    // Hundreds of page views and call events: 1-3 s alone, past the default 5 s on two busy cores.
  }, 30_000);
});

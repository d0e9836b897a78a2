import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { RANDOM_BITS } from '../../../../src/server/page-view/public-ids.js';
import { hitWrite, testConfig } from '../helpers.js';
import { createTestServer } from '../test-server.js';

// Were visitor and hit ids one sequence, or did `vc/s/` and `api/add_offline_message/` tell a wrong
// pair from a right one by what data is missing, 35 probes would find every visitor of the demo,
// overwrite a name and add a fake sale.

let server: ConsultantServer;
beforeEach(async () => {
  // Twenty first visits from one address in a test: the first-visit limit is first-visits.test.ts's.
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: testConfig,
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    rateLimits: { firstVisits: 0 },
  });
});
afterEach(async () => {
  await server.close();
});

async function pageView(): Promise<HitResult> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    headers: { 'content-type': 'text/plain', origin: 'http://localhost' },
    payload: JSON.stringify({ visitor: null, writes: [hitWrite()] }),
  });
  return (res.json() as WriteResponse).results[0]!.result as HitResult;
}

const vcs = (params: Record<string, string | number>, ip = '203.0.113.5') =>
  server.app.inject({
    method: 'GET',
    url: '/vc/s/?' + new URLSearchParams(params as Record<string, string>).toString(),
    remoteAddress: ip,
  });
const offline = (form: Record<string, string | number>, ip = '203.0.113.5') =>
  server.app.inject({
    method: 'POST',
    url: '/api/add_offline_message/',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form as Record<string, string>).toString(),
  });

describe('visitor, session and page-view ids', () => {
  it('are not a sequence: 21 random low bits, still increasing, below 2^53', async () => {
    const views = [];
    for (let i = 0; i < 20; i++) views.push(await pageView());
    for (const key of ['visitor_id', 'session_id', 'hit_id'] as const) {
      const ids = views.map((v) => v[key]);
      expect(ids.every(Number.isSafeInteger), key).toBe(true);
      expect(
        [...ids].sort((a, b) => a - b),
        key,
      ).toEqual(ids);
      const gaps = ids.slice(1).map((id, i) => id - ids[i]!);
      expect(gaps.filter((g) => g < 2 ** 10).length, key).toBeLessThanOrEqual(1);
      const low = new Set(ids.map((id) => id % 2 ** RANDOM_BITS));
      expect(low.size, key).toBeGreaterThanOrEqual(18);
    }
  });
});

describe('the visitor-side endpoints', () => {
  it('answer the same for a wrong pair as for a right one, whatever the data', async () => {
    const v = await pageView();
    const right = { k: v.key, ur: v.uri, ci: v.visitor_id, hi: v.hit_id };
    const wrong = { ...right, ci: v.visitor_id + 1 };
    for (const data of [{}, { ve: 'not-an-email' }, { vn: 'x'.repeat(300) }] as Record<string, string>[]) {
      const a = await vcs({ ...right, ...data });
      const b = await vcs({ ...wrong, ...data });
      expect([a.statusCode, a.body], JSON.stringify(data)).toEqual([b.statusCode, b.body]);
    }
    const keyWrong = await vcs({ ...right, k: 'nope', vn: 'x' });
    const uriWrong = await vcs({ ...right, ur: 'elsewhere', vn: 'x' });
    const pairWrong = await vcs({ ...wrong, vn: 'x' });
    expect(new Set([keyWrong.body, uriWrong.body, pairWrong.body])).toEqual(
      new Set(['{"success":false,"message":"403002: Credentials do not belong together"}']),
    );
    const form = { key: v.key, uri: v.uri, visitor_id: v.visitor_id, hit_id: v.hit_id, session_id: v.session_id };
    const sale = { is_sale: 'true', sale_cost: 'not a number' };
    const c = await offline({ ...form, ...sale });
    const d = await offline({ ...form, session_id: v.session_id + 1, ...sale });
    expect([c.statusCode, c.body]).toEqual([d.statusCode, d.body]);
  });

  it('refuse an address after 20 failed checks, right credentials too; IPv6 counts by /64', async () => {
    const v = await pageView();
    const right = { k: v.key, ur: v.uri, ci: v.visitor_id, hi: v.hit_id, vn: 'Real' };
    for (let i = 1; i <= 20; i++) {
      const r =
        i % 2
          ? await vcs({ ...right, hi: v.hit_id + i }, `2001:db8:9:9::${i}`)
          : await offline(
              { key: v.key, uri: v.uri, visitor_id: v.visitor_id + i, hit_id: v.hit_id, session_id: v.session_id, text: 'x' },
              `2001:db8:9:9::${i}`,
            );
      expect(r.statusCode).toBe(403);
    }
    const locked = await vcs(right, '2001:db8:9:9::abc');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^429002: /);
    expect(server.db.prepare('SELECT name FROM visitors WHERE id = ?').get(v.visitor_id)).toEqual({ name: null });
    expect((await vcs(right, '2001:db8:9:a::1')).statusCode).toBe(200);
    expect(server.db.prepare('SELECT count(*) n FROM offline_messages').get()).toEqual({ n: 0 });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createTestServer } from '../test-server.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import { timestamp } from '../../../../src/server/store/time.js';
import { PROPERTY_QUOTA_DEFAULTS } from '../../../../src/server/visitors/property-quota.js';
import { startWriteRetention, WRITE_IDS_KEEP_MS } from '../../../../src/server/ingest/retention.js';
import { hitWrite, testConfig, wid } from '../helpers.js';

const HOUR = 3_600_000;

// Without quotas, batches of properties from fresh visitors grew the database by ~160 KB a
// request (about 11 GB an hour from one address), and write ids were never pruned.

let server: ConsultantServer;
beforeEach(async () => {
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: testConfig,
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    // Fresh visitors from one address, many a second: the quotas are tested here, the first-visit limit in first-visits.test.ts.
    rateLimits: { ip: 0, visitor: 0, firstVisits: 0 },
    propertyQuota: { charsPerAddressHour: 200_000 },
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

async function post(body: unknown, ip = '203.0.113.9') {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify(body),
  });
  return res.json() as WriteResponse;
}
const prop = (hit: string, name: string, value: string) => ({
  id: wid(),
  type: 'property_set',
  hit,
  at: Date.now(),
  data: { name, value },
});

describe('visitor properties', () => {
  it('are held per visitor: 50 properties, 16,384 characters; overwriting within the quota works', async () => {
    const h = hitWrite();
    const first = await post({ visitor: null, writes: [h] });
    const big = 'x'.repeat(4000);
    const r = await post({ visitor: first.visitor, writes: [0, 1, 2, 3, 4].map((i) => prop(h.id, 'p' + i, big)) });
    expect(r.results.map((x) => (x.success ? 'ok' : x.code))).toEqual(['ok', 'ok', 'ok', 'ok', 'quota']);
    expect((await post({ visitor: first.visitor, writes: [prop(h.id, 'p0', 'small')] })).results[0]!.success).toBe(true);
    const many = Array.from({ length: 50 }, (_, i) => prop(h.id, 'n' + i, 'v'));
    const m = await post({ visitor: first.visitor, writes: many });
    const stored = server.db.prepare('SELECT count(*) n FROM visitor_properties').get() as { n: number };
    expect(stored.n).toBe(PROPERTY_QUOTA_DEFAULTS.perVisitor);
    expect(m.results.filter((x) => !x.success).every((x) => !x.success && x.code === 'quota')).toBe(true);
  });

  it('fresh visitors from one address are held by the hourly address quota', async () => {
    // The quota counts in the clock's hours: start at the top of one, so the test never spans two.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / HOUR) * HOUR);
    const big = 'y'.repeat(4000);
    let refused = 0;
    for (let i = 0; i < 20; i++) {
      const h = hitWrite();
      const r = await post({ visitor: null, writes: [h, ...[0, 1, 2].map((k) => prop(h.id, 'p' + k, big))] });
      refused += r.results.filter((x) => !x.success && x.code === 'quota').length;
    }
    const chars = server.db.prepare('SELECT sum(length(name) + length(value)) c FROM visitor_properties').get() as { c: number };
    expect(chars.c).toBeLessThanOrEqual(200_000);
    expect(refused).toBeGreaterThan(0);
    // Another address is not held by this one.
    const h = hitWrite();
    const other = await post({ visitor: null, writes: [h, prop(h.id, 'p', big)] }, '198.51.100.1');
    expect(other.results[1]!.success).toBe(true);
  });
});

describe('write ids', () => {
  it('older than any retry can be are deleted by the retention job; younger ones stay', async () => {
    const now = Date.now();
    const insert = server.db.prepare("INSERT INTO client_writes (site_id, id, type, result, created_at) VALUES (1, ?, 'hit', NULL, ?)");
    insert.run('old', timestamp(now - WRITE_IDS_KEEP_MS - 60_000));
    insert.run('week', timestamp(now - 7 * 864e5));
    insert.run('new', timestamp(now));
    const job = startWriteRetention(server.store, (e) => {
      throw e;
    });
    try {
      expect(await job.prune(now)).toBe(1);
    } finally {
      job.stop();
    }
    expect(server.db.prepare('SELECT id FROM client_writes ORDER BY id').all()).toEqual([{ id: 'new' }, { id: 'week' }]);
    // SQLite's plan; the index is the same on PostgreSQL, whose planner may prefer a scan of a table this small.
    if (!testPostgresUrl) {
      const plan = server.db.prepare('EXPLAIN QUERY PLAN DELETE FROM client_writes WHERE created_at < ?').all('x') as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toMatch(/USING (COVERING )?INDEX client_writes_created/);
    }
  });
});

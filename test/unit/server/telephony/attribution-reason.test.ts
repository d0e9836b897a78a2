import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { LEASE_SKEW_MS } from '../../../../src/server/leases/queries.js';
import { SiteConfigSchema } from '../../../../src/server/site-import/site-config.js';
import { createTestServer } from '../test-server.js';
import { callEvents, postEvent, restClient, SECRET, telephonyConfig, telephonySeed, visit } from '../telephony-helpers.js';

/**
 * Why a call was credited (docs/conversions.md): every call keeps its reason, and `call` shows it
 * as `attribution` `{code, words, details}`. Site 1 (telephony-helpers.ts): campaign 10's DT block
 * 11 (pool 74990000001, its own number 74950000009), campaign 20's static 74951110000, the
 * default block 1's 74957770011.
 */

let server: ConsultantServer;
afterEach(async () => {
  await server?.close();
});

const moscow = (ms: number) => new Date(ms + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const day = (ms: number) => moscow(ms).slice(0, 10);

async function ring(callId: string, to: string, from: string, start = Date.now()) {
  const res = await postEvent(server, callEvents({ callId, from, to, start })[0]);
  expect(res.statusCode, res.body).toBe(200);
}

describe('why a call was credited', () => {
  it('a lease, a lease within the clock allowance, a static block, a fallback, a default number, a known caller', async () => {
    server = await createTestServer({
      dbPath: ':memory:',
      siteConfig: telephonyConfig(['74990000001']),
      apiSeed: await telephonySeed(),
      bundleDir: '/nonexistent',
      leasePolicy: false,
      telephony: { secret: SECRET },
    });
    const get = await restClient(server);
    const before = Date.now();
    const v = await visit(server, 'http://localhost/?utm_source=google');
    await ring('lease', v.number, '79160000001');
    await ring('skew', v.number, '79160000002', before - LEASE_SKEW_MS + 5000);
    await ring('static', '74951110000', '79160000003');
    await ring('fallback', '74950000009', '79160000004');
    // The caller of the leased call, now on the number every visitor sees: known by its number.
    await ring('known', '74957770011', '79160000001');
    const now = Date.now();
    const rows = (await get('call', { date_from: day(now - 864e5), date_till: day(now + 864e5) })).json().data as Array<{
      numa: string;
      attribution: { code: string; words: string; details: Record<string, unknown> };
    }>;
    const by = (numa: string) => rows.filter((r) => r.numa === numa).map((r) => r.attribution);
    expect(by('79160000002')).toEqual([
      {
        code: 'lease_skew',
        words: expect.stringContaining('clocks'),
        details: { block_id: 11, session_id: v.sessionId, skew_allowance_ms: LEASE_SKEW_MS },
      },
    ]);
    expect(by('79160000001')).toEqual([
      { code: 'lease', words: expect.stringContaining('leased'), details: { block_id: 11, session_id: v.sessionId, skew_allowance_ms: 0 } },
      {
        code: 'default_block',
        words: expect.stringContaining('caller’s number was known'),
        details: { block_id: 1, caller_known: true, visitor_id: v.visitor!.id },
      },
    ]);
    expect(by('79160000003')).toEqual([{ code: 'static_block', words: expect.any(String), details: { block_id: 21, ac_id: 20 } }]);
    expect(by('79160000004')).toEqual([{ code: 'pool_fallback', words: expect.stringContaining('dry'), details: { block_id: 11 } }]);
  });

  it('a number two campaigns show, and the reserved number', async () => {
    // Site 1 as above, with a reserved number and a campaign 30 that also shows Print's number.
    const config = JSON.parse(JSON.stringify(telephonyConfig(['74990000001']))) as {
      customers: Array<{ sites: Array<Record<string, unknown> & { campaigns: unknown[] }> }>;
    };
    const site = config.customers[0]!.sites[0]!;
    site.dt = { overflow: 'reserved', reserved_number: '74950000000' };
    site.campaigns.push({
      id: 30,
      name: 'Radio',
      condition_groups: [],
      blocks: [{ id: 31, name: 'Radio', selector: '#r', numb: '74951110000' }],
    });
    server = await createTestServer({
      dbPath: ':memory:',
      siteConfig: SiteConfigSchema.parse(config),
      apiSeed: await telephonySeed(),
      bundleDir: '/nonexistent',
      leasePolicy: false,
      telephony: { secret: SECRET },
    });
    const get = await restClient(server);
    await ring('shared', '74951110000', '79160000005');
    await ring('reserved', '74950000000', '79160000006');
    const now = Date.now();
    const rows = (await get('call', { date_from: day(now - 864e5), date_till: day(now + 864e5) })).json().data as Array<{
      attribution: { code: string; details: Record<string, unknown> };
    }>;
    expect(rows.map((r) => [r.attribution.code, r.attribution.details])).toEqual([
      ['shared_number', { campaign_ids: [20, 30] }],
      ['reserved_number', { site_id: 1 }],
    ]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HitPhone, HitResult, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createTestServer } from '../test-server.js';
import { conditionHolds } from '../../../../src/server/tracking/campaign-match.js';
import { formatNumber } from '../../../../src/server/leases/session-phones.js';
import { readSiteConfig, SiteConfigSchema, type SiteConfig } from '../../../../src/server/site-import/site-config.js';
import { hitWrite } from '../helpers.js';

/**
 * A site with default numbers and campaigns: "Google" (utm_source = google, DT pool of two),
 * "Moscow search" (town = Moscow and a search engine, or a yandex referrer), "Brand" (utm_term
 * matches /brand/ but not from google), "Tiny" (utm_source = tiny, a pool of one).
 */
function config(dt?: Record<string, unknown>): SiteConfig {
  return SiteConfigSchema.parse({
    customers: [
      {
        id: 1,
        name: 'Customer',
        sites: [
          {
            id: 1,
            domain: 'localhost',
            site_key: 'site-a',
            widget_key: 'wk-a',
            ...(dt ? { dt } : {}),
            blocks: [
              { id: 1, name: 'Main', selector: 'number=84951234567', numb: '74957770011' },
              {
                id: 2,
                name: 'Header',
                selector: '#phone',
                numb: '74957770011',
                text: '+7 495 777-00-11',
                image: 'https://cdn.example/p.png',
              },
              { id: 3, name: 'Free', selector: 'number=88005553535', numb: '88001112233' },
            ],
            campaigns: [
              {
                id: 10,
                name: 'Google',
                priority: 5,
                condition_groups: [
                  { id: 100, name: 'g', conditions: [{ id: 1000, ac_parameter: 'utm_source', ac_operator: '=', value: 'Google' }] },
                ],
                blocks: [
                  { id: 11, name: 'DT', selector: 'number=84951234567', numb: '74950000009', dt_pool: ['74990000001', '84990000002'] },
                ],
              },
              {
                id: 20,
                name: 'Moscow search',
                condition_groups: [
                  {
                    id: 200,
                    name: 'moscow and search',
                    conditions: [
                      { id: 2000, ac_parameter: 'town', ac_operator: '=', value: 'moscow' },
                      { id: 2001, ac_parameter: 'search_engine', ac_operator: '~', value: '^(google|yandex)$' },
                    ],
                  },
                  {
                    id: 201,
                    name: 'yandex referrer',
                    conditions: [{ id: 2010, ac_parameter: 'referrer', ac_operator: 'sub', value: 'ya.ru' }],
                  },
                ],
                blocks: [{ id: 21, name: 'Search', selector: '#phone', numb: '74951110000' }],
              },
              {
                id: 30,
                name: 'Brand',
                priority: 1,
                condition_groups: [
                  {
                    id: 300,
                    name: 'brand not google',
                    conditions: [
                      { id: 3000, ac_parameter: 'utm_term', ac_operator: '~', value: 'brand' },
                      { id: 3001, ac_parameter: 'utm_source', ac_operator: '=', value: 'google', is_negative: true },
                    ],
                  },
                ],
                blocks: [{ id: 31, name: 'Brand', selector: '.brand', numb: '74952220000' }],
              },
              {
                id: 40,
                name: 'Tiny',
                condition_groups: [
                  { id: 400, name: 't', conditions: [{ id: 4000, ac_parameter: 'utm_source', ac_operator: '=', value: 'tiny' }] },
                ],
                blocks: [{ id: 41, name: 'Tiny', selector: 'number=84951234567', numb: '74950000009', dt_pool: ['74993330001'] }],
              },
              { id: 50, name: 'No conditions', blocks: [{ id: 51, name: 'never', selector: '#never', numb: '74950000050' }] },
            ],
          },
        ],
      },
    ],
  });
}

let server: ConsultantServer;
async function start(dt?: Record<string, unknown>) {
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: config(dt),
    bundleDir: '/nonexistent',
    publicUrl: 'http://svc.test/',
    trustProxy: true,
    // The pool's mechanics, apart from who may lease (lease-policy.test.ts): inject's User-Agent is
    // a bot's and every request comes from one address.
    leasePolicy: false,
  });
}
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
});

async function hit(
  url: string,
  visitor: WriteResponse['visitor'] = null,
  opts: { referrer?: string; headers?: Record<string, string>; spa?: boolean } = {},
) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    headers: { 'content-type': 'text/plain', ...opts.headers },
    payload: JSON.stringify({ visitor, writes: [hitWrite(url, { referrer: opts.referrer ?? '', ...(opts.spa ? { spa: true } : {}) })] }),
  });
  const body = res.json() as WriteResponse;
  const r = body.results[0]!.result as HitResult;
  const session = server.db.prepare('SELECT ac_id FROM sessions WHERE id = ?').get(r.session_id) as { ac_id: number };
  return { visitor: body.visitor, r, ac: session.ac_id, phones: r.phones };
}
const byId = (phones: HitPhone[]) => Object.fromEntries(phones.map((p) => [p.id, p]));

describe('conditionHolds', () => {
  it('applies =, sub and ~ without regard to case, and is_negative', () => {
    expect(conditionHolds('=', 'Google', false, 'google')).toBe(true);
    expect(conditionHolds('=', 'google', false, 'google-ads')).toBe(false);
    expect(conditionHolds('sub', 'ADS', false, 'google-ads')).toBe(true);
    expect(conditionHolds('~', '^goo.le$', false, 'GOOGLE')).toBe(true);
    expect(conditionHolds('~', '^goo.le$', true, 'GOOGLE')).toBe(false);
    expect(conditionHolds('sub', 'x', true, 'abc')).toBe(true);
  });

  it('treats an unknown fact as meeting no operator, so a negative condition on it holds', () => {
    for (const op of ['=', 'sub', '~']) {
      expect(conditionHolds(op, 'google', false, null)).toBe(false);
      expect(conditionHolds(op, 'google', true, null)).toBe(true);
    }
  });
});

describe('campaign matching on a new session', () => {
  it('gives the default numbers and ac_id -1 to a visit that matches no campaign', async () => {
    await start();
    const { ac, phones, r } = await hit('http://localhost/');
    expect(ac).toBe(-1);
    expect(phones).toEqual([
      {
        id: 'number=84951234567',
        img: null,
        text: '+7 (495) 777-00-11',
        raw: '74957770011',
        dt: false,
        // The forms the snippet looks for, each with the replacement in the same form.
        forms: [
          ['74951234567', '74957770011'],
          ['84951234567', '84957770011'],
          ['4951234567', '4957770011'],
        ],
      },
      // An element block has no forms: it is found by its selector.
      { id: '#phone', img: 'https://cdn.example/p.png', text: '+7 495 777-00-11', raw: '74957770011', dt: false },
      // A number configured with the trunk 8 is sent in international digits.
      {
        id: 'number=88005553535',
        img: null,
        text: '+7 (800) 111-22-33',
        raw: '78001112233',
        dt: false,
        forms: [
          ['78005553535', '78001112233'],
          ['88005553535', '88001112233'],
          ['8005553535', '8001112233'],
        ],
      },
    ]);
    expect(r.phones_ttl).toBe(30 * 60_000);
  });

  it('matches utm parameters, campaign blocks replacing the defaults for the same target only', async () => {
    await start();
    const { ac, phones, visitor } = await hit('http://localhost/?utm_source=google');
    expect(ac).toBe(10);
    const p = byId(phones);
    expect(p['number=84951234567']).toMatchObject({ raw: '74990000001', text: '+7 (499) 000-00-01', dt: true });
    expect(p['#phone']).toMatchObject({ raw: '74957770011', dt: false });
    expect(p['number=88005553535']).toMatchObject({ raw: '78001112233' });
    expect(phones).toHaveLength(3);
    expect(server.db.prepare('SELECT first_ac_id FROM visitors WHERE id = ?').get(visitor!.id)).toEqual({ first_ac_id: 10 });
  });

  it('ANDs the conditions of a group, ORs the groups, and reads town from the trusted proxy header', async () => {
    await start();
    const moscow = { 'x-svc-city': 'Moscow' };
    expect((await hit('http://localhost/', null, { referrer: 'https://www.google.com/search?q=sofa', headers: moscow })).ac).toBe(20);
    // Moscow without a search engine: the first group fails, and the second has no yandex referrer.
    expect((await hit('http://localhost/', null, { referrer: 'https://news.example/', headers: moscow })).ac).toBe(-1);
    expect(
      (await hit('http://localhost/', null, { referrer: 'https://www.google.com/search?q=sofa', headers: { 'x-svc-city': 'Kazan' } })).ac,
    ).toBe(-1);
    expect((await hit('http://localhost/', null, { referrer: 'https://ya.ru/search?text=sofa' })).ac).toBe(20);
    const { phones } = await hit('http://localhost/', null, { referrer: 'https://ya.ru/' });
    expect(byId(phones)['#phone']).toMatchObject({ raw: '74951110000', img: null });
  });

  it("stores the trusted proxy's country, region and city on the session", async () => {
    await start();
    const geo = { 'x-svc-country': 'RU', 'x-svc-region': 'Tatarstan', 'x-svc-city': 'Kazan' };
    const { r } = await hit('http://localhost/', null, { headers: geo });
    expect(server.db.prepare('SELECT country, region, city FROM sessions WHERE id = ?').get(r.session_id)).toEqual({
      country: 'RU',
      region: 'Tatarstan',
      city: 'Kazan',
    });
  });

  it('applies is_negative and tries campaigns by priority', async () => {
    await start();
    expect((await hit('http://localhost/?utm_term=our+brand&utm_source=yandex')).ac).toBe(30);
    // utm_source=google is excluded from Brand, and Google has the higher priority anyway.
    expect((await hit('http://localhost/?utm_term=our+brand&utm_source=google')).ac).toBe(10);
    // A campaign without conditions never matches.
    expect(server.db.prepare('SELECT count(*) n FROM sessions WHERE ac_id = 50').get()).toEqual({ n: 0 });
  });

  it('keeps the campaign for the session and matches again only when a new one starts', async () => {
    await start();
    const a = await hit('http://localhost/?utm_source=google');
    const b = await hit('http://localhost/other', a.visitor);
    expect(b.r.session_id).toBe(a.r.session_id);
    expect(b.ac).toBe(10);
    expect(byId(b.phones)['number=84951234567']!.raw).toBe(byId(a.phones)['number=84951234567']!.raw);
    const c = await hit('http://localhost/?utm_source=tiny', a.visitor);
    expect(c.r.session_id).not.toBe(a.r.session_id);
    expect(c.ac).toBe(40);
  });

  it('matches a changed condition from the next first visit once site data is said to have changed', async () => {
    await start();
    expect((await hit('http://localhost/?utm_source=bing')).ac).toBe(-1);
    expect((await hit('http://localhost/?utm_source=google')).ac).toBe(10);
    server.db.prepare(`UPDATE ac_conditions SET value = 'bing' WHERE id = 1000`).run();
    // The conditions are cached: a change made behind the server's back is not seen yet.
    expect((await hit('http://localhost/?utm_source=bing')).ac).toBe(-1);
    server.store.siteDataChanged();
    expect((await hit('http://localhost/?utm_source=bing')).ac).toBe(10);
    expect((await hit('http://localhost/?utm_source=google')).ac).toBe(-1);
    // Blocks are cached too, and forgotten the same way.
    server.db.prepare(`UPDATE site_blocks SET numb = '74950000077' WHERE id = 2`).run();
    server.store.siteDataChanged();
    expect(byId((await hit('http://localhost/')).phones)['#phone']).toMatchObject({ raw: '74950000077' });
  });

  it('refuses a configuration with a bad regular expression or a reserved overflow without a number', () => {
    const bad = structuredClone(config()) as unknown as {
      customers: Array<{
        sites: Array<Record<string, unknown> & { campaigns: Array<{ condition_groups: Array<{ conditions: Array<{ value: string }> }> }> }>;
      }>;
    };
    bad.customers[0]!.sites[0]!.campaigns[1]!.condition_groups[0]!.conditions[1]!.value = '(unclosed';
    expect(SiteConfigSchema.safeParse(bad).success).toBe(false);
    const noReserved = structuredClone(config()) as unknown as { customers: Array<{ sites: Array<Record<string, unknown>> }> };
    noReserved.customers[0]!.sites[0]!.dt = { overflow: 'reserved' };
    expect(SiteConfigSchema.safeParse(noReserved).success).toBe(false);
    const badImage = structuredClone(config()) as unknown as {
      customers: Array<{ sites: Array<{ blocks: Array<Record<string, unknown>> }> }>;
    };
    badImage.customers[0]!.sites[0]!.blocks[1]!.image = 'javascript:alert(1)';
    expect(SiteConfigSchema.safeParse(badImage).success).toBe(false);
  });

  it('loads the e2e and demo configurations', () => {
    for (const f of ['test/e2e/site-config.json', 'demo-site/site-config.json']) expect(() => readSiteConfig(f)).not.toThrow();
  });
});

describe('DT number leases', () => {
  it('leases different numbers to live sessions and keeps each for its session', async () => {
    await start();
    const a = await hit('http://localhost/?utm_source=google');
    const b = await hit('http://localhost/?utm_source=google');
    const na = byId(a.phones)['number=84951234567']!.raw;
    const nb = byId(b.phones)['number=84951234567']!.raw;
    expect(new Set([na, nb])).toEqual(new Set(['74990000001', '74990000002']));
    const again = await hit('http://localhost/next', a.visitor);
    expect(byId(again.phones)['number=84951234567']!.raw).toBe(na);
    // The lease says whose the number is; the cache may keep it as long as the lease lasts.
    expect(a.r.phones_ttl).toBe((30 + 15) * 60_000);
    const lease = server.db.prepare('SELECT session_id, number FROM dt_leases WHERE session_id = ?').get(a.r.session_id);
    expect(lease).toEqual({ session_id: a.r.session_id, number: '74990000001' });
  });

  it('releases a number the lease minutes after the session ends, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    await start({ lease_minutes: 10 });
    const a = await hit('http://localhost/?utm_source=tiny');
    expect(byId(a.phones)['number=84951234567']).toMatchObject({ raw: '74993330001', dt: true });
    // Session over at 10:30, lease until 10:40.
    vi.setSystemTime(new Date('2026-01-01T10:35:00Z'));
    const b = await hit('http://localhost/?utm_source=tiny');
    expect(byId(b.phones)['number=84951234567']).toMatchObject({ raw: '74950000009', dt: false });
    vi.setSystemTime(new Date('2026-01-01T10:40:01Z'));
    const c = await hit('http://localhost/?utm_source=tiny');
    expect(byId(c.phones)['number=84951234567']).toMatchObject({ raw: '74993330001', dt: true });
  });

  it('gives a returning visitor the number of the last visit while its lease lives', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    await start();
    const a = await hit('http://localhost/?utm_source=google');
    const b = await hit('http://localhost/?utm_source=google');
    vi.setSystemTime(new Date('2026-01-01T10:40:00Z'));
    // b's session ended at 10:30; b comes back at 10:40 with a new session and keeps its number.
    const b2 = await hit('http://localhost/?utm_source=google', b.visitor);
    expect(b2.r.session_id).not.toBe(b.r.session_id);
    expect(byId(b2.phones)['number=84951234567']!.raw).toBe(byId(b.phones)['number=84951234567']!.raw);
    const rows = server.db
      .prepare('SELECT session_id, until_ms FROM dt_leases WHERE number = ? ORDER BY id')
      .all(byId(b.phones)['number=84951234567']!.raw) as Array<{ session_id: number; until_ms: number }>;
    expect(rows.map((r) => r.session_id)).toEqual([b.r.session_id, b2.r.session_id]);
    expect(rows[0]!.until_ms).toBe(Date.now());
    void a;
  });

  it('on a dry pool gives the static number by default and counts the overflow once per session', async () => {
    await start();
    const a = await hit('http://localhost/?utm_source=tiny');
    const b = await hit('http://localhost/?utm_source=tiny');
    expect(byId(b.phones)['number=84951234567']).toMatchObject({
      id: 'number=84951234567',
      img: null,
      text: '+7 (495) 000-00-09',
      raw: '74950000009',
      dt: false,
    });
    await hit('http://localhost/more', b.visitor);
    expect(server.db.prepare('SELECT session_id, block_id, fallback FROM dt_overflows').all()).toEqual([
      { session_id: b.r.session_id, block_id: 41, fallback: 'static' },
    ]);
    expect(b.r.phones_ttl).toBe(30 * 60_000);
    void a;
  });

  it('on a dry pool gives the reserved number in reserved mode', async () => {
    await start({ overflow: 'reserved', reserved_number: '74950000000', lease_minutes: 5 });
    await hit('http://localhost/?utm_source=tiny');
    const b = await hit('http://localhost/?utm_source=tiny');
    expect(byId(b.phones)['number=84951234567']).toMatchObject({ raw: '74950000000', text: '+7 (495) 000-00-00', dt: false });
    expect(server.db.prepare('SELECT fallback FROM dt_overflows').all()).toEqual([{ fallback: 'reserved' }]);
  });

  it('answers a retried page view with the same numbers and leases nothing twice', async () => {
    await start();
    const w = hitWrite('http://localhost/?utm_source=google');
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: '/w/site-a',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ visitor: null, writes: [w] }),
      });
    const first = (await send()).json() as WriteResponse;
    const again = (await send()).json() as WriteResponse;
    expect(again.results[0]!.result).toEqual(first.results[0]!.result);
    expect(server.db.prepare('SELECT count(*) n FROM dt_leases').get()).toEqual({ n: 1 });
  });
});

describe('formatNumber', () => {
  it('writes +7 numbers the Russian way and others with a plus', () => {
    expect(formatNumber('74951234567')).toBe('+7 (495) 123-45-67');
    expect(formatNumber('84951234567')).toBe('+7 (495) 123-45-67');
    expect(formatNumber('380441234567')).toBe('+380441234567');
  });
});

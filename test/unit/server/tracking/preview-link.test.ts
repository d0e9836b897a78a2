import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import { bucketCounts } from '../../../../src/server/reports/daily-counts.js';
import { timestamp } from '../../../../src/server/store/time.js';
import { expectAnswered, type ApiWorld } from '../api-helpers.js';
import { dtApiWorld } from '../dt-api-world.js';
import { hitWrite } from '../helpers.js';

const POOL = ['74990000001', '74990000002'];
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';

let w: ApiWorld;
afterEach(async () => {
  await w.server.close();
});
afterAll(() => expectAnswered(['GET preview_link', 'GET number_reasons']));

/** A page view of site 1 from the office: the DT target's number and whether it is a pool's. */
async function view(url: string, ua: string) {
  const res = await w.server.app.inject({
    method: 'POST',
    url: '/w/site-1',
    remoteAddress: '198.51.100.7',
    headers: { 'content-type': 'text/plain', 'user-agent': ua },
    payload: JSON.stringify({ visitor: null, writes: [hitWrite(url)] }),
  });
  const r = (res.json() as WriteResponse).results[0]!.result as HitResult;
  return r.phones.find((p) => p.id === 'number=84951234567')!;
}

const link = async (key: string, args: Record<string, unknown>) => w.get('preview_link', { session_key: key, ...args });

describe('preview_link', () => {
  it('gives a link to the site with the campaign’s tags that gets a headless browser a number, for an hour', async () => {
    w = await dtApiWorld(POOL);
    const a = await w.login('a');
    const res = await link(a, { ac_id: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const { url, expires_at } = res.json().data as { url: string; expires_at: string };
    expect(url).toMatch(/^https:\/\/a\.test\/\?utm_source=ads&svc_preview=10\.\d+\.[\w-]{22}$/);
    expect(Date.parse(expires_at) - w.clock.ms).toBeGreaterThan(59 * 60_000);
    // From the office, after a colleague took the address's share, in a headless browser: a number all the same.
    expect((await view('https://a.test/?utm_source=ads', CHROME)).dt).toBe(true);
    expect((await view('https://a.test/?utm_source=ads', HEADLESS)).dt).toBe(false);
    const preview = await view(url, HEADLESS);
    expect(preview.dt).toBe(true);
    expect(POOL).toContain(preview.raw);
  });

  it('takes a path or an address on the site; refuses another site’s page and another customer’s campaign', async () => {
    w = await dtApiWorld(POOL);
    const a = await w.login('a');
    const url = async (page: string) => (await link(a, { ac_id: 10, page })).json().data.url as string;
    expect(await url('/prices?x=1')).toMatch(/^https:\/\/a\.test\/prices\?x=1&utm_source=ads&svc_preview=/);
    expect(await url('http://shop.a.test/p?utm_source=ads')).toMatch(/^http:\/\/shop\.a\.test\/p\?utm_source=ads&svc_preview=/);
    const foreign = await link(a, { ac_id: 10, page: 'https://evil.test/a.test' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('page');
    expect((await link(await w.login('b'), { ac_id: 10 })).statusCode).toBe(404);
  });

  it('takes a page of one of the site’s other addresses, whose page views the site accepts', async () => {
    w = await dtApiWorld(POOL);
    const a = await w.login('a');
    const staging = async () => link(a, { ac_id: 10, page: 'http://localhost:4211/p' });
    expect((await staging()).statusCode, 'not yet one of its addresses').toBe(400);
    expect((await w.post('change_site', a, { id: 1, origins: ['localhost:4211'] }, { action: 'PUT' })).statusCode).toBe(200);
    const res = await staging();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.url).toMatch(/^http:\/\/localhost:4211\/p\?utm_source=ads&svc_preview=/);
  });
});

describe('number_reasons', () => {
  it('counts the week’s visits that kept the site’s number by reason, the previews apart', async () => {
    w = await dtApiWorld(POOL);
    const a = await w.login('a');
    const url = (await link(a, { ac_id: 10 })).json().data.url as string;
    await view(url, HEADLESS);
    await view('https://a.test/?utm_source=ads', CHROME);
    await view('https://a.test/?utm_source=ads', CHROME);
    await view('https://a.test/?utm_source=ads', HEADLESS);
    await view('https://a.test/', CHROME);
    const of = async (args: Record<string, unknown>) =>
      (await w.get('number_reasons', { session_key: a, site_id: 1, ...args })).json().data;
    expect(await of({ ac_id: 10 })).toEqual({
      visits: 3,
      kept: 2,
      reasons: expect.arrayContaining([
        { reason: 'bot', visits: 1 },
        { reason: 'share', visits: 1 },
      ]),
      previews: 1,
    });
    expect(await of({ ac_id: -1 })).toEqual({ visits: 1, kept: 1, reasons: [{ reason: 'no_campaign', visits: 1 }], previews: 0 });
    expect((await of({})).kept).toBe(3);
    // The preview is no visit in the reports either: four visits, three of the campaign.
    const range = { session_key: a, site_id: 1, date_from: '2026-01-01', date_till: '2030-01-01' };
    expect((await w.get('stat', range)).json().data[0].visits_count).toBe(4);
    expect((await w.get('stat', { ...range, ac_id: 10 })).json().data[0].visits_count).toBe(3);
    const sales = (await w.get('advertising_sales', range)).json().data as Array<{ ac_id: number; sessions_count: number }>;
    expect(sales.find((r) => r.ac_id === 10)).toMatchObject({ sessions_count: 3 });
    // Nor in the console's daily counts.
    const buckets = await bucketCounts(w.server.store.db, { siteId: 1, from: timestamp(0), till: timestamp(w.clock.ms + 86_400_000) }, [
      'visits',
    ]);
    expect(buckets.reduce((n, b) => n + b.n, 0)).toBe(4);
    expect((await w.get('number_reasons', { session_key: await w.login('b'), site_id: 1 })).statusCode).toBe(404);
  });
});

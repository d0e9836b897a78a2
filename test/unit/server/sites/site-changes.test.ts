import { afterAll, describe, expect, it } from 'vitest';
import {
  blocksWorldEachTest,
  campaignWithCondition,
  expectAnswered,
  expectData,
  expectError,
  type ApiWorld,
  type BlocksWorld,
} from '../api-helpers.js';
import { REFUSAL_WRITE_EVERY_MS, lastRefusedOrigin, refusedOrigins } from '../../../../src/server/sites/refused-origins.js';
import { attribute } from '../../../../src/server/telephony/attribution.js';

/**
 * What a site's owner changes after creating it: the site's domain, extra origins and phone, its
 * snippet key, deleting it; a campaign's name, deleting it; and the rules that keep the data
 * telling the truth: one domain per customer, one number per campaign unless accepted, the last
 * refused page origin kept cheaply for "Check installation".
 */

let w: ApiWorld;
let a: string;
let rows: BlocksWorld['rows'];
blocksWorldEachTest((x) => ({ w, a, rows } = x));

const put = (fn: string, args: Record<string, unknown>) => w.post(fn, a, args, { action: 'PUT' });
const del = (fn: string, args: Record<string, unknown>) => w.post(fn, a, args, { action: 'DELETE' });
const newSite = async (domain: string, more: Record<string, unknown> = {}) =>
  expectData(await w.post('create_site', a, { domain, user_phone: '74951112233', ...more })) as { id: number; site_key: string };
/** A page view's CORS answer for a page at `origin`. */
const corsFor = async (siteKey: string, origin: string) =>
  (
    await w.server.app.inject({
      method: 'POST',
      url: `/w/${siteKey}`,
      headers: { 'content-type': 'text/plain', origin },
      payload: JSON.stringify({ visitor: null, writes: [] }),
    })
  ).headers['access-control-allow-origin'];

describe('a site’s domain', () => {
  it('is one site’s per customer: a twin is refused (409 100503, naming the site), another customer may have it', async () => {
    const first = await newSite('127.0.0.1');
    const twin = await w.post('create_site', a, { domain: '127.0.0.1', user_phone: '74951112233' });
    expectError(twin, 409, 100503);
    expect(twin.json().message).toBe(`100503: Duplicate domain 127.0.0.1: site ${first.id} has it`);
    expectError(await w.post('create_site', a, { domain: 'A.test', user_phone: '74951112233' }), 409, 100503);
    expectData(await w.post('create_site', await w.login('b'), { domain: '127.0.0.1', user_phone: '74951112233' }));
    expect(rows("SELECT count(*) AS n FROM sites WHERE domain = '127.0.0.1'")).toEqual([{ n: 2 }]);
  });

  it('change_site sets domain, extra origins and phone; site_detail shows them; a twin domain and another’s site are refused', async () => {
    const s = await newSite('shop.test');
    const changed = expectData(
      await put('change_site', {
        id: s.id,
        domain: 'Shop.Example',
        origins: ['www.shop.example', 'LOCALHOST:4211', 'https://staging.shop.example:8443/path', 'www.shop.example'],
        user_phone: '+7 (495) 000-11-22',
      }),
    );
    expect(changed).toEqual({
      id: s.id,
      domain: 'shop.example',
      origins: ['www.shop.example', 'localhost:4211', 'https://staging.shop.example:8443'],
      user_phone: '74950001122',
      site_key: s.site_key,
      widget_key: expect.stringMatching(/^wk-/),
    });
    expect(expectData(await w.get('site_detail', { session_key: a, id: s.id }))).toEqual(changed);
    expectError(await put('change_site', { id: s.id, domain: 'a.test' }), 409, 100503);
    expectError(await put('change_site', { id: s.id, origins: ['not a host'] }), 400, 100422);
    expectError(await put('change_site', { id: 2, domain: 'mine.test' }), 404, 100410);
    expectError(await w.get('site_detail', { session_key: a, id: 2 }), 404, 100410);
    expect(rows('SELECT domain FROM sites WHERE id = 2')).toEqual([{ domain: 'b.test' }]);
  });

  it('create_site takes the widgets’ language (the app sends its own) and extra origins; ru by default', async () => {
    const en = await newSite('en.test', { lang: 'en', origins: ['en-staging.test'] });
    const ru = await newSite('ru.test');
    expect(rows('SELECT settings, origins FROM sites WHERE id IN (?, ?) ORDER BY id', en.id, ru.id)).toEqual([
      { settings: JSON.stringify({ captcha: false, lang: 'en' }), origins: '["en-staging.test"]' },
      { settings: JSON.stringify({ captcha: false, lang: 'ru' }), origins: '[]' },
    ]);
  });
});

describe('extra origins and the last refused one', () => {
  it('a page on an extra origin is let in; a refused one is kept with why, and shown by site_installation', async () => {
    const s = await newSite('shop.test');
    expect(await corsFor(s.site_key, 'https://www.shop.test')).toBe('https://www.shop.test');
    expect(await corsFor(s.site_key, 'http://localhost:4211')).toBeUndefined();
    await expect.poll(() => lastRefusedOrigin(w.server.store.db, s.id)).not.toBeNull();
    const seen = expectData(await w.get('site_installation', { session_key: a, site_id: s.id })) as Record<string, unknown>;
    expect(seen.refused_origin).toEqual({ origin: 'http://localhost:4211', at: expect.any(String), reason: 'not_listed' });

    expectData(await put('change_site', { id: s.id, origins: ['localhost:4211', 'second.example'] }));
    // The change answers the refusal: it is forgotten.
    expect(
      (expectData(await w.get('site_installation', { session_key: a, site_id: s.id })) as Record<string, unknown>).refused_origin,
    ).toBe(null);
    expect(await corsFor(s.site_key, 'http://localhost:4211')).toBe('http://localhost:4211');
    expect(await corsFor(s.site_key, 'https://blog.second.example')).toBe('https://blog.second.example');
    expect(await corsFor(s.site_key, 'http://localhost:4212')).toBeUndefined();
  });

  it('under a flood of refusals, one write a minute per site', async () => {
    const s = await newSite('flood.test');
    const clock = { ms: 1_000_000 };
    let writes = 0;
    const counting = w.server.store.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'InsertQueryNode') writes++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const notes = refusedOrigins(counting, () => clock.ms);
    for (let i = 0; i < 1000; i++) notes.note(s.id, `http://attacker${i}.test`, 'not_listed');
    await expect.poll(() => lastRefusedOrigin(w.server.store.db, s.id)).toMatchObject({ origin: 'http://attacker0.test' });
    expect(writes).toBe(1);
    clock.ms += REFUSAL_WRITE_EVERY_MS;
    notes.note(s.id, 'http://later.test', 'not_web');
    await expect
      .poll(() => lastRefusedOrigin(w.server.store.db, s.id))
      .toEqual({ origin: 'http://later.test', reason: 'not_web', at_ms: clock.ms });
    expect(writes).toBe(2);
  });
});

describe('a site’s key and its deletion', () => {
  it('rotate_site_key: the old snippet stops working at once, the new one works', async () => {
    const s = await newSite('rotate.test');
    expect((await w.pageView(s.site_key, 'https://rotate.test/')).status).toBe(200);
    const { site_key } = expectData(await w.post('rotate_site_key', a, { id: s.id })) as { site_key: string };
    expect(site_key).not.toBe(s.site_key);
    expect((await w.pageView(s.site_key, 'https://rotate.test/')).status).not.toBe(200);
    expect((await w.pageView(site_key, 'https://rotate.test/')).status).toBe(200);
    expectError(await w.post('rotate_site_key', a, { id: 2 }), 404, 100410);
  });

  it('delete_site: its snippet stops, its campaigns are removed, its numbers are free; its traffic stays', async () => {
    const s = await newSite('gone.test');
    const c = await campaignWithCondition(w, a, s.id, 'Gone campaign', 'x');
    expectData(await w.post('number_block', a, { ac_id: c.ac_id, name: 'B', selector: '#p', numb: '74957770099' }));
    expect((await w.pageView(s.site_key, 'https://gone.test/')).status).toBe(200);
    expect(expectData(await del('delete_site', { id: s.id }))).toEqual({ campaigns: 1 });
    expect((await w.pageView(s.site_key, 'https://gone.test/')).status).not.toBe(200);
    expect((expectData(await w.get('site', { session_key: a })) as Array<{ id: number }>).map((x) => x.id)).toEqual([1]);
    expect(expectData(await w.get('ac', { session_key: a }))).toEqual([]);
    expectError(await w.get('site_detail', { session_key: a, id: s.id }), 404, 100410);
    expectError(await del('delete_site', { id: s.id }), 404, 100410);
    expect(rows('SELECT count(*) AS n FROM sessions WHERE site_id = ?', s.id)).toEqual([{ n: 1 }]);
    // Its number goes to a campaign of another site without a conflict, and its domain to a new site.
    const other = await campaignWithCondition(w, a, 1, 'Other', 'y');
    expectData(await w.post('number_block', a, { ac_id: other.ac_id, name: 'B', selector: '#p', numb: '74957770099' }));
    await newSite('gone.test');
    expectError(await del('delete_site', { id: 2 }), 404, 100410);
  });
});

describe('campaigns', () => {
  it('change_ac renames (a taken name is 100502); delete_ac removes it from lists, its name stays taken', async () => {
    const one = await campaignWithCondition(w, a, 1, 'One', 'one');
    await campaignWithCondition(w, a, 1, 'Two', 'two');
    expectData(await put('change_ac', { id: one.ac_id, name: 'First' }));
    expectError(await put('change_ac', { id: one.ac_id, name: 'Two' }), 409, 100502);
    expectError(await put('change_ac', { id: one.ac_id, name: '' }), 400, 100422);
    expect((expectData(await w.get('ac', { session_key: a })) as Array<{ name: string }>).map((c) => c.name)).toEqual(['First', 'Two']);
    expectData(await del('delete_ac', { id: one.ac_id }));
    expect((expectData(await w.get('ac', { session_key: a })) as Array<{ name: string }>).map((c) => c.name)).toEqual(['Two']);
    expect(rows('SELECT name, removed_at FROM ad_campaigns WHERE id = ?', one.ac_id)).toEqual([
      { name: 'First', removed_at: expect.any(String) },
    ]);
    expectError(await w.post('create_ac', a, { site_id: 1, name: 'First' }), 409, 100502);
    expectError(await del('delete_ac', { id: one.ac_id }), 404, 100410);
    expectError(await put('change_ac', { id: one.ac_id, name: 'Back' }), 404, 100410);
  });

  it('one number in two campaigns is refused naming the other (409 100409), unless allow_shared_number', async () => {
    const one = await campaignWithCondition(w, a, 1, 'Spring sale', 'one');
    const two = await campaignWithCondition(w, a, 1, 'Autumn', 'two');
    expectData(await w.post('number_block', a, { ac_id: one.ac_id, name: 'Main', selector: '#p', numb: '74957770099' }));
    const refused = await w.post('number_block', a, { ac_id: two.ac_id, name: 'Main', selector: '#p', numb: '74957770099' });
    expectError(refused, 409, 100409);
    expect(refused.json().message).toContain(`campaign "Spring sale" (${one.ac_id})`);
    // In a pool, or written another way (8…), it is the same number.
    expectError(
      await w.post('number_block', a, { ac_id: two.ac_id, name: 'DT', selector: '#d', dt_pool_numbers: ['84957770099'] }),
      409,
      100409,
    );
    const own = expectData(await w.post('number_block', a, { ac_id: two.ac_id, name: 'Own', selector: '#o', numb: '74957770098' })) as {
      id: number;
    };
    expectError(await w.post('number_block', a, { id: own.id, numb: '74957770099' }, { action: 'PUT' }), 409, 100409);
    // The same campaign may show it twice; the owner may accept sharing.
    expectData(await w.post('number_block', a, { ac_id: one.ac_id, name: 'Again', selector: '#q', numb: '74957770099' }));
    expectData(
      await w.post('number_block', a, { ac_id: two.ac_id, name: 'Shared', selector: '#s', numb: '74957770099', allow_shared_number: true }),
    );
    // A deleted campaign gives its numbers back.
    const three = await campaignWithCondition(w, a, 1, 'Three', 'three');
    expectData(await w.post('number_block', a, { ac_id: three.ac_id, name: 'T', selector: '#t', numb: '74957770042' }));
    const callTo = async (n: string) => (await attribute(w.server.store.db, n, '79160000001', w.clock.ms))?.acId;
    expect(await callTo('74957770042')).toBe(three.ac_id);
    expectData(await del('delete_ac', { id: three.ac_id }));
    // Until the number is used again, its calls keep the deleted campaign; then they are the new one's.
    expect(await callTo('74957770042')).toBe(three.ac_id);
    expectData(await w.post('number_block', a, { ac_id: one.ac_id, name: 'Reused', selector: '#r', numb: '74957770042' }));
    expect(await callTo('74957770042')).toBe(one.ac_id);
    // A number two live campaigns show is credited to the site, with no campaign.
    expect(await callTo('74957770099')).toBe(-1);
  });
});

afterAll(() =>
  expectAnswered(['GET site_detail', 'PUT change_site', 'POST rotate_site_key', 'DELETE delete_site', 'PUT change_ac', 'DELETE delete_ac']),
);

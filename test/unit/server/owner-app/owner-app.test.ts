import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCapacityNumber } from '../../../../src/server/numbers/queries.js';
import { apiWorld, expectAnswered, type ApiWorld } from '../api-helpers.js';
import { restCall } from './rest-call.js';

/**
 * The app's reads as REST extensions: who is signed in, whether a site's snippet was seen, the
 * regions to buy numbers in, the journal of every kind of communication, newest first and paged in
 * SQL, the campaign report's chart, and the standard tags. Each takes the REST session key and
 * reaches what the REST API lets that key reach.
 */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});

afterAll(() =>
  expectAnswered([
    'GET me',
    'GET customer',
    'GET site_installation',
    'GET region',
    'GET journal',
    'GET daily_report',
    'POST create_standard_tags',
  ]),
);

const get = (fn: string, key: string | undefined, args: Record<string, unknown> = {}) => restCall(w, 'GET', fn, key, args);
/** Moscow's day `days` from today, YYYY-MM-DD (the test customers' zone). */
const day = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * 864e5).toISOString().slice(0, 10);

describe('who is signed in', () => {
  it('answers a customer with its customer and zone, an agent with its customers', async () => {
    const a = await get('me', await w.login('a'));
    expect(a.body.data).toEqual({
      role: 'customer',
      customer: { id: 1, name: 'A', state: 'active', time_zone: 'Europe/Moscow' },
      customers: [],
    });
    const x = await get('me', await w.login('x'));
    expect(x.body.data).toMatchObject({ role: 'agent', customer: null, customers: [{ id: 1 }, { id: 2 }] });
  });

  it('refuses a missing or unknown key with a 401 envelope', async () => {
    for (const key of [undefined, 'nope']) {
      const r = await get('me', key);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ success: false, message: '102401: Unauthorized' });
    }
  });

  it("lists all of an agent's customers whichever it names, and refuses another agent's", async () => {
    const x = await w.login('x');
    expect((await get('me', x, { customer_id: 2 })).body.data).toMatchObject({ customers: [{ id: 1 }, { id: 2 }] });
    expect((await get('me', x, { customer_id: 3 })).status).toBe(403);
  });

  it("gives an agent its customer's zone, and refuses another agent's customer", async () => {
    const x = await w.login('x');
    expect((await get('customer', x, { customer_id: 2 })).body.data).toMatchObject({ id: 2, time_zone: 'Europe/Moscow' });
    const other = await get('customer', x, { customer_id: 3 });
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/^102403: Access denied/);
  });
});

describe('installation check', () => {
  it('says when the server last saw a page view of the site, and null before the first', async () => {
    const a = await w.login('a');
    expect((await get('site_installation', a, { site_id: 1 })).body.data).toEqual({ last_page_view: null, refused_origin: null });
    const before = Date.now();
    expect((await w.pageView('site-1', 'http://a.test/')).status).toBe(200);
    const seen = (await get('site_installation', a, { site_id: 1 })).body.data as { last_page_view: string };
    expect(Date.parse(seen.last_page_view)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("answers another customer's site as none, and a bad id with a 400 envelope", async () => {
    const a = await w.login('a');
    expect((await get('site_installation', a, { site_id: 3 })).status).toBe(404);
    const bad = await get('site_installation', a, { site_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^100422: Invalid parameter site_id/);
  });
});

describe('regions', () => {
  it('lists the regions of the capacity with the numbers still free', async () => {
    for (const n of ['74957000001', '74957000002'])
      await addCapacityNumber(w.server.store.db, { region: '495', phone_number: n, category: 'local' });
    await addCapacityNumber(w.server.store.db, { region: '812', phone_number: '78127000001', category: 'local' });
    const a = await w.login('a');
    expect((await w.post('buy_number', a, { region: '495' })).statusCode).toBe(200);
    expect((await get('region', a)).body.data).toEqual([
      { region: '495', category: 'local', free: 1 },
      { region: '812', category: 'local', free: 1 },
    ]);
  });
});

describe('journal', () => {
  it('lists every kind newest first, paged, with its campaign, visit and sale', async () => {
    const a = await w.login('a');
    const v = await w.visit('site-1', 'http://a.test/landing?utm_source=yandex&utm_medium=cpc');
    const oldest = ((await v.send('offline_request', { message: 'first' })) as { offline_message_id: number }).offline_message_id;
    await v.send('offline_request', { message: 'second' });
    const third = ((await v.send('offline_request', { message: 'third' })) as { offline_message_id: number }).offline_message_id;
    expect(
      (
        await w.post('tag_communication_sale', a, {
          object_id: third,
          object_type: 'offline_message',
          cost: 1500.5,
          date_time: day(0),
        })
      ).statusCode,
    ).toBe(200);
    const page = (q: Record<string, unknown>) => get('journal', a, { site_id: 1, date_from: day(-1), date_till: day(1), ...q });
    const first = await page({ limit: 2 });
    expect(first.headers['x-total-count']).toBe('3');
    const page1 = first.body.data as Array<Record<string, unknown>>;
    expect(page1.map((i) => i.detail)).toEqual(['third', 'second']);
    expect(page1[0]).toMatchObject({
      type: 'offline_message',
      id: third,
      ac_id: -1,
      utm_source: 'yandex',
      utm_medium: 'cpc',
      entrance_page: 'http://a.test/landing?utm_source=yandex&utm_medium=cpc',
      sale: 1500.5,
      tags: [{ tag: 'Sale' }],
    });
    const page2 = (await page({ limit: 2, offset: 2 })).body.data as Array<{ id: number }>;
    expect(page2.map((i) => i.id)).toEqual([oldest]);
    const past = await page({ limit: 2, offset: 3 });
    expect(past.body.data).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
  });

  it('refuses bad ranges and limits with a 400 envelope, and another customer’s site with a 404', async () => {
    const a = await w.login('a');
    const today = { site_id: 1, date_from: day(0), date_till: day(0) };
    for (const [q, message] of [
      [{ ...today, date_from: '2026-13-01' }, '100422: Invalid parameter date_from'],
      [{ ...today, date_till: day(-1) }, '100422: Invalid parameter date_till'],
      [{ ...today, limit: 101 }, '100413: Invalid parameter limit: at most 100'],
      [{ ...today, sort: 'x' }, '100423: Unknown parameter sort'],
    ] as const) {
      const r = await get('journal', a, q);
      expect(r.status, message).toBe(400);
      expect(r.body.message, message).toMatch(new RegExp(`^${message}`));
    }
    expect((await get('journal', a, { ...today, site_id: 3 })).status).toBe(404);
  });
});

describe('daily calls', () => {
  it('counts calls per campaign per day of the customer, every day of the range listed', async () => {
    const a = await w.login('a');
    const v = await w.visit('site-1', 'http://a.test/');
    await v.send('sitephone', { phone: '79990001111' });
    await v.send('sitephone', { phone: '79990002222' });
    const r = await get('daily_report', a, { site_id: 1, date_from: day(-2), date_till: day(0) });
    expect(r.body.data).toEqual({
      days: [day(-2), day(-1), day(0)],
      campaigns: [{ id: -1, name: '', is_removed: false }],
      calls: [[0, 0, 2]],
    });
  });

  it('refuses a range longer than a year and a day, or backwards', async () => {
    const a = await w.login('a');
    for (const q of [
      { date_from: '2025-01-01', date_till: '2026-06-01' },
      { date_from: day(0), date_till: day(-1) },
    ]) {
      const r = await get('daily_report', a, { site_id: 1, ...q });
      expect(r.status, q.date_from).toBe(400);
      expect(r.body.message).toMatch(/^100422: Invalid parameter date_till/);
    }
  });
});

describe('standard tags', () => {
  it('makes Target and Not target for a customer without them, once, and keeps the ones it has', async () => {
    const post = async (key: string, args: Record<string, unknown>) => {
      const r = await restCall(w, 'POST', 'create_standard_tags', key, args);
      return { status: r.status, body: r.body as { data?: Array<{ id: number; name: string }>; message?: string } };
    };
    const b = await w.login('b');
    const made = await post(b, {});
    expect(made.body.data!.map((t) => t.name)).toEqual(['Target', 'Not target']);
    expect((await post(b, {})).body.data).toEqual(made.body.data);
    const listed = (await w.get('tag', { session_key: b })).json().data as Array<{ id: number; name: string }>;
    expect(listed).toEqual(made.body.data);
    const a = await w.login('a');
    const target = ((await w.get('tag', { session_key: a })).json().data as Array<{ id: number; name: string }>).find(
      (t) => t.name === 'Target',
    )!;
    expect((await post(a, {})).body.data![0]).toEqual(target);
    const bad = await post(a, { name: 'Anything' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^100423: Unknown parameter name/);
  });
});

describe('the page', () => {
  it('answers every view under /app/ with the page under its policy; unknown app reads stay 404', async () => {
    for (const path of ['/app/', '/app/journal', '/app/campaigns/7']) {
      const res = await w.server.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<script type="module" src="/app/app.js">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    // The app's reads are REST functions now: under /app/api/ only the employee's routes remain.
    for (const url of ['/app/api/nothing', '/app/api/me', '/app/api/journal', '/app/api/regions']) {
      const api = await w.server.app.inject({ method: 'GET', url });
      expect(api.statusCode, url).toBe(404);
      expect(api.json()).toEqual({ success: false, message: '404000: Not found' });
    }
  });
});

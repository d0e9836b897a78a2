import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HitResult, VisitorRef, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createCallbackDispatcher } from '../../../../src/server/callback/dispatch.js';
import { queuePlatform } from '../../../../src/server/callback/platform.js';
import type { Hub, Topic } from '../../../../src/server/consultant/chat/hub.js';
import { createSiteLookup } from '../../../../src/server/sites/lookup.js';
import { visitorsFeature } from '../../../../src/server/visitors/routes.js';
import { writeRoute } from '../../../../src/server/ingest/route.js';
import { hitWrite, testServer, wid } from '../helpers.js';
import { windowCounters } from '../../../../src/server/store/window-counters.js';
import { createPropertyQuota } from '../../../../src/server/visitors/property-quota.js';
import { createLeasePolicy } from '../../../../src/server/leases/lease-policy.js';
import { pageViewDeps } from '../../../../src/server/page-view/pipeline.js';
import { writeHandlers } from '../../../../src/server/write-handlers.js';
import { firstVisitLimit } from '../../../../src/server/tracking/first-visits.js';
import { hitOfSite } from '../../../../src/server/tracking/queries.js';

let server: ConsultantServer;
beforeEach(async () => {
  server = await testServer();
});
afterEach(async () => {
  await server.close();
});

async function post(body: unknown, siteKey = 'site-a') {
  const res = await server.app.inject({
    method: 'POST',
    url: `/w/${siteKey}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(body),
  });
  return res.json() as WriteResponse;
}

/** A visitor with one page view; `write(type, data)` makes a write on that page view. */
async function visitor(url = 'http://localhost/landing?utm_source=ads&gclid=g1') {
  const h = hitWrite(url);
  const first = await post({ visitor: null, writes: [h] });
  const ref = first.visitor as VisitorRef;
  const creds = first.results[0]!.result as HitResult;
  const write = (type: string, data: unknown) => ({ id: wid(), type, hit: h.id, at: Date.now(), data });
  const send = async (...writes: unknown[]) => (await post({ visitor: ref, writes })).results;
  return { ref, creds, write, send, hit: h };
}

const q = (sql: string, ...args: unknown[]) => server.db.prepare(sql).all(...args);

describe('visitor properties', () => {
  it('sets, reads, overwrites and deletes, in the order of the batch', async () => {
    const v = await visitor();
    const r = await v.send(
      v.write('property_get', { name: 'client' }),
      v.write('property_set', { name: 'client', value: 'gold' }),
      v.write('property_get', { name: 'client' }),
      v.write('property_set', { name: 'client' }),
      v.write('property_get', { name: 'client' }),
      v.write('property_delete', { name: 'client' }),
      v.write('property_get', { name: 'client' }),
    );
    expect(r.map((x) => [x.success, x.result])).toEqual([
      [true, false],
      [true, undefined],
      [true, 'gold'],
      [true, undefined],
      [true, null],
      [true, undefined],
      [true, false],
    ]);
  });

  it('keeps properties per visitor and refuses bad names', async () => {
    const a = await visitor();
    const b = await visitor();
    await a.send(a.write('property_set', { name: 'x', value: '1' }));
    const [mine, theirs] = [await a.send(a.write('property_get', { name: 'x' })), await b.send(b.write('property_get', { name: 'x' }))];
    expect(mine[0]!.result).toBe('1');
    expect(theirs[0]!.result).toBe(false);
    const bad = await a.send(
      a.write('property_set', { name: '' }),
      a.write('property_set', { name: 'x'.repeat(256) }),
      a.write('property_set', { name: 'n', value: true }),
    );
    expect(bad.map((x) => [x.success, x.code?.split(':')[0]])).toEqual([
      [false, 'empty'],
      [false, 'invalid'],
      [false, 'invalid_value'],
    ]);
  });
});

describe('visitor info', () => {
  it('overwrites the name and keeps e-mails and phones unique', async () => {
    const v = await visitor();
    const r = await v.send(
      v.write('visitor_info', { name: 'Ann', email: 'ann@example.com', phone: '+7 (495) 123-45-67' }),
      v.write('visitor_info', { name: 'Anna', email: 'ANN@example.com', phone: '74951234567' }),
      v.write('visitor_info', { email: 'ann@work.example' }),
    );
    expect(r.every((x) => x.success)).toBe(true);
    expect(q('SELECT name FROM visitors WHERE id = ?', v.ref.id)).toEqual([{ name: 'Anna' }]);
    expect(q('SELECT email FROM visitor_emails WHERE visitor_id = ? ORDER BY rowid', v.ref.id)).toEqual([
      { email: 'ann@example.com' },
      { email: 'ann@work.example' },
    ]);
    expect(q('SELECT phone, digits FROM visitor_phones WHERE visitor_id = ?', v.ref.id)).toEqual([
      { phone: '+7 (495) 123-45-67', digits: '74951234567' },
    ]);
  });

  it('refuses empty data, bad e-mails and phones; ignores fields it does not know', async () => {
    const v = await visitor();
    const r = await v.send(
      v.write('visitor_info', {}),
      v.write('visitor_info', { email: 'nope' }),
      v.write('visitor_info', { phone: 'call me' }),
      v.write('visitor_info', { phone: '12' }),
      v.write('visitor_info', { name: 'A', age: 3 }),
    );
    expect(r.map((x) => x.success)).toEqual([false, false, false, false, true]);
    expect(r.map((x) => x.code)).toEqual([
      'empty',
      'invalid: email: must be an e-mail address',
      'invalid: phone: must be a phone number',
      'invalid: phone: must be a phone number',
      undefined,
    ]);
  });
});

describe('offline requests from the page', () => {
  it('stores the request once with its visitor, session, page and campaign context', async () => {
    const v = await visitor();
    const w = v.write('offline_request', {
      name: 'Bob',
      email: 'bob@example.com',
      phone: '+7 999 000-11-22',
      message: 'Call me',
      is_sale: true,
      sale_cost: '1500,50',
      group_id: 3,
      form_name: 'order',
    });
    const [r] = await v.send(w);
    expect(r).toMatchObject({ success: true, result: { offline_message_id: expect.any(Number) } });
    // The answer was lost: the retry stores nothing again and answers the same.
    const [again] = await v.send(w);
    expect(again).toEqual(r);
    const rows = q('SELECT * FROM offline_messages') as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      site_id: 1,
      visitor_id: v.creds.visitor_id,
      session_id: v.creds.session_id,
      hit_id: v.creds.hit_id,
      source: 'page',
      status: 'unprocessed',
      name: 'Bob',
      email: 'bob@example.com',
      phone: '+7 999 000-11-22',
      message: 'Call me',
      is_sale: 1,
      sale_cost: 1500.5,
      group_id: 3,
      form_name: 'order',
      page_url: 'http://localhost/landing?utm_source=ads&gclid=g1',
      utm_source: 'ads',
      gclid: 'g1',
      ac_id: -1,
      visitor_type: 'new',
      visits_count: 1,
    });
    expect(rows[0]!.sale_date).toBe(rows[0]!.date_time);
    // Its e-mail and phone join the visitor's lists; the name too, the visitor having none.
    expect(q('SELECT name FROM visitors WHERE id = ?', v.ref.id)).toEqual([{ name: 'Bob' }]);
    expect(q('SELECT email FROM visitor_emails')).toEqual([{ email: 'bob@example.com' }]);
  });

  it('refuses what the spec does not allow', async () => {
    const v = await visitor();
    const r = await v.send(
      v.write('offline_request', { form_name: 'only a form name' }),
      v.write('offline_request', { message: 'x', sale_cost: '10' }),
      v.write('offline_request', { message: 'x', is_sale: 'yes' }),
      v.write('offline_request', { message: 'x', is_sale: true, sale_cost: 'ten' }),
      v.write('offline_request', { message: 'x', group_id: 1.5 }),
      v.write('offline_request', { message: 'x', email: 'not-an-email' }),
    );
    expect(r.map((x) => x.code)).toEqual([
      'invalid: name, email, phone or message is required',
      'invalid: sale_cost: requires is_sale true',
      expect.stringMatching(/^invalid: is_sale/),
      'invalid: sale_cost: must be a decimal number',
      expect.stringMatching(/^invalid: group_id/),
      'invalid: email: must be an e-mail address',
    ]);
    expect(q('SELECT count(*) n FROM offline_messages')).toEqual([{ n: 0 }]);
  });

  it("falls back to the visitor's last page view when the named one is unknown", async () => {
    const v = await visitor();
    const w = { ...v.write('offline_request', { message: 'from a refused page' }), hit: wid() };
    const [r] = await v.send(w);
    expect(r!.success).toBe(true);
    expect(q('SELECT hit_id FROM offline_messages')).toEqual([{ hit_id: v.creds.hit_id }]);
  });
});

describe('retries', () => {
  it('restores the visitor of a first visit whose answer was lost, so later writes are not refused', async () => {
    const h = hitWrite();
    const req = { id: wid(), type: 'offline_request', hit: h.id, at: Date.now(), data: { message: 'hi' } };
    const first = await post({ visitor: null, writes: [h, req] });
    // The browser never saw that answer: it sends the same batch again, still without a visitor.
    const again = await post({ visitor: null, writes: [h, req] });
    expect(again.visitor).toEqual(first.visitor);
    expect(again.results.map((r) => r.success)).toEqual([true, true]);
    expect(q('SELECT count(*) n FROM offline_messages')).toEqual([{ n: 1 }]);
    expect(q('SELECT count(*) n FROM visitors')).toEqual([{ n: 1 }]);
  });
});

describe('POST /api/add_offline_message/', () => {
  async function send(fields: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/add_offline_message/',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
    return { status: res.statusCode, body: res.json() as { success: boolean; message?: string }, type: res.headers['content-type'] };
  }
  const creds = (c: HitResult) => ({
    key: c.key,
    uri: c.uri,
    visitor_id: String(c.visitor_id),
    hit_id: String(c.hit_id),
    session_id: String(c.session_id),
  });

  it('stores a request sent with matching credentials', async () => {
    const v = await visitor();
    const r = await send({
      ...creds(v.creds),
      consultant_server_url: v.creds.consultant_server_url,
      name: 'Кира',
      email: 'kira@example.com',
      phone: '',
      text: 'Перезвоните',
      is_sale: 'true',
      sale_cost: '990',
    });
    expect(r).toMatchObject({ status: 200, body: { success: true } });
    expect(r.type).toMatch(/^application\/json/);
    expect(
      q('SELECT source, name, email, phone, message, is_sale, sale_cost, hit_id, session_id, utm_source FROM offline_messages'),
    ).toEqual([
      {
        source: 'server',
        name: 'Кира',
        email: 'kira@example.com',
        phone: null,
        message: 'Перезвоните',
        is_sale: 1,
        sale_cost: 990,
        hit_id: v.creds.hit_id,
        session_id: v.creds.session_id,
        utm_source: 'ads',
      },
    ]);
  });

  it('refuses credentials that do not belong together, and bad fields', async () => {
    const a = await visitor();
    const b = await visitor();
    const ok = creds(a.creds);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ ...ok, key: 'wk-b' }, 403, '403002: Credentials do not belong together'],
      [{ ...ok, key: 'nope' }, 403, '403002: Credentials do not belong together'],
      [{ ...ok, uri: 'evil.example' }, 403, '403002: Credentials do not belong together'],
      [{ ...ok, visitor_id: String(b.creds.visitor_id) }, 403, '403002: Credentials do not belong together'],
      [{ ...ok, hit_id: String(b.creds.hit_id) }, 403, '403002: Credentials do not belong together'],
      [{ ...ok, session_id: String(b.creds.session_id) }, 403, '403002: Credentials do not belong together'],
      [{ ...ok, visitor_id: 'x' }, 400, '400002: Invalid request: visitor_id: must be an integer id'],
      [{ key: ok.key, text: 'hi' }, 400, '400002: Invalid request: uri'],
      [{ ...ok, text: '' }, 400, '400002: Invalid request: name, email, phone or message is required'],
      [{ ...ok, text: 'hi', sale_cost: '5' }, 400, '400002: Invalid request: sale_cost: requires is_sale true'],
      [{ ...ok, text: 'hi', is_sale: 'maybe' }, 400, '400002: Invalid request: is_sale'],
    ];
    for (const [fields, status, message] of cases) {
      const r = await send({ text: 'hi', ...fields });
      expect(r.status, message).toBe(status);
      expect(r.body.success).toBe(false);
      expect(r.body.message!.startsWith(message), `${r.body.message} starts with ${message}`).toBe(true);
    }
    expect(q('SELECT count(*) n FROM offline_messages')).toEqual([{ n: 0 }]);
  });
});

describe('GET /vc/s/', () => {
  const get = async (params: Record<string, string>) => {
    const res = await server.app.inject({ method: 'GET', url: '/vc/s/?' + new URLSearchParams(params).toString() });
    return { status: res.statusCode, body: res.json() as Record<string, unknown>, headers: res.headers };
  };

  it('adds visitor data with the widget key or the site key; s=1 hides the system fields', async () => {
    const v = await visitor();
    const base = { ur: v.creds.uri, ci: String(v.creds.visitor_id), hi: String(v.creds.hit_id) };
    const full = await get({ k: 'wk-a', ...base, vn: 'Dan', ve: 'dan@example.com', vp: '+7 900 111 22 33' });
    expect(full.status).toBe(200);
    expect(full.body).toEqual({ success: true, visitor_id: v.creds.visitor_id, session_id: v.creds.session_id, hit_id: v.creds.hit_id });
    expect(full.headers['access-control-allow-origin']).toBe('*');
    const short = await get({ sk: 'site-a', ...base, ve: 'dan@example.com', vp: '79001112233', s: '1' });
    expect(short.body).toEqual({ success: true });
    expect(q('SELECT name FROM visitors WHERE id = ?', v.ref.id)).toEqual([{ name: 'Dan' }]);
    expect(q('SELECT count(*) n FROM visitor_emails')).toEqual([{ n: 1 }]);
    expect(q('SELECT count(*) n FROM visitor_phones')).toEqual([{ n: 1 }]);
  });

  it('refuses mismatched credentials and empty or bad data', async () => {
    const a = await visitor();
    const b = await visitor();
    const base = { k: 'wk-a', ur: a.creds.uri, ci: String(a.creds.visitor_id), hi: String(a.creds.hit_id) };
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ ...base, k: 'wk-b', vn: 'x' }, 403, '403002'],
      [{ ...base, k: '', sk: 'site-b', vn: 'x' }, 403, '403002'],
      [{ ...base, k: '', vn: 'x' }, 403, '403002: Credentials do not belong together'],
      [{ ...base, hi: String(b.creds.hit_id), vn: 'x' }, 403, '403002'],
      [{ ...base, ur: 'elsewhere', vn: 'x' }, 403, '403002'],
      [{ ...base }, 400, '400002: Invalid request: name, email or phone is required'],
      [{ ...base, ve: 'bad' }, 400, '400002: Invalid request: email'],
      [{ ...base, ci: '-1', vn: 'x' }, 400, '400002: Invalid request: ci'],
    ];
    for (const [params, status, message] of cases) {
      const r = await get(params);
      expect(r.status, message).toBe(status);
      expect(String(r.body.message).startsWith(message), `${r.body.message} starts with ${message}`).toBe(true);
    }
    expect(q('SELECT name FROM visitors WHERE id = ?', a.ref.id)).toEqual([{ name: null }]);
  });
});

describe("the page's arguments, as the snippet sends them unchecked", () => {
  it('takes numbers as text, leaves out empty fields, ignores unknown ones, and refuses with the codes the page sees', async () => {
    const v = await visitor();
    const ok = await v.send(
      v.write('property_set', { name: 7, value: 5 }),
      v.write('property_get', { name: '7' }),
      v.write('property_set', { name: 'flag', value: null }),
      v.write('property_get', { name: 'flag', note: 'ignored' }),
      v.write('event', { category: 'form', action: 2, name: '', value: null }),
      v.write('visitor_info', { name: 'Ann', age: 40, phone: '' }),
      v.write('offline_request', { message: 'hi', is_sale: null, group_id: null, form_name: 'contact', extra: { x: 1 } }),
    );
    expect(ok.map((r) => [r.success, r.code])).toEqual(ok.map(() => [true, undefined]));
    expect(ok[1]!.result).toBe('5');
    expect(ok[3]!.result).toBeNull();
    expect(q('SELECT category, action, label, value FROM goals WHERE visitor_id = ?', v.creds.visitor_id)).toEqual([
      { category: 'form', action: '2', label: null, value: null },
    ]);
    const bad = await v.send(
      v.write('visitor_info', null),
      v.write('visitor_info', 'Ann'),
      v.write('visitor_info', { age: 40 }),
      v.write('visitor_info', { name: ['A'] }),
      v.write('offline_request', { message: 'x'.repeat(5000) }),
      v.write('property_get', {}),
      v.write('event', { category: 'c', action: { a: 1 } }),
    );
    expect(bad.map((r) => r.code)).toEqual([
      'invalid_request',
      'invalid_request',
      'empty',
      'invalid_name',
      'invalid_message',
      'empty',
      'invalid_action',
    ]);
  });
});

describe('the console hears of offline requests', () => {
  it("pokes the site's topic once a request is stored, by the page and by the site's server", async () => {
    // The feature alone on a bare app with a hub that records its pokes: no other hook pokes here.
    const pokes: Topic[] = [];
    const hub = { poke: (...topics: Topic[]) => pokes.push(...topics) } as unknown as Hub;
    const app = Fastify();
    const sites = createSiteLookup(server.store);
    const leasePolicy = createLeasePolicy();
    const firstVisits = firstVisitLimit(windowCounters(server.store));
    await writeRoute(app, {
      store: server.store,
      sites,
      handlers: writeHandlers({
        pageView: pageViewDeps(server.store, leasePolicy, firstVisits),
        hub,
        callbackDispatcher: createCallbackDispatcher(server.store, queuePlatform),
        propertyQuota: createPropertyQuota(windowCounters(server.store)),
      }),
      firstVisits,
      leasePolicy,
    });
    await visitorsFeature(app, { store: server.store, sites, hub, hitOfSite });
    try {
      // site-b: its id is 2 (helpers.ts).
      const h = hitWrite('http://other.example/page');
      const page = await app.inject({ method: 'POST', url: '/w/site-b', payload: { visitor: null, writes: [h] } });
      const first = page.json() as WriteResponse;
      const creds = first.results[0]!.result as HitResult;
      expect(pokes).toEqual([]);
      const write = { id: wid(), type: 'offline_request', hit: h.id, at: Date.now(), data: { message: 'hi' } };
      const r = await app.inject({ method: 'POST', url: '/w/site-b', payload: { visitor: first.visitor, writes: [write] } });
      expect((r.json() as WriteResponse).results[0]!.success).toBe(true);
      expect(pokes).toEqual(['site:2']);
      const form = {
        key: creds.key,
        uri: creds.uri,
        visitor_id: String(creds.visitor_id),
        hit_id: String(creds.hit_id),
        session_id: String(creds.session_id),
        text: 'hi',
      };
      const res = await app.inject({
        method: 'POST',
        url: '/api/add_offline_message/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(pokes).toEqual(['site:2', 'site:2']);
      expect(q('SELECT source FROM offline_messages WHERE site_id = 2 ORDER BY id')).toEqual([{ source: 'page' }, { source: 'server' }]);
    } finally {
      await app.close();
    }
  });
});

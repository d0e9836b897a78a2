import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_FUNCTIONS } from '../../../../src/server/rest-functions.js';
import { dayOf, formatDate, parseDate } from '../../../../src/server/identity/dates.js';
import { apiWorld, expectData, expectError, fromXml, giveNumbers, type ApiWorld } from '../api-helpers.js';

/** The REST API's conventions (rest-api.md sections 4, 5, 7, 8, 9) through app.inject. */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});

const inject = (o: InjectOptions) => w.server.app.inject(o);

describe('login and logout', () => {
  it('logs in with JSON, form fields, JSON args and GET; answers {success, data: {session_key}}', async () => {
    const json = await inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
    expect(json.json()).toEqual({ success: true, data: { session_key: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const form = await inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'login=a&password=pw-a',
    });
    expect(expectData(form)).toEqual({ session_key: expect.any(String) });
    const args = await inject({ method: 'POST', url: '/api/login', payload: { args: { login: 'x', password: 'pw-x' } } });
    expect(expectData(args)).toEqual({ session_key: expect.any(String) });
    const get = await inject({ method: 'GET', url: '/api/login/?login=a&password=pw-a', headers: { accept: 'application/json' } });
    const key = (expectData(get) as { session_key: string }).session_key;
    expectData(await w.get('site', { session_key: key }));
  });

  it('logs in with a multipart form; a file part, an unknown field or a wrong password is refused', async () => {
    const multipart = (parts: Array<[string, string, string?]>) => {
      const boundary = '----svc-test-boundary';
      const body =
        parts
          .map(
            ([name, value, file]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: text/plain` : ''}\r\n\r\n${value}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`;
      return inject({
        method: 'POST',
        url: '/api/login/',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
        payload: body,
      });
    };
    const ok = await multipart([
      ['login', 'x'],
      ['password', 'pw-x'],
    ]);
    const key = (expectData(ok) as { session_key: string }).session_key;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expectData(await w.get('customer_list', { session_key: key }));
    expectError(
      await multipart([
        ['login', 'x'],
        ['password', 'nope'],
      ]),
      401,
      102402,
    );
    expectError(
      await multipart([
        ['login', 'x'],
        ['password', 'pw-x'],
        ['other', '1'],
      ]),
      400,
      100423,
    );
    const file = await multipart([
      ['login', 'x'],
      ['password', 'pw-x', 'p.txt'],
    ]);
    expect(file.statusCode).toBeGreaterThanOrEqual(400);
    expect(file.statusCode).toBeLessThan(500);
    expect(file.json()).toMatchObject({ success: false, message: expect.stringMatching(/^\d{6}: /) });
    // Multipart is the login's only: another function refuses it as a type it does not take.
    const other = await inject({
      method: 'POST',
      url: '/api/v1/site/',
      headers: { 'content-type': 'multipart/form-data; boundary=b', accept: 'application/json' },
      payload: '--b\r\nContent-Disposition: form-data; name="session_key"\r\n\r\n' + key + '\r\n--b--\r\n',
    });
    expectError(other, 415, 415001);
  });

  it('refuses a wrong password, an unknown login, missing fields and a bad body with codes', async () => {
    expectError(await inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'nope' } }), 401, 102402);
    expectError(await inject({ method: 'POST', url: '/api/login/', payload: { login: 'zz', password: 'pw-a' } }), 401, 102402);
    expectError(await inject({ method: 'POST', url: '/api/login/', payload: { login: 'a' } }), 400, 100400);
    expectError(await inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a', x: 1 } }), 400, 100423);
    expectError(
      await inject({ method: 'POST', url: '/api/login/', headers: { 'content-type': 'application/json' }, payload: '{"login":' }),
      400,
      100401,
    );
    expectError(await inject({ method: 'POST', url: '/api/login/', payload: [1, 2] }), 400, 100401);
  });

  it('limits brute force: after 10 failures of a login from one address, 429 before any password check', async () => {
    for (let i = 0; i < 10; i++) {
      expectError(await inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: `bad${i}` } }), 401, 102402);
    }
    // The right password no longer helps from this address…
    expectError(await inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } }), 429, 102429);
    // …until the window has passed.
    w.clock.ms += 16 * 60 * 1000;
    expectData(await inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } }));
    // Another login from the same address is not locked by a's failures.
    expectData(await inject({ method: 'POST', url: '/api/login/', payload: { login: 'b', password: 'pw-b' } }));
  });

  it('counts IPv6 clients by their /64, with the console sign-in guard', async () => {
    const from = (remoteAddress: string, password: string) =>
      inject({ method: 'POST', url: '/api/login/', remoteAddress, payload: { login: 'a', password } });
    for (let i = 0; i < 10; i++) expectError(await from(`2001:db8:1:2::${i + 1}`, `bad${i}`), 401, 102402);
    // Another address of the same /64 is the same client…
    const locked = await from('2001:db8:1:2:ffff::1', 'pw-a');
    expectError(locked, 429, 102429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // …another /64 is not.
    expectData(await from('2001:db8:1:3::1', 'pw-a'));
  });

  it('logout ends the session: {success, data: {}}, then 102401', async () => {
    const key = await w.login('a');
    expect((await w.get('logout', { session_key: key })).json()).toEqual({ success: true, data: {} });
    expectError(await w.get('site', { session_key: key }), 401, 102401);
    expectError(await w.get('logout', { session_key: key }), 401, 102401);
    const key2 = await w.login('a');
    expectData(await w.post('logout', key2, {}));
    expectError(await w.get('site', { session_key: key2 }), 401, 102401);
  });

  it('a session lives 3 hours from login (the API clock)', async () => {
    const key = await w.login('a');
    w.clock.ms += 3 * 3600 * 1000 - 1000;
    expectData(await w.get('site', { session_key: key }));
    w.clock.ms += 1000;
    expectError(await w.get('site', { session_key: key }), 401, 102401);
  });

  it('every function refuses a key 3 hours after its login, for customer and agent sessions', async () => {
    const keys = [await w.login('a'), await w.login('x')];
    w.clock.ms += 3 * 3600 * 1000;
    for (const key of keys) {
      for (const fn of API_FUNCTIONS) {
        const res =
          fn.verb === 'GET'
            ? await w.get(fn.name, { session_key: key })
            : await w.post(fn.name, key, {}, fn.verb === 'POST' ? {} : { action: fn.verb });
        expectError(res, 401, 102401);
      }
    }
  });

  it('every function checks the session key: missing, unknown or malformed keys get 102401', async () => {
    for (const fn of API_FUNCTIONS) {
      const res =
        fn.verb === 'GET'
          ? await w.get(fn.name, {})
          : await inject({ method: fn.verb, url: `/api/v1/${fn.name}/`, headers: { accept: 'application/json' }, payload: { args: {} } });
      expectError(res, 401, 102401);
      expectError(
        await w
          .get(fn.name, { session_key: 'f'.repeat(64), ...(fn.verb === 'GET' ? {} : {}) }, 'application/json')
          .then((r) => (fn.verb === 'GET' ? r : w.post(fn.name, 'f'.repeat(64), {}, fn.verb === 'POST' ? {} : { action: fn.verb }))),
        401,
        102401,
      );
    }
  });
});

describe('paths, verbs, formats', () => {
  it('answers with and without the trailing slash', async () => {
    const key = await w.login('a');
    expect(
      expectData(await inject({ method: 'GET', url: `/api/v1/site?session_key=${key}`, headers: { accept: 'application/json' } })),
    ).toEqual(expectData(await w.get('site', { session_key: key })));
  });

  it('a GET without Accept, or whose Accept admits neither JSON nor XML, gets 502 with the 111406 envelope; accept= in the query also works', async () => {
    const key = await w.login('a');
    for (const accept of ['', 'text/html', 'text/html, image/*;q=0.8', 'application/json;q=0', 'application/pdf, text/plain', '*/*;q=0']) {
      const res = await w.get('site', { session_key: key }, accept);
      expect(res.statusCode, accept).toBe(502);
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/^111406: /) });
    }
    expect(expectData(await w.get('site', { session_key: key, accept: 'application/json' }, ''))).toHaveLength(1);
    const xml = await w.get('site', { session_key: key, accept: 'application/xml' }, '');
    expect(xml.headers['content-type']).toMatch(/application\/xml/);
    // An Accept naming the type's query parameter loses to the parameter (a browser sends */*).
    const viaQuery = await w.get('site', { session_key: key, accept: 'application/xml' }, '*/*');
    expect(viaQuery.headers['content-type']).toMatch(/^application\/xml/);
    // A POST without Accept answers JSON.
    const post = await inject({ method: 'POST', url: '/api/v1/site/', payload: { session_key: key, action: 'GET' } });
    expect(expectData(post)).toHaveLength(1);
  });

  it('negotiates Accept with media ranges and q-values: */* and application/* answer JSON, text/xml XML', async () => {
    const key = await w.login('a');
    const cases: Array<[string, string]> = [
      ['*/*', 'application/json'],
      ['application/*', 'application/json'],
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'application/xml'],
      ['application/json, text/plain, */*', 'application/json'],
      ['text/xml', 'text/xml'],
      ['text/*', 'text/xml'],
      ['application/xml, application/json', 'application/xml'],
      ['application/json;q=0.5, application/xml', 'application/xml'],
      ['application/json;q=0, */*', 'application/xml'],
      ['application/xml;q=0.1, */*;q=0.2', 'application/json'],
      ['APPLICATION/JSON', 'application/json'],
    ];
    for (const [accept, type] of cases) {
      const res = await w.get('site', { session_key: key }, accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type'], accept).toBe(`${type}; charset=utf-8`);
      const data = type === 'application/json' ? res.json() : fromXml(res.body);
      expect(data, accept).toEqual({ success: true, data: [expect.objectContaining({ id: 1, domain: 'a.test' })] });
    }
    // Errors follow the same choice.
    const err = await w.get('site', { session_key: 'nope' }, '*/*');
    expect(err.statusCode).toBe(401);
    expect(err.json()).toEqual({ success: false, message: expect.stringMatching(/^102401: /) });
  });

  it('XML carries the same data as JSON, field by field, in the vendor shape', async () => {
    const key = await w.login('a');
    await giveNumbers(w, 1, ['74950000001', '74950000002']);
    const ac = (expectData(await w.post('create_ac', key, { site_id: 1, name: 'XML <&> "test"' })) as { ac_id: number }).ac_id;
    const g = expectData(await w.post('create_ac_condition_group', key, { ac_id: ac, name: 'g' })) as { ac_condition_group_id: number };
    expectData(
      await w.post('create_ac_condition', key, { ...g, ac_parameter: 'utm_source', ac_operator: 'sub', value: 'ya', is_negative: false }),
    );
    expectData(
      await w.post('number_block', key, { ac_id: ac, name: 'b', selector: '#p', numb: '74950000001', dt_pool_numbers: ['74950000002'] }),
    );
    const calls: Array<[string, Record<string, unknown>]> = [
      ['site', {}],
      ['ac', { site_id: 1 }],
      ['ac_condition', { id: ac }],
      ['tag', {}],
      ['employee', {}],
      ['number_block', { ac_id: ac }],
      ['ac', { site_id: 3 }],
    ];
    for (const [fn, q] of calls) {
      const json = await w.get(fn, { session_key: key, ...q });
      const xml = await w.get(fn, { session_key: key, ...q }, 'application/xml');
      expect(xml.statusCode).toBe(json.statusCode);
      expect(xml.headers['content-type']).toMatch(/^application\/xml/);
      expect(xml.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8" \?><root>/);
      expect(fromXml(xml.body)).toEqual(json.json());
    }
    const x = await w.get('site', { session_key: key }, 'application/xml');
    expect(x.body).toContain('<data type="list"><item type="dict"><id type="int">1</id><domain type="text">a.test</domain>');
    expect(x.body).toMatch(/<success type="bool">true<\/success><\/root>$/);
    const login = await inject({
      method: 'POST',
      url: '/api/login/',
      headers: { accept: 'application/xml' },
      payload: { login: 'a', password: 'pw-a' },
    });
    expect(login.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8" \?><root><data type="dict"><session_key type="text">[0-9a-f]{64}<\/session_key><\/data><success type="bool">true<\/success><\/root>$/,
    );
  });

  it('POST with action GET/PUT/DELETE acts as that verb', async () => {
    const key = await w.login('a');
    await giveNumbers(w, 1, ['74950000001', '74950000009']);
    expect(expectData(await w.post('site', key, {}, { action: 'GET' }))).toEqual(expectData(await w.get('site', { session_key: key })));
    const block = expectData(await w.post('number_block', key, { site_id: 1, name: 'b', selector: '#x', numb: '74950000001' })) as {
      id: number;
    };
    expectData(await w.post('number_block', key, { id: block.id, numb: '74950000009' }, { action: 'PUT' }));
    const list = expectData(await w.post('number_block', key, { site_id: 1 }, { action: 'GET' })) as Array<{ id: number; numb: string }>;
    expect(list.find((b) => b.id === block.id)!.numb).toBe('74950000009');
    expect((await w.post('number_block', key, { id: block.id }, { action: 'DELETE' })).json()).toEqual({ success: true });
    expect(expectData(await w.post('number_block', key, { site_id: 1 }, { action: 'get' }))).toEqual([]);
    // Real PUT and DELETE take the same body.
    const b2 = expectData(await w.post('number_block', key, { site_id: 1, name: 'b2', selector: '#y' })) as { id: number };
    expect(
      (await inject({ method: 'DELETE', url: '/api/v1/number_block/', payload: { session_key: key, args: { id: b2.id } } })).json(),
    ).toEqual({
      success: true,
    });
    expectError(await w.post('site', key, {}, { action: 'PATCH' }), 400, 100422);
    expectError(await w.post('site', key, {}, { action: 'PUT' }), 405, 100405);
    expectError(await w.post('site', key, {}), 405, 100405);
  });

  it('unknown functions, wrong methods, unknown or mistyped parameters and malformed bodies get 4xx envelopes', async () => {
    const key = await w.login('a');
    expectError(await w.get('no_such_function', { session_key: key }), 404, 100404);
    expectError(await w.post('no_such_function', key, {}), 404, 100404);
    expectError(await w.get('create_ac', { session_key: key, site_id: 1, name: 'x' }), 405, 100405);
    expectError(await inject({ method: 'PATCH', url: '/api/v1/site/', headers: { accept: 'application/json' } }), 405, 100405);
    expectError(await w.get('ac', { session_key: key, color: 'red' }), 400, 100423);
    expectError(await w.get('ac', { session_key: key, site_id: 'one' }), 400, 100422);
    expectError(await w.post('create_ac', key, { site_id: '1x', name: 'n' }), 400, 100422);
    expectError(await w.post('create_ac', key, { site_id: 1 }), 400, 100400);
    expectError(await w.post('create_ac', key, { site_id: 1, name: 'n' }, { extra: 1 }), 400, 100423);
    expectError(await w.post('create_ac', key, 'args' as unknown as Record<string, unknown>), 400, 100422);
    expectError(
      await inject({
        method: 'POST',
        url: '/api/v1/create_ac/',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        payload: '{"a":',
      }),
      400,
      100401,
    );
    expectError(
      await inject({ method: 'POST', url: '/api/v1/create_ac/', headers: { accept: 'application/json' }, payload: [] }),
      400,
      100401,
    );
    // Text where a number is expected is read as the number (as the vendor's PHP clients send).
    expectData(await w.post('create_ac', key, { site_id: '1', name: 'text id' }));
    // An error in XML when XML was asked for.
    const xml = await w.get('ac', { session_key: key, site_id: 'one' }, 'application/xml');
    expect(xml.statusCode).toBe(400);
    expect(fromXml(xml.body)).toEqual({
      success: false,
      message: expect.stringMatching(/^100422: Invalid parameter site_id/),
      field: 'site_id',
    });
  });

  it('pages every list by limit and offset in a stable order; limit above 1000 is refused', async () => {
    const key = await w.login('a');
    for (let i = 0; i < 5; i++) expectData(await w.post('create_ac', key, { site_id: 1, name: `c${i}` }));
    const all = expectData(await w.get('ac', { session_key: key })) as Array<{ id: number }>;
    expect(all.map((a) => a.id)).toEqual([...all.map((a) => a.id)].sort((a, b) => a - b));
    const p1 = expectData(await w.get('ac', { session_key: key, limit: 2 })) as Array<{ id: number }>;
    const p2 = expectData(await w.get('ac', { session_key: key, limit: 2, offset: 2 })) as Array<{ id: number }>;
    expect([...p1, ...p2]).toEqual(all.slice(0, 4));
    expectError(await w.get('ac', { session_key: key, limit: 1001 }), 400, 100413);
    expectData(await w.get('ac', { session_key: key, limit: 1000 }));
    expectError(await w.get('ac', { session_key: key, limit: 0 }), 400, 100422);
    expectError(await w.get('ac', { session_key: key, offset: -1 }), 400, 100422);
    // A function that answers no array takes neither.
    expectError(await w.post('create_ac', key, { site_id: 1, name: 'paged', limit: 5 }), 400, 100423);
  });

  it('functions that answer an array take limit and offset with the lists’ meaning, bounds and X-Total-Count', async () => {
    const key = await w.login('a');
    const ac = (expectData(await w.post('create_ac', key, { site_id: 1, name: 'paged' })) as { ac_id: number }).ac_id;
    const v = await w.visit('site-1', 'http://a.test/');
    const range = { date_from: '2026-11-01', date_till: '2026-11-04' };
    const calls: Array<[string, Record<string, unknown>, number]> = [
      ['stat', { site_id: 1, ...range }, 1],
      ['daily_sdr', range, 3],
      ['ac_condition', { id: ac }, 1],
      ['session_info', { session_id: v.session }, 1],
      ['person_by_visitor', { id: v.visitor }, 1],
      ['visitors_by_person', { id: v.visitor }, 1],
    ];
    for (const [fn, q, n] of calls) {
      const whole = await w.get(fn, { session_key: key, ...q });
      const all = expectData(whole) as unknown[];
      expect(all, fn).toHaveLength(n);
      expect(whole.headers['x-total-count'], fn).toBe(String(n));
      const first = await w.get(fn, { session_key: key, ...q, limit: 1, offset: 0 });
      expect(expectData(first), fn).toEqual(all.slice(0, 1));
      expect(first.headers['x-total-count'], fn).toBe(String(n));
      expect(expectData(await w.get(fn, { session_key: key, ...q, offset: 1 })), fn).toEqual(all.slice(1));
      expect(expectData(await w.get(fn, { session_key: key, ...q, limit: 1000, offset: n })), fn).toEqual([]);
      expectError(await w.get(fn, { session_key: key, ...q, limit: 1001 }), 400, 100413);
      expectError(await w.get(fn, { session_key: key, ...q, limit: 0 }), 400, 100422);
      expectError(await w.get(fn, { session_key: key, ...q, offset: -1 }), 400, 100422);
    }
    // daily_sdr's days page in order: the second page is the second day.
    const days = expectData(await w.get('daily_sdr', { session_key: key, ...range })) as unknown[];
    expect(expectData(await w.get('daily_sdr', { session_key: key, ...range, limit: 1, offset: 1 }))).toEqual([days[1]]);
  });

  it('tells the total of every list in X-Total-Count, whatever the page, with the envelope unchanged', async () => {
    const key = await w.login('a');
    for (let i = 0; i < 3; i++) expectData(await w.post('create_ac', key, { site_id: 1, name: `t${i}` }));
    const all = (expectData(await w.get('ac', { session_key: key })) as unknown[]).length;
    for (const q of [{ limit: 1 }, { limit: 2, offset: 1 }, { offset: 1000 }]) {
      const res = await w.get('ac', { session_key: key, ...q });
      expect(res.headers['x-total-count']).toBe(String(all));
      expect(Object.keys(res.json() as object).sort()).toEqual(['data', 'success']);
    }
    // Filters count too: employee by last name, ac by site.
    const one = await w.get('employee', { session_key: key, last_name: 'Petrov', limit: 1 });
    expect(one.headers['x-total-count']).toBe('1');
    expect((await w.get('employee', { session_key: key, limit: 1 })).headers['x-total-count']).toBe('2');
    expect((await w.get('tag', { session_key: key, limit: 1 })).headers['x-total-count']).toBe('2');
    expect((await w.get('site', { session_key: key })).headers['x-total-count']).toBe('1');
    const xml = await w.get('tag', { session_key: key, limit: 1 }, 'application/xml');
    expect(xml.headers['x-total-count']).toBe('2');
    const agent = await w.login('x');
    expect((await w.get('customer_list', { session_key: agent, limit: 1 })).headers['x-total-count']).toBe('2');
    expect((await w.get('agent_tp', { session_key: agent, limit: 1 })).headers['x-total-count']).toBe('2');
    // Not on a function that answers no array, nor on an error.
    expect((await w.post('create_ac', key, { site_id: 1, name: 'no list' })).headers['x-total-count']).toBeUndefined();
    expect((await w.get('ac', { session_key: key, limit: 5000 })).headers['x-total-count']).toBeUndefined();
  });
});

describe('dates in the customer time zone', () => {
  it('reads YYYY-MM-DD and YYYY-MM-DD HH:MM:SS in the zone and writes them back the same', () => {
    const ms = parseDate('2026-11-24 12:30:00', 'Europe/Moscow')!;
    expect(new Date(ms).toISOString()).toBe('2026-11-24T09:30:00.000Z');
    expect(formatDate(ms, 'Europe/Moscow')).toBe('2026-11-24 12:30:00');
    expect(new Date(parseDate('2026-11-24', 'Europe/Moscow')!).toISOString()).toBe('2026-11-23T21:00:00.000Z');
    expect(new Date(parseDate('2026-07-01 00:00:00', 'Europe/Berlin')!).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(new Date(parseDate('2026-01-01 00:00:00', 'Europe/Berlin')!).toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(dayOf(Date.UTC(2026, 10, 24, 22, 0), 'Europe/Moscow')).toBe('2026-11-25');
    for (const bad of ['2026-02-30', '2026-11-24T10:00:00', '24.11.2026', '2026-11-24 25:00:00', ''])
      expect(parseDate(bad, 'Europe/Moscow')).toBeNull();
  });
});

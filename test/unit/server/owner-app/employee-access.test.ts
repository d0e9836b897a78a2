import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operatorActive, setOperatorActive } from '../../../../src/server/identity/operators.js';
import { EMPLOYEE_FUNCTION_NAMES } from '../../../../src/server/owner-app/employee-functions.js';
import { apiWorld, type ApiWorld } from '../api-helpers.js';

/**
 * Employees in the app: they sign in with the console's e-mail and password, read and tag the
 * journal and report of the sites they serve through `/app/api/employee/<function>`, and nothing
 * else: another site's journal, report or communication, and every other REST function, answer 403.
 */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});

type Body = { success: boolean; data?: unknown; message?: string };
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, key: string | null, payload?: object) => {
  const res = await w.server.app.inject({ method, url, headers: key ? { 'x-session-key': key } : {}, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as Body, headers: res.headers };
};
/** Moscow's day `days` from today, YYYY-MM-DD (the test customers' zone). */
const day = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * 864e5).toISOString().slice(0, 10);
const range = `date_from=${day(-1)}&date_till=${day(1)}`;
const period = { date_from: day(-1), date_till: day(1) };

const OLGA = { first_name: 'Olga', last_name: 'Smirnova', email: 'olga@a.test', password: 'olga-password', sites: [1] };

/** Customer A with a second site; Olga serves site 1 only. A goal on each site; Olga's key. */
async function world() {
  const a = await w.login('a');
  const made = (await w.post('create_site', a, { domain: 'a2.test', user_phone: '+74950000002' })).json() as {
    data: { id: number; site_key: string };
  };
  expect((await w.post('create_employee', a, OLGA)).statusCode).toBe(200);
  await (await w.visit('site-1', 'http://a.test/')).send('event', { category: 'c', action: 'one' });
  await (await w.visit(made.data.site_key, 'http://a2.test/')).send('event', { category: 'c', action: 'two' });
  const journal = async (site: number) =>
    (await w.get('journal', { session_key: a, site_id: site, ...period })).json().data as Array<{ id: number; type: string }>;
  const ownGoal = (await journal(1)).find((i) => i.type === 'goal')!.id;
  const otherGoal = (await journal(made.data.id)).find((i) => i.type === 'goal')!.id;
  const signIn = await call('POST', '/app/api/employee-session', null, { email: 'Olga@A.test', password: 'olga-password' });
  expect(signIn.status, signIn.body.message).toBe(200);
  const key = (signIn.body.data as { session_key: string }).session_key;
  const target = ((await w.get('tag', { session_key: a })).json().data as Array<{ id: number; name: string }>).find(
    (t) => t.name === 'Target',
  )!.id;
  return { a, key, other: made.data.id, ownGoal, otherGoal, target };
}

describe('an employee in the app', () => {
  it('runs the functions the API reference lists for employees, and no other', async () => {
    const document = (await w.server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const listed = document.paths['/app/api/employee/{function}'].get.parameters[0].schema.enum as string[];
    expect([...EMPLOYEE_FUNCTION_NAMES].sort()).toEqual([...listed].sort());
  });

  it('signs in, reads and tags the journal of its site', async () => {
    const { a, key, ownGoal, target } = await world();
    const me = await call('GET', '/app/api/employee/me', key);
    expect(me.body.data).toMatchObject({ role: 'employee', customer: { id: 1, time_zone: 'Europe/Moscow' } });

    const journal = await call('GET', `/app/api/employee/journal?site_id=1&${range}`, key);
    expect(journal.status, journal.body.message).toBe(200);
    expect((journal.body.data as Array<{ id: number }>).map((i) => i.id)).toContain(ownGoal);
    expect(journal.headers['x-total-count']).toBe('1');
    expect((await call('GET', `/app/api/employee/daily_report?site_id=1&${range}`, key)).status).toBe(200);
    const tags = await call('POST', '/app/api/employee/create_standard_tags', key, { args: {} });
    expect((tags.body.data as Array<{ name: string }>).map((t) => t.name)).toEqual(['Target', 'Not target']);

    const tagged = await call('POST', '/app/api/employee/tag_communication', key, {
      args: { object_id: ownGoal, object_type: 'goal', mark_id: target },
    });
    expect(tagged.status, tagged.body.message).toBe(200);
    // The customer's own login sees the tag the employee set.
    const seen = (await w.get('journal', { session_key: a, site_id: 1, ...period, tag_id: target })).json().data as Array<{ id: number }>;
    expect(seen.map((i) => i.id)).toEqual([ownGoal]);
    const sale = await call('POST', '/app/api/employee/tag_communication_sale', key, {
      args: { object_id: ownGoal, object_type: 'goal', cost: 1500, date_time: `${day(0)} 12:00:00` },
    });
    expect(sale.status, sale.body.message).toBe(200);

    const stat = await call('GET', `/app/api/employee/stat?site_id=1&${range}`, key);
    expect(stat.status, stat.body.message).toBe(200);
    expect(stat.body.data).toMatchObject([{ url: 'a.test', goals_count: 1 }]);
    const sales = await call('GET', `/app/api/employee/advertising_sales?site_id=1&${range}&only_first=false&only_quality=false`, key);
    expect(sales.status, sales.body.message).toBe(200);
    expect((sales.body.data as Array<{ revenue: number }>).reduce((s, r) => s + r.revenue, 0)).toBe(1500);
  });

  it('lists only its sites and their campaigns when no site is named', async () => {
    const { key } = await world();
    const sites = await call('GET', '/app/api/employee/site', key);
    expect(sites.status, sites.body.message).toBe(200);
    expect((sites.body.data as Array<{ id: number }>).map((s) => s.id)).toEqual([1]);
    expect(sites.headers['x-total-count']).toBe('1');
    const campaigns = await call('GET', '/app/api/employee/ac', key);
    expect(campaigns.status).toBe(200);
    expect((campaigns.body.data as Array<{ site_id: number }>).every((c) => c.site_id === 1)).toBe(true);
    expect((await call('GET', '/app/api/employee/tag', key)).status).toBe(200);
  });

  it('lists every campaign of its sites when the customer has more than a page of them', async () => {
    const { key, other } = await world();
    const db = w.server.store.db;
    await db
      .insertInto('ad_campaigns')
      .values(Array.from({ length: 1000 }, (_, i) => ({ site_id: other, name: `Other ${i}` })))
      .execute();
    const last = (await db.insertInto('ad_campaigns').values({ site_id: 1, name: 'After them' }).returning('id').executeTakeFirstOrThrow())
      .id;
    const campaigns = await call('GET', '/app/api/employee/ac?limit=1000', key);
    expect(campaigns.status, campaigns.body.message).toBe(200);
    const ids = (campaigns.body.data as Array<{ id: number; site_id: number }>).map((c) => c.id);
    expect(ids).toContain(last);
    expect(campaigns.headers['x-total-count']).toBe(String(ids.length));
  });

  it("gets 403 for another site's journal, chart, report, campaigns and communications", async () => {
    const { key, other, otherGoal, target } = await world();
    for (const url of [
      `/app/api/employee/journal?site_id=${other}&${range}`,
      `/app/api/employee/daily_report?site_id=${other}&${range}`,
      `/app/api/employee/stat?site_id=${other}&${range}`,
      `/app/api/employee/advertising_sales?site_id=${other}&${range}`,
      `/app/api/employee/ac?site_id=${other}`,
      `/app/api/employee/journal?site_id=3&${range}`,
    ]) {
      const r = await call('GET', url, key);
      expect(r.status, url).toBe(403);
      expect(r.body.message, url).toMatch(/^403100: Access denied/);
    }
    for (const fn of ['tag_communication', 'untag_communication']) {
      const r = await call('POST', `/app/api/employee/${fn}`, key, {
        args: { object_id: otherGoal, object_type: 'goal', mark_id: target },
      });
      expect(r.status, fn).toBe(403);
    }
    const sale = await call('POST', '/app/api/employee/tag_communication_sale', key, {
      args: { object_id: otherGoal, object_type: 'goal', cost: 1, date_time: `${day(0)} 12:00:00` },
    });
    expect(sale.status).toBe(403);
  });

  it("gets 403, not 401, on the customer's logins, settings and every other REST function", async () => {
    const { key } = await world();
    const e = '/app/api/employee/';
    for (const [method, url, payload] of [
      ['GET', e + 'customer'],
      ['GET', e + 'region'],
      ['GET', e + 'site_installation?site_id=1'],
      ['GET', e + 'site_settings?site_id=1'],
      ['GET', e + 'api_login'],
      ['GET', e + 'scenario_detail'],
      ['GET', e + 'numa_list'],
      ['GET', e + 'employee_assignment'],
      ['POST', e + 'change_password', { args: { old_password: 'olga-password', new_password: 'olga-password-2' } }],
      ['POST', e + 'create_employee', { args: OLGA }],
      ['POST', e + 'customer_time_zone', { args: { time_zone: 'Europe/Moscow' } }],
      ['POST', e + 'journal', { args: { site_id: 1, ...period } }],
      ['GET', e + 'employee'],
      ['POST', e + 'create_site', { args: { domain: 'x.test', user_phone: '+74950000003' } }],
      ['GET', `${e}journal?site_id=1&${range}&customer_id=2`],
    ] as Array<['GET' | 'POST' | 'PUT', string, object?]>) {
      const r = await call(method, url, key, payload);
      expect(r.status, url).toBe(403);
      expect(r.body.message, url).toMatch(/^403100: /);
    }
  });

  it('is no REST login: its key on /api/v1/ is unknown there', async () => {
    const { key } = await world();
    for (const fn of ['journal', 'me', 'api_login']) {
      const r = await w.get(fn, { session_key: key, site_id: 1, ...period });
      expect(r.statusCode, fn).toBe(401);
      expect(r.json().message).toMatch(/^102401: /);
    }
  });

  it("refuses a wrong password as the console does, and a REST login's key on the employee's functions", async () => {
    const { a } = await world();
    const wrong = await call('POST', '/app/api/employee-session', null, { email: 'olga@a.test', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('401002: Wrong e-mail or password');
    expect((await call('GET', '/app/api/employee/site', a)).status).toBe(401);
    const bad = await call('POST', '/app/api/employee-session', null, { email: '', password: 'x' });
    expect(bad.status).toBe(400);
  });

  it("is locked out as the console is, on the console's own counter", async () => {
    await world();
    const wrong = { email: 'olga@a.test', password: 'wrong-password' };
    for (let i = 0; i < 10; i++) expect((await call('POST', '/app/api/employee-session', null, wrong)).status).toBe(401);
    const locked = await call('POST', '/app/api/employee-session', null, { email: 'olga@a.test', password: 'olga-password' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same e-mail is locked at the console's door too.
    const atConsole = await w.server.app.inject({
      method: 'POST',
      url: '/op/api/login',
      payload: { email: 'olga@a.test', password: 'olga-password' },
    });
    expect(atConsole.statusCode).toBe(429);
  });

  it('keeps nobody online for chats, and is no console cookie', async () => {
    const { key } = await world();
    const db = w.server.store.db;
    const login = await w.server.app.inject({
      method: 'POST',
      url: '/op/api/login',
      payload: { email: 'olga@a.test', password: 'olga-password' },
    });
    expect(login.statusCode).toBe(200);
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const id = (login.json() as { data: { id: number } }).data.id;
    await setOperatorActive(db, id, true);
    // Signing out of the console takes the operator offline though the app is still signed in.
    const out = await w.server.app.inject({ method: 'POST', url: '/op/api/logout', headers: { cookie }, payload: {} });
    expect(out.statusCode).toBe(200);
    expect(await operatorActive(db, id)).toBe(false);
    expect((await call('GET', '/app/api/employee/me', key)).status).toBe(200);
    const asCookie = await w.server.app.inject({ method: 'GET', url: '/op/api/me', headers: { cookie: `svc_op=${key}` } });
    expect(asCookie.statusCode).toBe(401);
  });

  it('ends the session on sign-out, and when the employee is removed', async () => {
    const { a, key } = await world();
    expect((await call('DELETE', '/app/api/employee-session', key)).status).toBe(200);
    expect((await call('GET', '/app/api/employee/me', key)).status).toBe(401);
    const again = (await call('POST', '/app/api/employee-session', null, { email: 'olga@a.test', password: 'olga-password' })).body
      .data as { session_key: string };
    const olga = ((await w.get('employee', { session_key: a })).json().data as Array<{ id: number; email: string }>).find(
      (e) => e.email === 'olga@a.test',
    )!;
    expect((await w.post('delete_employee', a, { id: olga.id }, { action: 'DELETE' })).statusCode).toBe(200);
    expect((await call('GET', `/app/api/employee/journal?site_id=1&${range}`, again.session_key)).status).toBe(401);
  });

  it('is refused at sign-in while its customer is not active, with no session left open', async () => {
    await world();
    await w.server.store.db.updateTable('customers').set({ state: 'waiting' }).where('id', '=', 1).execute();
    const signIn = await call('POST', '/app/api/employee-session', null, { email: 'olga@a.test', password: 'olga-password' });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ success: false, message: '403100: Customer is not active' });
    const open = await w.server.store.db
      .selectFrom('operator_sessions')
      .select('token_hash')
      .where('token_hash', 'like', 'app:%')
      .execute();
    expect(open).toHaveLength(1); // world()'s own sign-in, made while the customer was active
  });
});

import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MAX_API_KEYS } from '../../../../src/server/accounts/api-key-functions.js';
import { apiWorld, checkAnswer, expectAnswered, expectData, expectError, insertCallFixture, type ApiWorld } from '../api-helpers.js';

// API keys (docs/api-keys.md): made with a session, used as `Authorization: Bearer`, limited by
// scope and sites, revoked at once; the key is answered once and kept only as its SHA-256.

let w: ApiWorld | undefined;
afterEach(async () => {
  await w?.server.close();
  w = undefined;
});
afterAll(() => expectAnswered(['GET api_key', 'POST create_api_key', 'POST revoke_api_key']));

type Json = Record<string, unknown>;

/** Calls with `Authorization: Bearer <key>`: a GET's parameters in the query, anything else as `{action, args}`. */
function bearer(world: ApiWorld, key: string) {
  const call = async (fn: string, args: Json = {}, verb = 'GET'): Promise<LightMyRequestResponse> => {
    const headers = { accept: 'application/json', authorization: `Bearer ${key}` };
    const url = `/api/v1/${fn}/`;
    const res =
      verb === 'GET'
        ? await world.server.app.inject({
            method: 'GET',
            url,
            headers,
            query: Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])),
          })
        : await world.server.app.inject({ method: 'POST', url, headers, payload: verb === 'POST' ? { args } : { action: verb, args } });
    return checkAnswer(fn, verb, res);
  };
  return call;
}

const made = async (world: ApiWorld, session: string, args: Json) =>
  expectData(await world.post('create_api_key', session, args)) as { id: number; key: string; key_id: string };

const list = async (world: ApiWorld, session: string) =>
  expectData(await world.get('api_key', { session_key: session })) as Array<Json & { id: number; last_used_at: string | null }>;

describe('API keys', () => {
  it('are made once, used as a Bearer key, listed with their last use, and kept only hashed', async () => {
    const lines: string[] = [];
    w = await apiWorld(':memory:', undefined, { logger: { write: (l: string) => void lines.push(l) } });
    const a = await w.login('a');
    const k = await made(w, a, { name: 'CRM', read_only: false });
    expect(k.key).toMatch(/^svc_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(k.key.startsWith(k.key_id + '_')).toBe(true);

    const before = await list(w, a);
    expect(before).toEqual([
      {
        id: k.id,
        name: 'CRM',
        key_id: k.key_id,
        read_only: false,
        site_ids: null,
        created_at: expect.any(String),
        last_used_at: null,
        revoked_at: null,
      },
    ]);

    w.clock.ms += 5000;
    const sites = expectData(await bearer(w, k.key)('site')) as Array<{ id: number }>;
    expect(sites.map((s) => s.id)).toEqual([1]);
    const row = w.server.db.prepare('SELECT * FROM api_keys').all()[0] as Json;
    expect(Number(row.last_used_ms)).toBe(w.clock.ms);
    expect((await list(w, a))[0]!.last_used_at).not.toBeNull();

    // The key is answered only when made: not in the list, not in the table, not in the log.
    expect(JSON.stringify(await list(w, a))).not.toContain(k.key.slice(13));
    const table = JSON.stringify(w.server.db.prepare('SELECT * FROM api_keys').all());
    expect(table).not.toContain(k.key.slice(13));
    expect(row.key_hash).toBe(createHash('sha256').update(k.key).digest('hex'));
    await w.server.app.inject({ method: 'GET', url: `/api/v1/site/?session_key=${k.key}`, headers: { accept: 'application/json' } });
    expect(lines.join('')).toContain('/api/v1/site/');
    expect(lines.join('')).not.toContain(k.key.slice(13));
  }, 30_000);

  it('records a key’s use at most once a minute, with no write on the requests between', async () => {
    const statements: string[] = [];
    w = await apiWorld(':memory:', (sql) => void statements.push(sql));
    const a = await w.login('a');
    const k = await made(w, a, { name: 'BI', read_only: true });
    const use = bearer(w, k.key);
    const lastUsed = () => Number((w!.server.db.prepare('SELECT last_used_ms FROM api_keys').all()[0] as Json).last_used_ms);
    const first = w.clock.ms;
    expectData(await use('site'));
    expect(lastUsed()).toBe(first);
    statements.length = 0;
    for (const step of [1000, 20_000, 30_000]) {
      w.clock.ms += step;
      expectData(await use('site'));
    }
    expect(statements.filter((s) => /^\s*update\s+"api_keys"/i.test(s))).toEqual([]);
    expect(lastUsed()).toBe(first);
    w.clock.ms = first + 60_000;
    expectData(await use('site'));
    expect(lastUsed()).toBe(first + 60_000);
  }, 30_000);

  it('refuses a read-only key every function that writes, with 403 102403', async () => {
    w = await apiWorld();
    const a = await w.login('a');
    const k = await made(w, a, { name: 'BI', read_only: true });
    const use = bearer(w, k.key);
    expectData(await use('site'));
    // A POST that acts as a GET reads.
    const viaPost = await w.server.app.inject({
      method: 'POST',
      url: '/api/v1/site/',
      headers: { authorization: `Bearer ${k.key}` },
      payload: { action: 'GET', args: {} },
    });
    expectData(viaPost);
    const refused = await use('create_site', { domain: 'new.a.test', user_phone: '74951234567' }, 'POST');
    expectError(refused, 403, 102403);
    expect(refused.json().message).toContain('read-only');
    expectError(await use('change_site', { id: 1, domain: 'renamed.a.test' }, 'PUT'), 403, 102403);
    expect(w.server.db.prepare("SELECT id FROM sites WHERE domain = 'new.a.test'").all()).toEqual([]);
    // A read-write key writes.
    const rw = await made(w, a, { name: 'CRM', read_only: false });
    expectData(await bearer(w, rw.key)('create_site', { domain: 'new.a.test', user_phone: '74951234567' }, 'POST'));
  }, 30_000);

  it('keeps a key limited to sites within them: lists cut, another site refused', async () => {
    w = await apiWorld();
    const a = await w.login('a');
    const second = (expectData(await w.post('create_site', a, { domain: 'second.a.test', user_phone: '74951234567' })) as { id: number })
      .id;
    const k = await made(w, a, { name: 'Site 1 only', read_only: false, site_ids: [1] });
    expect((await list(w, a))[0]!.site_ids).toEqual([1]);
    const use = bearer(w, k.key);
    const sites = await use('site');
    expect((expectData(sites) as Array<{ id: number }>).map((s) => s.id)).toEqual([1]);
    expect(sites.headers['x-total-count']).toBe('1');
    expectData(await use('number_block', { site_id: 1 }));
    // A site's own functions name it as `id`.
    expectData(await use('change_site', { id: 1, user_phone: '74957654321' }, 'PUT'));
    expectError(await use('change_site', { id: second, user_phone: '74957654321' }, 'PUT'), 403, 102403);
    const other = await use('number_block', { site_id: second });
    expectError(other, 403, 102403);
    expect(other.json().message).toContain(`site ${second}`);
    // A function without a site to check, or one that spans sites without `site_id`, is refused.
    expectError(await use('create_site', { domain: 'third.a.test', user_phone: '74951234567' }, 'POST'), 403, 102403);
    expectError(await use('number_block', {}), 400, 100400);
    // The whole customer's key sees both.
    const all = await made(w, a, { name: 'All', read_only: true });
    expect((expectData(await bearer(w, all.key)('site')) as Array<{ id: number }>).map((s) => s.id)).toEqual([1, second]);
  }, 30_000);

  it('lets a key limited to sites tag its sites’ communications, and refuses another site’s', async () => {
    w = await apiWorld();
    const a = await w.login('a');
    const second = (expectData(await w.post('create_site', a, { domain: 'second.a.test', user_phone: '74951234567' })) as { id: number })
      .id;
    const leg = { direction: 'in' as const, numa: '79161234567', numb: '74951234567', setup: '2026-11-20 10:00:00', duration: 30 };
    const own = (await insertCallFixture(w.server, { siteId: 1, customerId: 1, legs: [leg] })).callId;
    const others = (await insertCallFixture(w.server, { siteId: second, customerId: 1, legs: [leg] })).callId;
    const tag = (expectData(await w.get('tag', { session_key: a })) as Array<{ id: number }>)[0]!.id;
    const use = bearer(w, (await made(w, a, { name: 'Site 1 only', read_only: false, site_ids: [1] })).key);

    expectData(await use('tag_communication', { object_type: 'cdr_in', object_id: own, mark_id: tag }, 'POST'));
    expectData(
      await use('tag_communication_sale', { object_type: 'cdr_in', object_id: own, cost: 1200, date_time: '2026-11-20 12:00:00' }, 'POST'),
    );
    expectData(await use('untag_communication', { object_type: 'cdr_in', object_id: own, mark_id: tag }, 'POST'));
    for (const [fn, extra] of [
      ['tag_communication', { mark_id: tag }],
      ['tag_communication_sale', { cost: 1, date_time: '2026-11-20 12:00:00' }],
      ['untag_communication', { mark_id: tag }],
    ] as const) {
      // Another site's call, and one that does not exist, are refused alike.
      for (const id of [others, 999_999]) {
        const r = await use(fn, { object_type: 'cdr_in', object_id: id, ...extra }, 'POST');
        expectError(r, 403, 102403);
        expect(r.json().message).toContain('not of a site the API key reaches');
      }
    }
    // The sale's tag stays on the key's own call; nothing reached the other site's.
    const tagged = await w.server.store.db.selectFrom('tag_links').select(['object_id', 'tag_id']).execute();
    expect(tagged.map((t) => t.object_id)).toEqual([own]);
    expect(tagged[0]!.tag_id).not.toBe(tag);
  }, 30_000);

  it('lists all of a key’s sites’ rows when the customer has more than a page of them', async () => {
    w = await apiWorld();
    const a = await w.login('a');
    const second = (expectData(await w.post('create_site', a, { domain: 'second.a.test', user_phone: '74951234567' })) as { id: number })
      .id;
    const db = w.server.store.db;
    const before = (expectData(await w.get('ac', { session_key: a, site_id: 1 })) as unknown[]).length;
    // A thousand of the other site's campaigns come first by id; the key's site's last one after them.
    await db
      .insertInto('ad_campaigns')
      .values(Array.from({ length: 1000 }, (_, i) => ({ site_id: second, name: `Other ${i}` })))
      .execute();
    const last = (await db.insertInto('ad_campaigns').values({ site_id: 1, name: 'After them' }).returning('id').executeTakeFirstOrThrow())
      .id;
    const use = bearer(w, (await made(w, a, { name: 'Site 1 only', read_only: true, site_ids: [1] })).key);
    const listed = await use('ac', { limit: 1000 });
    const ids = (expectData(listed) as Array<{ id: number; site_id: number }>).map((c) => c.id);
    expect(ids).toHaveLength(before + 1);
    expect(ids).toContain(last);
    expect(listed.headers['x-total-count']).toBe(String(before + 1));
  }, 30_000);

  it('ends a revoked key at once; keys and logins are managed with a session only', async () => {
    w = await apiWorld();
    const a = await w.login('a');
    const k = await made(w, a, { name: 'CRM', read_only: false });
    const use = bearer(w, k.key);
    expectError(await use('create_api_key', { name: 'more', read_only: false }, 'POST'), 403, 102403);
    expectError(await use('api_key'), 403, 102403);
    expectError(await use('revoke_api_key', { id: k.id }, 'POST'), 403, 102403);
    expectError(await use('api_login'), 403, 102403);
    // Nor does it set a password, an employee's or its own: a leaked key makes no login.
    expectError(await use('employee_password', { id: 11, password: 'leaked-key-pass' }, 'PUT'), 403, 102403);
    expectError(await use('change_password', { old_password: 'pw-a', new_password: 'leaked-key-pass' }, 'PUT'), 403, 102403);
    const logout = await w.server.app.inject({
      method: 'POST',
      url: '/api/logout/',
      headers: { authorization: `Bearer ${k.key}` },
      payload: {},
    });
    expectError(logout, 403, 102403);
    expectData(await use('site'));

    w.clock.ms += 1000;
    expectData(await w.post('revoke_api_key', a, { id: k.id }));
    expectError(await use('site'), 401, 102401);
    const revoked = (await list(w, a))[0]!;
    expect(revoked.revoked_at).not.toBeNull();
    // Revoking again keeps the first time; another customer's key reads as none.
    w.clock.ms += 60_000;
    expectData(await w.post('revoke_api_key', a, { id: k.id }));
    expect((await list(w, a))[0]!.revoked_at).toBe(revoked.revoked_at);
    const b = await w.login('b');
    expectError(await w.post('revoke_api_key', b, { id: k.id }), 404, 100410);
  }, 30_000);

  it('answers bad input with 4xx envelopes that name the argument', async () => {
    w = await apiWorld();
    const a = await w.login('a');
    const bad = async (args: Json, status: number, code: number, field?: string) => {
      const res = await w!.post('create_api_key', a, args);
      expectError(res, status, code);
      if (field) expect(res.json().field).toBe(field);
    };
    await bad({ name: '', read_only: true }, 400, 100422, 'name');
    await bad({ name: '   ', read_only: true }, 400, 100422, 'name');
    await bad({ name: 'x' }, 400, 100400, 'read_only');
    await bad({ name: 'x', read_only: true, site_ids: [] }, 400, 100422, 'site_ids');
    await bad({ name: 'x', read_only: true, site_ids: [1, 1] }, 400, 100422, 'site_ids');
    await bad({ name: 'x', read_only: true, site_ids: [999] }, 404, 100410);
    // Customer C's site is no site of A's.
    await bad({ name: 'x', read_only: true, site_ids: [3] }, 404, 100410);
    expect(await list(w, a)).toEqual([]);
    for (let i = 0; i < MAX_API_KEYS; i++) await made(w, a, { name: `k${i}`, read_only: true });
    const over = await w.post('create_api_key', a, { name: 'one more', read_only: true });
    expectError(over, 409, 100409);
    expect(over.json().message).toContain('revoke one');
    // A revoked key makes room.
    expectData(await w.post('revoke_api_key', a, { id: (await list(w, a))[0]!.id }));
    await made(w, a, { name: 'one more', read_only: true });
  }, 60_000);

  it('lets an agent make a key for its customer, which stands for that customer alone', async () => {
    w = await apiWorld();
    const x = await w.login('x');
    const k = expectData(await w.post('create_api_key', x, { name: 'For A', read_only: true, customer_id: 1 })) as { key: string };
    const sites = expectData(await bearer(w, k.key)('site')) as Array<{ id: number }>;
    expect(sites.map((s) => s.id)).toEqual([1]);
    expectError(await bearer(w, k.key)('site', { customer_id: 2 }), 403, 102403);
  }, 30_000);
});

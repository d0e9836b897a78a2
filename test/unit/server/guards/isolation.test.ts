import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyValue, WriteResponse } from '../../../../src/protocol.js';
import type { RowHandle as DB } from '../../../../src/server/store/rows.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import { world, type World } from '../attack-helpers.js';
import { sse } from '../consultant-helpers.js';
import { wid } from '../helpers.js';

/**
 * Isolation: from site-a's side (its visitor's credentials, its operator's session, its keys) no
 * endpoint reads or changes anything of site-b. Every attack runs, then a snapshot of all of
 * site-b's rows, in every table that names a site, a visitor, a chat or an operator, must be as
 * before, and no answer may carry site-b's data.
 */

let w: World;
beforeAll(async () => {
  w = await world();
});
afterAll(async () => {
  w.server.app.server.closeAllConnections();
  await w.server.close();
});

/** Every row of site `siteId`, table by table. */
function snapshot(db: DB, siteId: number): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  const tables = db
    .prepare(
      testPostgresUrl
        ? `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY name`
        : `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )
    .all() as Array<{ name: string }>;
  for (const { name } of tables) {
    // The last page refused for a site is what a foreign page does to it, kept for its owner to see
    // (sites/refused-origins.ts), not the site's data: a foreign visitor is meant to leave it.
    if (name === 'site_refused_origins') continue;
    const columns = testPostgresUrl
      ? `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?`
      : `SELECT name FROM pragma_table_info(?)`;
    const cols = new Set((db.prepare(columns).all(name) as Array<{ name: string }>).map((c) => c.name));
    // Table names come from the catalog itself, quoted: nothing from outside reaches this SQL.
    const t = '"' + name.replace(/"/g, '""') + '"';
    let where: string | null = null;
    if (cols.has('site_id')) where = 'site_id = ?';
    else if (cols.has('visitor_id')) where = 'visitor_id IN (SELECT id FROM visitors WHERE site_id = ?)';
    else if (cols.has('chat_id')) where = 'chat_id IN (SELECT id FROM chats WHERE site_id = ?)';
    else if (cols.has('employee_id')) where = 'employee_id IN (SELECT employee_id FROM employee_sites WHERE site_id = ?)';
    else if (name === 'employees') where = 'id IN (SELECT employee_id FROM employee_sites WHERE site_id = ?)';
    if (where)
      out[name] = db
        .prepare(`SELECT * FROM ${t} WHERE ${where}`)
        .all(siteId)
        .map((r) => JSON.stringify(r))
        .sort();
  }
  return out;
}

const SECRETS = () => [w.b.visitor.token, 'secret of site-b', 'hello from site-b', 'Visitor of site-b', w.b.captchaKey];

describe('isolation between sites', () => {
  it('a visitor of one site can neither read nor change another site’s data through any endpoint', async () => {
    const { a, b } = w;
    const before = snapshot(w.server.db, 2);
    expect(before.visitors).toHaveLength(1);
    expect(before.chat_messages).toHaveLength(1);
    expect(before.offline_messages).toHaveLength(1);
    const answers: string[] = [];
    const hit = async (o: InjectOptions) => {
      const r = await w.inject(o);
      answers.push(r.body);
      return r;
    };
    const batch = (siteKey: string, visitor: unknown, writes: Array<[string, unknown]>, hitId = a.hit) =>
      hit({
        method: 'POST',
        url: `/w/${siteKey}`,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ visitor, writes: writes.map(([type, data]) => ({ id: wid(), type, hit: hitId, at: Date.now(), data })) }),
      });
    const others: Array<[string, unknown]> = [
      ['property_get', { name: 'secret' }],
      ['property_set', { name: 'secret', value: 'changed' }],
      ['property_delete', { name: 'secret' }],
      ['visitor_info', { name: 'Mallory', email: 'm@evil.example' }],
      ['offline_request', { name: 'Mallory' }],
      ['chat_message', { text: 'injected' }],
      ['chat_close', { chat_id: b.chatId }],
      ['event', { category: 'c', action: 'a' }],
      ['captcha', {}],
      ['sitephone', { phone: '+74951234567', captcha_key: b.captchaKey, captcha_value: '0000' }],
    ];
    // site-b's visitor credentials on site-a's key: nobody there.
    for (const write of others) {
      const r = (await batch('site-a', b.visitor, [write], b.hit)).json() as WriteResponse;
      expect(r.results[0], write[0]).toMatchObject({ success: false, code: 'unknown_visitor' });
    }
    // site-a's own visitor, naming site-b's chat, captcha and page view.
    const own = (
      await batch('site-a', a.visitor, [
        ['chat_close', { chat_id: b.chatId }],
        ['sitephone', { phone: '+74951234567', captcha_key: b.captchaKey, captcha_value: '1234' }],
      ])
    ).json() as WriteResponse;
    expect(own.results[0]).toMatchObject({ success: false, code: 'unknown_chat' });
    expect(own.results[1]!.result).toMatchObject({ code: 'captcha_invalid' });
    const foreignHit = (await batch('site-a', a.visitor, [['sitephone', { phone: '+74951234567' }]], b.hit)).json() as WriteResponse;
    expect(foreignHit.results[0]).toMatchObject({ success: false, code: 'unknown_hit' });
    // A page view named by another site's client id does not become that page view.
    const got = (await batch('site-a', a.visitor, [['property_get', { name: 'secret' }]])).json() as WriteResponse;
    expect(got.results[0]!.result as PropertyValue).toBe('secret of site-a');
    // site-a's visitor on site-b's key: unknown there too (no page view write, so nothing is made).
    for (const write of others) {
      const r = (await batch('site-b', a.visitor, [write])).json() as WriteResponse;
      expect(r.results[0], write[0]).toMatchObject({ success: false, code: 'unknown_visitor' });
    }
    // site-b's visitor token with site-a's visitor id, and the reverse.
    for (const v of [
      { id: a.visitor.id, token: b.visitor.token },
      { id: b.visitor.id, token: a.visitor.token },
    ]) {
      const r = (await batch('site-b', v, [['property_get', { name: 'secret' }]])).json() as WriteResponse;
      expect(r.results[0]).toMatchObject({ success: false, code: 'unknown_visitor' });
    }

    // Credentials endpoints: one site's key with the other's visitor and page view.
    const form = (key: string, c: typeof a.creds) =>
      new URLSearchParams({
        key,
        uri: c.uri,
        visitor_id: String(c.visitor_id),
        hit_id: String(c.hit_id),
        session_id: String(c.session_id),
        name: 'Mallory',
        text: 'x',
      }).toString();
    for (const [key, c] of [
      [a.widgetKey, b.creds],
      [b.widgetKey, a.creds],
      ['site-b', a.creds],
    ] as const) {
      const r = await hit({
        method: 'POST',
        url: '/api/add_offline_message/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(key, c),
      });
      expect(r.statusCode).toBe(403);
      for (const p of [`k=${key}`, `sk=${key}`]) {
        const v = await hit({ method: 'GET', url: `/vc/s/?${p}&ur=${c.uri}&ci=${c.visitor_id}&hi=${c.hit_id}&vn=Mallory` });
        expect(v.statusCode, p).toBe(403);
      }
    }
    // Mixed: site-b's key and visitor with site-a's page view.
    const mixed = await hit({
      method: 'GET',
      url: `/vc/s/?k=${b.widgetKey}&ur=${b.creds.uri}&ci=${b.creds.visitor_id}&hi=${a.creds.hit_id}&vn=Mallory`,
    });
    expect(mixed.statusCode).toBe(403);

    // Streams: site-b's visitor on site-a's chat stream, site-a's page on site-b's streams.
    expect((await hit({ method: 'GET', url: `/c/site-a?v=${b.visitor.id}&t=${b.visitor.token}` })).statusCode).toBe(403);
    expect((await hit({ method: 'GET', url: `/c/site-b?v=${a.visitor.id}&t=${a.visitor.token}` })).statusCode).toBe(403);
    expect(
      (await hit({ method: 'GET', url: `/c/site-b?v=${b.visitor.id}&t=${b.visitor.token}`, headers: { origin: 'http://localhost' } }))
        .statusCode,
    ).toBe(403);
    expect((await hit({ method: 'GET', url: '/os/site-b', headers: { origin: 'http://localhost' } })).statusCode).toBe(403);
    // site-b's captcha picture is a secret of its visitor; a made-up key of the right shape shows nothing.
    expect(
      (await hit({ method: 'GET', url: `/captcha/${b.captchaKey.replace(/^./, (c) => (c === '0' ? '1' : '0'))}.png` })).statusCode,
    ).toBe(404);

    expect(snapshot(w.server.db, 2)).toEqual(before);
    for (const body of answers) for (const s of SECRETS()) expect(body).not.toContain(s);
  });

  it('an operator of one site can neither read nor change another site’s chats, requests and call-backs', async () => {
    const { a, b } = w;
    const before = snapshot(w.server.db, 2);
    const api = (url: string, body?: unknown) =>
      w.inject({
        method: body === undefined ? 'GET' : 'POST',
        url,
        headers: { cookie: a.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const me = (await api('/op/api/me')).json() as { data: { sites: Array<{ id: number }> } };
    expect(me.data.sites.map((s) => s.id)).toEqual([1]);
    const reply = await api(`/op/api/chats/${b.chatId}/messages`, { text: 'from anna', client_id: 'isolation-1' });
    expect(reply.statusCode).toBe(404);
    expect((await api(`/op/api/chats/${b.chatId}/close`, {})).statusCode).toBe(404);
    // Going online serves site-a only: site-b's visitors still see nobody.
    expect((await api('/op/api/status', { online: true })).statusCode).toBe(200);

    // The event stream: site-a's chats, messages and requests, nothing of site-b.
    const base = await w.server.listen(0, '127.0.0.1');
    const stream = await sse(base + 'op/api/stream', { cookie: a.cookie });
    const bStatus = await sse(base + 'os/site-b');
    try {
      await stream.next((e) => e.event === 'message' && e.data.includes('hello from site-a'));
      await stream.next((e) => e.event === 'request' && e.data.includes('Visitor of site-a'));
      expect((await bStatus.next(() => true)).data).toBe('0');
      for (const e of stream.events) {
        for (const s of SECRETS()) expect(e.data).not.toContain(s);
        if (e.event === 'chat' || e.event === 'request') expect(JSON.parse(e.data).site_id).toBe(1);
      }
    } finally {
      stream.close();
      bStatus.close();
      await api('/op/api/status', { online: false });
    }
    const after = snapshot(w.server.db, 2);
    expect(after).toEqual(before);
  });

  it('a write id replayed by another visitor of the same site gets nothing of the first visitor', async () => {
    const { a } = w;
    const send = (visitor: unknown, write: Record<string, unknown>) =>
      w.post('site-a', { visitor, writes: [write] }).then((r) => r.json() as WriteResponse);
    const get = { id: wid(), type: 'property_get', hit: a.hit, at: Date.now(), data: { name: 'secret' } };
    expect((await send(a.visitor, get)).results[0]!.result).toBe('secret of site-a');
    // Another visitor of site-a, who learned the id.
    const h = { id: wid(), type: 'hit', hit: '', at: Date.now(), data: { url: 'http://localhost/x', title: '', referrer: '' } };
    h.hit = h.id;
    const other = (await send(null, h)).visitor!;
    const replay = await send(other, { ...get, hit: h.id });
    expect(replay.results[0]).toEqual({ id: get.id, success: false, code: 'duplicate_id' });
    // The page view of site-a's visitor: its ids are not handed to another visitor either.
    const hitReplay = await send(other, {
      id: a.hit,
      type: 'hit',
      hit: a.hit,
      at: Date.now(),
      data: { url: 'http://localhost/page', title: '', referrer: '' },
    });
    expect(hitReplay.results[0]).toEqual({ id: a.hit, success: false, code: 'duplicate_id' });
    expect(hitReplay.visitor).toEqual(other);
    // The owner's own retry still answers from the stored result.
    expect((await send(a.visitor, get)).results[0]).toMatchObject({ success: true, result: 'secret of site-a' });
  });

  it('a stored answer goes only to its own visitor and write type (no visitor, another type)', async () => {
    const { a } = w;
    const send = (visitor: unknown, write: Record<string, unknown>) =>
      w.post('site-a', { visitor, writes: [write] }).then((r) => r.json() as WriteResponse);
    const get = { id: wid(), type: 'property_get', hit: a.hit, at: Date.now(), data: { name: 'secret' } };
    expect((await send(a.visitor, get)).results[0]!.result).toBe('secret of site-a');
    // The same id sent with no visitor at all: nothing of the owner's comes back.
    const anonymous = await send(null, get);
    expect(anonymous.results[0]).toEqual({ id: get.id, success: false, code: 'unknown_visitor' });
    expect(JSON.stringify(anonymous)).not.toContain('secret of site-a');
    // The same id as another type of write, by the owner: no stored answer of another type.
    const other = await send(a.visitor, { ...get, type: 'property_delete' });
    expect(other.results[0]).toEqual({ id: get.id, success: false, code: 'duplicate_id' });
    expect((await send(a.visitor, get)).results[0]).toMatchObject({ success: true, result: 'secret of site-a' });
  });
});

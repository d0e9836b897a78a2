import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { createTestServer } from '../test-server.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import type { HitResult, WriteResponse } from '../../../../src/protocol.js';
import { hitWrite, testConfig, testServer, wid } from '../helpers.js';

let server: ConsultantServer;
beforeEach(async () => {
  server = await testServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

async function post(siteKey: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/w/${siteKey}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() as WriteResponse & { message?: string }, headers: res.headers };
}

describe('POST /w/:siteKey', () => {
  it('creates visitor, session and hit on a first page view', async () => {
    const h = hitWrite('http://localhost/landing?utm_source=ads');
    const { status, body } = await post('site-a', { visitor: null, writes: [h] });
    expect(status).toBe(200);
    expect(body.visitor).toMatchObject({ id: expect.any(Number), token: expect.stringMatching(/^\w{32}$/) });
    const r = body.results[0]!.result as HitResult;
    expect(r).toMatchObject({ visitor_id: body.visitor!.id, key: 'wk-a', uri: 'svc.test', consultant_server_url: 'http://svc.test/' });
    const s = server.db.prepare('SELECT * FROM sessions WHERE id = ?').get(r.session_id);
    expect(s).toMatchObject({ utm_source: 'ads', entrance_page: 'http://localhost/landing?utm_source=ads', ac_id: -1 });
  });

  it('never refuses a page view for a long title or address: the title is cut, the address kept', async () => {
    const url = 'http://localhost/app?state=' + 's'.repeat(10000);
    const h = hitWrite(url, { title: 't'.repeat(5000), referrer: 'https://ref.example/?q=' + 'r'.repeat(9000) });
    const { status, body } = await post('site-a', { visitor: null, writes: [h] });
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({ id: h.id, success: true });
    const row = server.db.prepare('SELECT url, title FROM hits WHERE client_id = ?').get(h.id) as { url: string; title: string };
    expect(row.url).toBe(url);
    expect(row.title).toHaveLength(4096);
  });

  it('answers a repeated write id from storage and stores nothing twice', async () => {
    const h = hitWrite();
    const first = await post('site-a', { visitor: null, writes: [h] });
    const visitor = first.body.visitor;
    const ev = { id: wid(), type: 'event', hit: h.id, at: Date.now(), data: { category: 'c', action: 'a' } };
    await post('site-a', { visitor, writes: [ev] });
    const again = await post('site-a', { visitor, writes: [h, ev] });
    expect(again.body.results.map((r) => r.success)).toEqual([true, true]);
    expect(again.body.results[0]!.result).toEqual(first.body.results[0]!.result);
    expect(server.db.prepare('SELECT count(*) n FROM hits').get()).toEqual({ n: 1 });
    expect(server.db.prepare('SELECT count(*) n FROM goals').get()).toEqual({ n: 1 });
  });

  it('keeps the session within 30 idle minutes and starts a new one after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const a = await post('site-a', { visitor: null, writes: [hitWrite()] });
    const visitor = a.body.visitor;
    const sid = (a.body.results[0]!.result as HitResult).session_id;
    vi.setSystemTime(new Date('2026-01-01T10:29:00Z'));
    const b = await post('site-a', { visitor, writes: [hitWrite()] });
    expect((b.body.results[0]!.result as HitResult).session_id).toBe(sid);
    vi.setSystemTime(new Date('2026-01-01T11:00:01Z'));
    const c = await post('site-a', { visitor, writes: [hitWrite()] });
    expect((c.body.results[0]!.result as HitResult).session_id).not.toBe(sid);
  });

  it('starts a new session when a landing URL brings another campaign, but not for SPA page views', async () => {
    const a = await post('site-a', { visitor: null, writes: [hitWrite('http://localhost/?utm_source=one')] });
    const visitor = a.body.visitor;
    const sid = (a.body.results[0]!.result as HitResult).session_id;
    const spa = await post('site-a', { visitor, writes: [hitWrite('http://localhost/?utm_source=two', { spa: true })] });
    expect((spa.body.results[0]!.result as HitResult).session_id).toBe(sid);
    const same = await post('site-a', { visitor, writes: [hitWrite('http://localhost/other')] });
    expect((same.body.results[0]!.result as HitResult).session_id).toBe(sid);
    const other = await post('site-a', { visitor, writes: [hitWrite('http://localhost/?utm_source=two')] });
    expect((other.body.results[0]!.result as HitResult).session_id).not.toBe(sid);
  });

  it('fails one bad write without failing the batch', async () => {
    const h = hitWrite();
    const bad = { id: wid(), type: 'event', hit: h.id, at: Date.now(), data: { category: 'c' } };
    const unknown = { id: wid(), type: 'teleport', hit: h.id, at: Date.now(), data: {} };
    const orphan = { id: wid(), type: 'event', hit: wid(), at: Date.now(), data: { category: 'c', action: 'a' } };
    const { status, body } = await post('site-a', { visitor: null, writes: [h, bad, unknown, orphan] });
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.success, r.code?.split(':')[0]])).toEqual([
      [true, undefined],
      [false, 'invalid'],
      [false, 'unknown_type'],
      [false, 'unknown_hit'],
    ]);
  });

  it("never lets one site use another site's visitor", async () => {
    const a = await post('site-a', { visitor: null, writes: [hitWrite()] });
    const ev = { id: wid(), type: 'event', hit: a.body.results[0]!.id, at: Date.now(), data: { category: 'c', action: 'a' } };
    const cross = await post('site-b', { visitor: a.body.visitor, writes: [ev] });
    expect(cross.body.results[0]).toMatchObject({ success: false, code: 'unknown_visitor' });
    // A forged token is no visitor either.
    const forged = await post('site-a', { visitor: { id: a.body.visitor!.id, token: 'f'.repeat(32) }, writes: [ev] });
    expect(forged.body.results[0]).toMatchObject({ success: false, code: 'unknown_visitor' });
  });

  it('fails a malformed write alone and takes a malformed visitor for none: the batch goes through', async () => {
    const h = hitWrite();
    const bad = [
      { id: 'short', type: 'event', hit: h.id, at: Date.now(), data: {} },
      { id: wid(), type: 'event', hit: h.id, at: 'yesterday', data: {} },
      { id: wid(), type: 'event', hit: h.id, at: Date.now(), data: {}, extra: 1 },
    ];
    const ev = { id: wid(), type: 'event', hit: h.id, at: Date.now(), data: { category: 'c', action: 'a' } };
    const r = await post('site-a', { visitor: { id: 'x', token: 5 }, writes: [h, ...bad, ev] });
    expect(r.status).toBe(200);
    expect(r.body.visitor).toMatchObject({ id: expect.any(Number) });
    expect(r.body.results.map((x) => [x.id, x.success])).toEqual([[h.id, true], ...bad.map((b) => [b.id, false]), [ev.id, true]]);
    expect(r.body.results.slice(1, 4).map((x) => x.code)).toEqual([
      expect.stringMatching(/^invalid: id: /),
      expect.stringMatching(/^invalid: at: /),
      expect.stringMatching(/^invalid: .*extra/),
    ]);
    expect(server.db.prepare('SELECT count(*) n FROM goals').get()).toEqual({ n: 1 });
  });

  it('answers bad requests with the error envelope and a 4xx', async () => {
    const cases: Array<[Promise<{ status: number; body: { message?: string } }>, number, string]> = [
      [post('no-such-site', { visitor: null, writes: [hitWrite()] }), 404, '404001: Unknown site key'],
      [post('site-a', '{not json'), 400, '400001: Malformed JSON'],
      [post('site-a', { visitor: null, writes: [] }), 400, '400002: Invalid request: writes'],
      [post('site-a', { visitor: null }), 400, '400002: Invalid request: writes'],
      [post('site-a', { visitor: null, writes: [{ type: 'event' }] }), 400, '400002: Invalid request: writes.0.id'],
      [
        post('site-a', { visitor: null, writes: [hitWrite()] }, { origin: 'https://evil.example' }),
        403,
        '403001: Origin not allowed for this site',
      ],
      [post('site-a', 'x'.repeat(70 * 1024)), 413, '413001: Request body too large'],
    ];
    for (const [p, status, message] of cases) {
      const r = await p;
      expect(r.status, message).toBe(status);
      expect(r.body).toMatchObject({ success: false });
      expect(r.body.message!.startsWith(message), `${r.body.message} starts with ${message}`).toBe(true);
    }
  });

  it("allows CORS for the site's domain and subdomains only", async () => {
    const ok = await post('site-a', { visitor: null, writes: [hitWrite()] }, { origin: 'http://localhost:4100' });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:4100');
    const sub = await post(
      'site-b',
      { visitor: null, writes: [hitWrite('http://shop.other.example/')] },
      { origin: 'https://shop.other.example' },
    );
    expect(sub.status).toBe(200);
    expect(sub.headers['access-control-allow-origin']).toBe('https://shop.other.example');
    const bad = await post('site-b', { visitor: null, writes: [hitWrite()] }, { origin: 'https://notother.example' });
    expect(bad.status).toBe(403);
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown routes with the envelope', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: '404000: Not found' });
  });
});

// What group commit says to the database, on either: every statement that opens, ends or
// marks a transaction, in order. SQLite's driver begins with `BEGIN IMMEDIATE`.
const CONTROL = /^(begin|commit|rollback|savepoint|release)\b/i;
const count = (log: string[], statement: RegExp) => log.filter((s) => statement.test(s)).length;

describe('group commit: concurrent batches share a transaction', () => {
  let grouped: ConsultantServer;
  let log: string[] = [];
  afterEach(async () => {
    await grouped?.close();
  });
  // A page view of this address fails in the database, as a full disk or a broken row would.
  const BOOM = 'http://localhost/boom';
  /**
   * A server whose batches sent together reach group commit in one turn on both databases: one
   * lane (PostgreSQL's default four would share them out), no rate limits (on PostgreSQL their
   * counters are a round trip before the batch, ending at its own time), and the site read and the
   * lane's connection made by a first batch that stores nothing (an event of no visitor).
   */
  async function start() {
    grouped = await createTestServer({
      dbPath: ':memory:',
      siteConfig: testConfig,
      bundleDir: '/nonexistent',
      publicUrl: 'http://svc.test/',
      postgresLanes: 1,
      rateLimits: { ip: 0, visitor: 0, firstVisits: 0 },
      onQuery: (sql, parameters) => {
        if (CONTROL.test(sql)) log.push(sql);
        if (/^insert into "hits"/.test(sql) && parameters.includes(BOOM)) throw new Error('boom');
      },
    });
    const warm = await grouped.app.inject({
      method: 'POST',
      url: '/w/site-a',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        visitor: null,
        writes: [{ id: wid(), type: 'event', hit: wid(), at: Date.now(), data: { category: 'c', action: 'a' } }],
      }),
    });
    expect((warm.json() as WriteResponse).results[0]).toMatchObject({ success: false, code: 'unknown_visitor' });
    log = [];
  }
  const send = (url: string) =>
    grouped.app.inject({
      method: 'POST',
      url: '/w/site-a',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ visitor: null, writes: [hitWrite(url)] }),
    });

  it('answers every batch after one commit', async () => {
    await start();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => send(`http://localhost/p${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // One transaction for the five; a commit per batch would be five.
    expect(count(log, /^begin/i), log.join('\n')).toBe(1);
    expect(count(log, /^commit$/i), log.join('\n')).toBe(1);
    expect(count(log, /^rollback/i), log.join('\n')).toBe(0);
    expect(grouped.db.prepare('SELECT count(*) n FROM hits').get()).toEqual({ n: 5 });
    const ids = answers.map((a) => (a.json() as WriteResponse).visitor!.id);
    expect(new Set(ids).size).toBe(5);
  });

  it('rolls back a failing batch alone: the others of its group are stored and answered', async () => {
    await start();
    const [a, boom, b] = await Promise.all([send('http://localhost/a'), send(BOOM), send('http://localhost/b')]);
    expect([a!.statusCode, boom!.statusCode, b!.statusCode]).toEqual([200, 500, 200]);
    expect(boom!.json()).toMatchObject({ success: false });
    // One commit for the three, the failed batch rolled back to its savepoint. SQLite runs the
    // batches one after another, each after a savepoint: one BEGIN. PostgreSQL runs them at once,
    // rolls that back when one fails, and runs them again one after another in savepoints: a
    // second BEGIN (ingest/group-commit.ts, runPipelinedGroup).
    expect(count(log, /^begin/i), log.join('\n')).toBe(testPostgresUrl ? 2 : 1);
    expect(count(log, /^commit$/i), log.join('\n')).toBe(1);
    expect(count(log, /^rollback to savepoint batch$/i), log.join('\n')).toBe(1);
    // Sent at once by different visitors, a and b may be stored in either order.
    expect(grouped.db.prepare('SELECT url FROM hits ORDER BY url').all()).toEqual([
      { url: 'http://localhost/a' },
      { url: 'http://localhost/b' },
    ]);
    // The failed batch's visitor, made before its page view failed, went with it.
    expect(grouped.db.prepare('SELECT count(*) n FROM visitors').get()).toEqual({ n: 2 });
    expect(grouped.db.prepare('SELECT count(*) n FROM client_writes').get()).toEqual({ n: 2 });
    // And the server goes on: the next batch is stored.
    expect((await send('http://localhost/c')).statusCode).toBe(200);
  });

  it('fails a batch alone in its group without a savepoint, and stores nothing of it', async () => {
    await start();
    expect((await send(BOOM)).statusCode).toBe(500);
    expect(count(log, /^(savepoint|release|rollback to)/i), log.join('\n')).toBe(0);
    // Its transaction ends in a ROLLBACK. On PostgreSQL the hook sees a COMMIT before it: the
    // batch's failed write was not awaited, and the pipeline sends a ROLLBACK in the COMMIT's place.
    expect(log.at(-1), log.join('\n')).toMatch(/^rollback$/i);
    expect(grouped.db.prepare('SELECT count(*) n FROM visitors').get()).toEqual({ n: 0 });
    expect((await send('http://localhost/d')).statusCode).toBe(200);
  });
});

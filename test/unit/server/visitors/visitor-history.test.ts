import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VisitorRef, WriteResponse } from '../../../../src/protocol.js';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { firstCallOf, visitorRecord } from '../../../../src/server/visitors/visitor-history.js';
import { insertCallFixture } from '../api-helpers.js';
import { hitWrite, testServer, wid } from '../helpers.js';

/**
 * A chat or a request with whether it is its visitor's first of the kind, and a call with whether
 * it is its number's first on the site (visitors/visitor-history.ts): what the qualification rules
 * (`first_time`) and the conversions read alike.
 */

let server: ConsultantServer;
beforeEach(async () => {
  server = await testServer();
});
afterEach(async () => {
  await server.close();
});

/** A new visitor on site-a with one page view; `request()` leaves a request from it. */
async function visitor() {
  const h = hitWrite();
  const post = async (body: unknown) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/w/site-a',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WriteResponse;
  };
  const ref = (await post({ visitor: null, writes: [h] })).visitor as VisitorRef;
  const request = async (phone: string) => {
    const r = await post({
      visitor: ref,
      writes: [{ id: wid(), type: 'offline_request', hit: h.id, at: Date.now(), data: { message: 'hi', phone } }],
    });
    expect(r.results[0]!.success, JSON.stringify(r.results[0])).toBe(true);
  };
  return { request };
}

const requests = () =>
  server.store.db.selectFrom('offline_messages').select(['id', 'visitor_id', 'session_id', 'hit_id']).orderBy('id').execute();

describe('visitor history', () => {
  it('a request is its visitor’s first when no earlier request of that visitor is stored', async () => {
    const a = await visitor();
    const b = await visitor();
    await a.request('+7 916 000-00-01');
    await b.request('+7 916 000-00-02');
    await a.request('+7 916 000-00-03');
    const [a1, b1, a2] = await requests();
    const read = async (id: number) => (await visitorRecord(server.store.db, 'offline_messages', id))!;
    expect(await read(a1!.id)).toMatchObject({ site_id: 1, visitor_id: a1!.visitor_id, phone: '+7 916 000-00-01', firstTime: true });
    expect((await read(b1!.id)).firstTime).toBe(true);
    expect(await read(a2!.id)).toMatchObject({ visitor_id: a1!.visitor_id, phone: '+7 916 000-00-03', firstTime: false });
    expect(await visitorRecord(server.store.db, 'offline_messages', a2!.id + 100)).toBeNull();
  });

  it('a chat is its visitor’s first when no earlier chat of that visitor is stored', async () => {
    const a = await visitor();
    const b = await visitor();
    await a.request('+7 916 000-00-01');
    await b.request('+7 916 000-00-02');
    const [ra, rb] = await requests();
    const chat = async (r: typeof ra, startMs: number) => {
      const { id } = await server.store.db
        .insertInto('chats')
        .values({
          site_id: 1,
          visitor_id: r!.visitor_id,
          session_id: r!.session_id,
          hit_id: r!.hit_id!,
          visitor_type: 'new',
          status: 'succeed',
          start_time: new Date(startMs).toISOString().replace('T', ' ').slice(0, 19),
          start_ms: startMs,
          answer_ms: startMs + 5000,
          end_ms: startMs + 65_000,
          employee_id: null,
          operator_name: null,
          page_url: 'http://localhost/page',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    };
    const t = Date.now();
    const [a1, b1, a2] = [await chat(ra, t), await chat(rb, t + 1000), await chat(ra, t + 2000)];
    const read = async (id: number) => (await visitorRecord(server.store.db, 'chats', id))!;
    expect(await read(a1)).toMatchObject({ visitor_id: ra!.visitor_id, start_ms: t, end_ms: t + 65_000, firstTime: true });
    expect((await read(b1)).firstTime).toBe(true);
    expect((await read(a2)).firstTime).toBe(false);
    expect(await visitorRecord(server.store.db, 'chats', a2 + 100)).toBeNull();
  });

  it('a call is its number’s first on its site; a hidden number is nobody’s first', async () => {
    const leg = (numa: string, setup: string) => ({ direction: 'in' as const, numa, numb: '74957000001', setup, duration: 30 });
    const call = async (siteId: number, numa: string, setup: string) =>
      (await insertCallFixture(server, { siteId, customerId: 1, legs: [leg(numa, setup)] })).callId;
    const other = await call(2, '79160000001', '2026-01-01 09:00:00');
    const first = await call(1, '79160000001', '2026-01-01 10:00:00');
    const again = await call(1, '79160000001', '2026-01-01 11:00:00');
    const someoneElse = await call(1, '79160000002', '2026-01-01 12:00:00');
    const db = server.store.db;
    expect(await firstCallOf(db, 1, '79160000001', first)).toBe(true);
    expect(await firstCallOf(db, 1, '79160000001', again)).toBe(false);
    expect(await firstCallOf(db, 1, '79160000002', someoneElse)).toBe(true);
    expect(await firstCallOf(db, 2, '79160000001', other)).toBe(true);
    expect(await firstCallOf(db, 1, null, first)).toBe(false);
  });
});

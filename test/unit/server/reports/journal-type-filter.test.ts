import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiWorld, insertCallFixture, type ApiWorld } from '../api-helpers.js';
import { restCall } from '../owner-app/rest-call.js';

/**
 * The journal's type filter: one kind of communication (calls, call-backs, chats, requests or
 * goals), chosen in SQL, so the total and the pages count that kind only.
 */

let w: ApiWorld;
beforeEach(async () => {
  w = await apiWorld();
});
afterEach(async () => {
  await w.server.close();
});

interface Journal {
  total: number;
  items: Array<{ type: string; id: number }>;
}
/** A page of the journal, its total from `X-Total-Count`. */
const get = async (q: Record<string, unknown>, key: string) => {
  const r = await restCall(w, 'GET', 'journal', key, { site_id: 1, date_from: day(-1), date_till: day(1), ...q });
  const data = r.status === 200 ? { total: Number(r.headers['x-total-count']), items: r.body.data as Journal['items'] } : undefined;
  return { status: r.status, body: { ...r.body, data } };
};
/** Moscow's day `days` from today, YYYY-MM-DD (the test customers' zone). */
const day = (days: number) => new Date(Date.now() + 3 * 3600_000 + days * 864e5).toISOString().slice(0, 10);

describe('journal type filter', () => {
  it('lists and counts only the chosen kind, paged in SQL', async () => {
    const a = await w.login('a');
    const v = await w.visit('site-1', 'http://a.test/');
    await v.send('event', { category: 'c', action: 'goal' });
    await v.send('chat_message', { text: 'hi' });
    await v.send('offline_request', { message: 'one', phone: '+7 916 000-00-01' });
    await v.send('offline_request', { message: 'two', phone: '+7 916 000-00-01' });
    await v.send('sitephone', { phone: '+7 916 000-00-01' });
    const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
    const { callId } = await insertCallFixture(w.server, {
      siteId: 1,
      customerId: 1,
      legs: [{ direction: 'in', numa: '79160000001', numb: '74950000001', setup: now, duration: 30 }],
    });

    const all = (await get({ limit: 100 }, a)).body.data!;
    expect(all.items.map((i) => i.type).sort()).toEqual(['cdr_in', 'chat', 'goal', 'offline_message', 'offline_message', 'sitephone']);
    expect(all.total).toBe(6);
    const byType = (type: string) => all.items.filter((i) => i.type === type).map((i) => i.id);

    for (const type of ['cdr_in', 'sitephone', 'chat', 'offline_message', 'goal']) {
      const r = await get({ type, limit: 100 }, a);
      expect(r.status, type).toBe(200);
      expect(r.body.data!.total, type).toBe(byType(type).length);
      expect(
        r.body.data!.items.map((i) => i.id),
        type,
      ).toEqual(byType(type));
    }
    expect(byType('cdr_in')).toEqual([callId]);

    // A page of one kind: the newest request, then the older one, the total still of requests only.
    const requests = byType('offline_message');
    const first = (await get({ type: 'offline_message', limit: 1 }, a)).body.data!;
    const second = (await get({ type: 'offline_message', limit: 1, offset: 1 }, a)).body.data!;
    expect([first.total, second.total]).toEqual([2, 2]);
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(requests);

    // With the other filters: no call-back of this campaign-less visit carries tag 1.
    expect((await get({ type: 'sitephone', ac_id: -1 }, a)).body.data!.total).toBe(1);
    expect((await get({ type: 'sitephone', tag_id: 1 }, a)).body.data!.total).toBe(0);
  });

  it('refuses an unknown type with a 400 envelope naming it', async () => {
    const a = await w.login('a');
    for (const type of ['call', '', 'goal,chat']) {
      const r = await get({ type }, a);
      expect(r.status, type).toBe(400);
      expect(r.body.message, type).toMatch(/^100422: Invalid parameter type/);
    }
  });
});

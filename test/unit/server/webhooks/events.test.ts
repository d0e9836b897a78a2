import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { WEBHOOK_EVENTS } from '../../../../src/app-protocol.js';
import { wid } from '../helpers.js';
import { callEvents, postEvent, restClient, visit } from '../telephony-helpers.js';
import { startReceiver, type Receiver } from './receiver.js';
import { addEndpoint, webhookServer } from './world.js';

let server: ConsultantServer;
let receiver: Receiver;
afterEach(async () => {
  await server?.close();
  await receiver?.close();
});

type Json = Record<string, unknown>;

/** Posts writes of the visitor on its page view; their results. */
async function writes(v: Awaited<ReturnType<typeof visit>>, list: Array<{ type: string; data: Json }>) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ visitor: v.visitor, writes: list.map((w) => ({ id: wid(), hit: v.hit, at: Date.now(), ...w })) }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: Array<{ success: boolean; result?: Json }> }).results;
}

async function restPost(key: string, fn: string, args: Json) {
  const res = await server.app.inject({ method: 'POST', url: `/api/v1/${fn}/`, payload: { session_key: key, args } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('webhook events', () => {
  it('announces every event type with its record as the REST report shows it, its campaign, session and visitor', async () => {
    const clock = { t: Date.now() };
    server = await webhookServer(clock, ':memory:', {}, { callbackPlatform: { dispatch: () => ({ ok: false, error: 'busy' }) } });
    receiver = await startReceiver();
    await addEndpoint(server, receiver.url, WEBHOOK_EVENTS);
    const v = await visit(server, 'http://localhost/landing?utm_source=google');

    const results = await writes(v, [
      { type: 'event', data: { category: 'form', action: 'signup' } },
      { type: 'offline_request', data: { name: 'Ann', phone: '+7 916 000-00-00', message: 'Call me' } },
      { type: 'chat_message', data: { text: 'Anyone there?' } },
      { type: 'sitephone', data: { phone: '+7 916 111-22-33' } },
    ]);
    expect(results.every((r) => r.success)).toBe(true);
    await server.callbacksDispatched();
    for (const ev of callEvents({ callId: 'ev-1', from: '79160001122', to: v.number, talk: 30 }))
      expect((await postEvent(server, ev)).statusCode).toBe(200);
    await server.webhooks.worker.drain();

    const get = await restClient(server);
    const byType = new Map(receiver.received.map((r) => [r.json.type as string, r.json]));
    const callEnded = byType.get('call.ended')!;
    const callId = (callEnded.record as Json).id as number;
    // The record is the REST report's, field for field.
    const rest = (await get('call', { date_from: '2000-01-01', date_till: '2100-01-01', id: callId })).json() as { data: Json[] };
    expect(callEnded.record).toEqual(rest.data[0]);
    const goalId = ((byType.get('goal.reached')!.record as Json).id as number) ?? 0;
    const goals = (await get('goal', { site_id: 1, date_from: '2000-01-01', date_till: '2100-01-01', id: goalId })).json() as {
      data: Json[];
    };
    expect(byType.get('goal.reached')!.record).toEqual(goals.data[0]);

    // A tag and a sale on the call, through the REST functions.
    const login = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
    const key = (login.json() as { data: { session_key: string } }).data.session_key;
    await restPost(key, 'tag_communication_sale', {
      object_id: callId,
      object_type: 'cdr_in',
      cost: 1500,
      date_time: '2026-01-02 10:00:00',
    });
    const saleTag = await server.store.db.selectFrom('tags').select(['id', 'name']).where('customer_id', '=', 1).executeTakeFirstOrThrow();
    await restPost(key, 'tag_communication', { object_id: goalId, object_type: 'goal', mark_id: saleTag.id });
    // The REST functions stamp their events with the API's clock (the real one here).
    clock.t = Date.now();
    await server.webhooks.worker.drain();

    for (const r of receiver.received) byType.set(r.json.type as string, r.json);
    const types = receiver.received.map((r) => r.json.type as string);
    expect([...new Set(types)].sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(types.filter((t) => t.startsWith('call.'))).toEqual(['call.ringing', 'call.answered', 'call.ended']);
    const kinds: Record<string, string> = {
      'call.ringing': 'call',
      'call.answered': 'call',
      'call.ended': 'call',
      'chat.finished': 'chat',
      'request.created': 'offline_message',
      'callback.requested': 'call',
      'callback.finished': 'call',
      'goal.reached': 'goal',
      'tag.set': 'goal',
      'sale.set': 'call',
    };
    for (const r of receiver.received) {
      const p = r.json;
      expect(p, p.type as string).toMatchObject({
        id: r.headers['x-svc-webhook-id'],
        customer_id: 1,
        site_id: 1,
        record_type: kinds[p.type as string],
        record: { ac_id: 10, utm_source: 'google', session_id: v.sessionId },
        campaign: { id: 10, name: 'Google' },
        session: { utm_source: 'google', entrance_page: 'http://localhost/landing?utm_source=google' },
        visitor: { id: (p.record as Json).visitor_id },
      });
    }
    expect(byType.get('request.created')!.record).toMatchObject({ name: 'Ann', message: 'Call me' });
    expect(byType.get('chat.finished')!.record).toMatchObject({ status: 'lost', visitor_message_count: 1 });
    expect(byType.get('callback.requested')!.record).toMatchObject({ communication_type: 'sitephone', numa: '79161112233' });
    expect(byType.get('call.ended')!.record).toMatchObject({ status: 'normal', duration: 30, file_link: ['//records.test/ev-1.mp3'] });
    expect(byType.get('sale.set')).toMatchObject({ sale: { cost: 1500, date_time: '2026-01-02 10:00:00' }, record: { id: callId } });
    expect(byType.get('tag.set')).toMatchObject({ tag: { id: saleTag.id, name: saleTag.name }, record: { id: goalId } });
  });

  it('asks the database nothing more on a page view or a write when no endpoint wants the event', async () => {
    const clock = { t: Date.now() };
    const seen: string[] = [];
    server = await webhookServer(clock, ':memory:', {}, { onQuery: (sql) => seen.push(sql) });
    receiver = await startReceiver();
    // An endpoint for calls only: goals, requests and page views are not its business.
    await addEndpoint(server, receiver.url, ['call.ended']);
    const v = await visit(server, 'http://localhost/landing?utm_source=google');
    seen.length = 0;
    await writes(v, [
      { type: 'event', data: { category: 'form', action: 'signup' } },
      { type: 'offline_request', data: { name: 'Ann', phone: '+7 916 000-00-00' } },
    ]);
    await visit(server, 'http://localhost/next', v.visitor);
    expect(seen.filter((s) => /webhook/i.test(s))).toEqual([]);
    await server.webhooks.worker.drain();
    expect(receiver.received).toHaveLength(0);
  });
});

import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyDelivery } from '../../../../src/server/webhooks/signature.js';
import { checkAnswer, expectAnswered } from '../api-helpers.js';
import { startReceiver, type Receiver } from './receiver.js';
import { webhookServer } from './world.js';

let server: ConsultantServer;
let receiver: Receiver | undefined;
afterEach(async () => {
  await server?.close();
  await receiver?.close();
});
afterAll(() =>
  expectAnswered([
    'GET webhook',
    'POST create_webhook',
    'POST change_webhook',
    'POST delete_webhook',
    'POST rotate_webhook_secret',
    'GET webhook_delivery',
    'POST resend_webhook_event',
    'POST test_webhook',
  ]),
);

type Json = Record<string, unknown>;

async function session() {
  const res = await server.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
  const key = (res.json() as { data: { session_key: string } }).data.session_key;
  const post = async (fn: string, args: Json) => {
    const r = await server.app.inject({ method: 'POST', url: `/api/v1/${fn}/`, payload: { session_key: key, args } });
    if (r.statusCode === 200) checkAnswer(fn, 'POST', r);
    return r;
  };
  const get = async (fn: string, query: Record<string, string | number> = {}) => {
    const r = await server.app.inject({
      method: 'GET',
      url: `/api/v1/${fn}/`,
      query: Object.fromEntries(Object.entries({ session_key: key, ...query }).map(([k, v]) => [k, String(v)])),
      headers: { accept: 'application/json' },
    });
    checkAnswer(fn, 'GET', r);
    return r;
  };
  return { post, get };
}
const data = (r: { json(): unknown }) => (r.json() as { data: Json & Json[] }).data;

describe('the webhook REST functions', () => {
  it('create, list, test, read the deliveries, resend, rotate, switch off and delete', async () => {
    const clock = { t: Date.now() };
    // The REST functions stamp test events and resends with the API's clock: the worker's.
    server = await webhookServer(clock, ':memory:', {}, { apiClock: () => clock.t });
    receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
    const { post, get } = await session();

    const created = data(await post('create_webhook', { url: receiver.url, events: ['call.ended', 'request.created'] }));
    expect(created).toEqual({ secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/), id: expect.any(Number) });
    const id = created.id as number;
    expect(data(await get('webhook'))).toEqual([
      {
        id,
        url: receiver.url,
        events: ['call.ended', 'request.created'],
        is_enabled: true,
        disabled_reason: null,
        failing_since: null,
        dropped_events: 0,
        dropped_at: null,
        created_at: expect.any(String),
      },
    ]);

    const eventId = data(await post('test_webhook', { id })).event_id as string;
    await server.webhooks.worker.drain();
    expect(receiver.received[0]!.json).toMatchObject({ id: eventId, type: 'test', record: null });
    const r0 = receiver.received[0]!;
    const sig = { signature: r0.headers[SIGNATURE_HEADER] as string, timestamp: r0.headers[TIMESTAMP_HEADER] as string };
    expect(verifyDelivery(created.secret as string, r0.body, sig, Math.floor(clock.t / 1000))).toBe(true);
    // The first answer was a 500: listed, and the endpoint is failing since then.
    const deliveries = data(await get('webhook_delivery', { webhook_id: id }));
    expect(deliveries).toEqual([
      expect.objectContaining({ event_id: eventId, event_type: 'test', event_state: 'pending', status_code: 500, error: 'HTTP 500' }),
    ]);
    expect(data(await get('webhook'))[0]!.failing_since).not.toBeNull();

    // Resent at once, not after the back-off: same id, same body.
    expect((await post('resend_webhook_event', { event_id: eventId })).statusCode).toBe(200);
    await server.webhooks.worker.drain();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(r0.body);
    expect(data(await get('webhook_delivery', { webhook_id: id })).map((d) => d.status_code)).toEqual([200, 500]);
    expect(data(await get('webhook'))[0]!.failing_since).toBeNull();

    // A rotated secret signs what follows; the old one no longer verifies.
    const secret = data(await post('rotate_webhook_secret', { id })).secret as string;
    expect(secret).not.toBe(created.secret);
    await post('test_webhook', { id });
    await server.webhooks.worker.drain();
    const r2 = receiver.received[2]!;
    const sig2 = { signature: r2.headers[SIGNATURE_HEADER] as string, timestamp: r2.headers[TIMESTAMP_HEADER] as string };
    expect(verifyDelivery(secret, r2.body, sig2, Math.floor(clock.t / 1000))).toBe(true);
    expect(verifyDelivery(created.secret as string, r2.body, sig2, Math.floor(clock.t / 1000))).toBe(false);

    // Switched off: a test event waits, unsent.
    expect((await post('change_webhook', { id, is_enabled: false, events: ['goal.reached'] })).statusCode).toBe(200);
    expect(data(await get('webhook'))[0]).toMatchObject({ is_enabled: false, events: ['goal.reached'] });
    await post('test_webhook', { id });
    await server.webhooks.worker.drain();
    expect(receiver.received).toHaveLength(3);

    expect((await post('delete_webhook', { id })).statusCode).toBe(200);
    expect(data(await get('webhook'))).toEqual([]);
    expect((await server.store.db.selectFrom('webhook_outbox').selectAll().execute()).length).toBe(0);
    const gone = await post('test_webhook', { id });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ success: false, message: `100410: Not found: webhook ${id}` });
  });

  it('refuses a URL the worker would refuse, and bad events, with a 400 naming the parameter', async () => {
    const clock = { t: Date.now() };
    server = await webhookServer(clock, ':memory:', { allowHttp: false, allowLoopback: false });
    const { post } = await session();
    const refusal = async (args: Json) => {
      const r = await post('create_webhook', args);
      expect(r.statusCode, r.body).toBe(400);
      return (r.json() as { message: string }).message;
    };
    expect(await refusal({ url: 'http://crm.example.com/hook', events: ['call.ended'] })).toBe('100422: Invalid parameter url: https only');
    expect(await refusal({ url: 'https://127.0.0.1/hook', events: ['call.ended'] })).toBe(
      '100422: Invalid parameter url: loopback address 127.0.0.1',
    );
    expect(await refusal({ url: 'https://169.254.169.254/latest', events: ['call.ended'] })).toBe(
      '100422: Invalid parameter url: private or reserved address 169.254.169.254',
    );
    expect(await refusal({ url: 'https://crm.example.com/hook', events: ['call.exploded'] })).toMatch(/^100422: Invalid parameter events/);
    expect(await refusal({ url: 'https://crm.example.com/hook', events: [] })).toMatch(/^100422: Invalid parameter events/);
    expect((await post('create_webhook', { url: 'https://crm.example.com/hook', events: ['call.ended'] })).statusCode).toBe(200);
  });
});

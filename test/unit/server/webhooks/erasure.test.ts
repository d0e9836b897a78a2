import { afterEach, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { eraseOnSite } from '../../../../src/server/visitors/erasure.js';
import { wid } from '../helpers.js';
import { callEvents, postEvent, visit } from '../telephony-helpers.js';
import { startReceiver, type Receiver } from './receiver.js';
import { addEndpoint, webhookServer } from './world.js';

let server: ConsultantServer;
let receiver: Receiver;
afterEach(async () => {
  await server?.close();
  await receiver?.close();
});

async function request(v: Awaited<ReturnType<typeof visit>>, name: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/w/site-a',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({
      visitor: v.visitor,
      writes: [
        { id: wid(), hit: v.hit, at: Date.now(), type: 'offline_request', data: { name, phone: '+7 916 000-00-00', message: 'Call me' } },
      ],
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const outbox = () =>
  server.store.db.selectFrom('webhook_outbox').select(['id', 'object_kind', 'object_id', 'body']).orderBy('id').execute();

it('erasing a visitor forgets the webhook events of its records, sent or not, and keeps the others', async () => {
  const clock = { t: Date.now() };
  server = await webhookServer(clock);
  receiver = await startReceiver();
  await addEndpoint(server, receiver.url, ['request.created', 'call.ended']);
  const ann = await visit(server, 'http://localhost/landing?utm_source=google');
  const bob = await visit(server, 'http://localhost/landing?utm_source=google');
  await request(ann, 'Ann');
  for (const ev of callEvents({ callId: 'erase-1', from: '79160001122', to: ann.number, talk: 30 }))
    expect((await postEvent(server, ev)).statusCode).toBe(200);
  await server.webhooks.worker.drain();
  await request(bob, 'Bob');
  await request(ann, 'Ann again'); // still in the outbox, unsent, when erased

  const before = await outbox();
  const annCall = await server.store.db
    .selectFrom('calls')
    .select('id')
    .where('visitor_id', '=', ann.visitor!.id)
    .executeTakeFirstOrThrow();
  expect(before.filter((r) => r.object_kind === 'call' && r.object_id === annCall.id)).toHaveLength(1);
  expect(before.filter((r) => r.body?.includes('Ann'))).not.toHaveLength(0);
  expect(await server.store.db.selectFrom('webhook_attempts').select('id').execute()).not.toHaveLength(0);

  expect(await eraseOnSite(server.store, 1, { visitor: ann.visitor!.id })).not.toBeNull();

  const after = await outbox();
  // Bob's request stays; nothing of Ann's is left, sent or pending, nor an attempt of hers.
  expect(after).toHaveLength(1);
  const bobs = await server.store.db.selectFrom('offline_messages').select('id').where('visitor_id', '=', bob.visitor!.id).execute();
  expect(after[0]).toMatchObject({ object_kind: 'offline_message', object_id: bobs[0]!.id });
  const attempts = await server.store.db.selectFrom('webhook_attempts').select('outbox_id').execute();
  expect(attempts.every((a) => a.outbox_id === after[0]!.id)).toBe(true);
});

import { afterEach, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import type { WriteResponse } from '../../../../src/protocol.js';
import { createEndpoint, newSecret } from '../../../../src/server/webhooks/endpoints.js';
import { timestamp } from '../../../../src/server/store/time.js';
import { consultantConfig, postJson, signIn, sse } from '../consultant-helpers.js';
import { hitWrite, wid } from '../helpers.js';
import { createTestServer } from '../test-server.js';
import { startReceiver, type Receiver } from './receiver.js';

let server: ConsultantServer | undefined;
let receiver: Receiver | undefined;
const streams: Array<{ close(): void }> = [];
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  server?.app.server.closeAllConnections();
  await server?.close();
  await receiver?.close();
});

it('announces a chat’s end however it ends: lost at once, lost unanswered, ended by the visitor, refused by an operator', async () => {
  // Chats wait one second for an answer.
  server = await createTestServer({
    dbPath: ':memory:',
    siteConfig: await consultantConfig(1),
    bundleDir: '/nonexistent',
    webhooks: { pollMs: 0, allowHttp: true, allowLoopback: true },
  });
  const base = await server.listen(0, '127.0.0.1');
  receiver = await startReceiver();
  const customerId = (await server.store.db.selectFrom('sites').select('customer_id').where('id', '=', 1).executeTakeFirstOrThrow())
    .customer_id;
  await createEndpoint(server.store.db, {
    customer_id: customerId,
    url: receiver.url,
    events: ['chat.finished'],
    secret: newSecret(),
    created_at: timestamp(),
  });
  await server.webhooks.subscriptions.changed();

  const h = hitWrite('http://localhost/pricing');
  const first = (await (
    await fetch(`${base}w/site-a`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ visitor: null, writes: [h] }),
    })
  ).json()) as WriteResponse;
  const write = async (type: string, data: unknown) => {
    const res = await fetch(`${base}w/site-a`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ visitor: first.visitor, writes: [{ id: wid(), type, hit: h.id, at: Date.now(), data }] }),
    });
    return ((await res.json()) as WriteResponse).results[0]!.result as { chat_id: number };
  };
  // The poll outlasts the chat's one-second wait: an unanswered chat ends only when its timer
  // fires, a second after it began, and a poll of one second started just after would race it.
  const finished = async (chatId: number) => {
    await expect
      .poll(
        async () => {
          await server!.webhooks.worker.drain();
          return receiver!.received.find((r) => (r.json.record as { id: number } | null)?.id === chatId)?.json;
        },
        { timeout: 5000 },
      )
      .toMatchObject({ type: 'chat.finished', record_type: 'chat', record: { id: chatId } });
  };

  // Nobody online: lost at once.
  const atOnce = (await write('chat_message', { text: 'anyone?' })).chat_id;
  await finished(atOnce);

  // An operator online who does not answer: lost after the wait.
  const cookie = await signIn(base, 'anna@example.com');
  const desk = await sse(base + 'op/api/stream', { cookie });
  streams.push(desk);
  await desk.next((e) => e.event === 'hello');
  expect((await postJson(base + 'op/api/status', { online: true }, { cookie })).status).toBe(200);
  const unanswered = (await write('chat_message', { text: 'hello?' })).chat_id;
  expect(unanswered).not.toBe(atOnce);
  await finished(unanswered);
  expect(receiver.received.find((r) => (r.json.record as { id: number }).id === unanswered)!.json.record).toMatchObject({
    status: 'lost',
  });

  // The operator refuses the next one, and the visitor ends one after that.
  const refused = (await write('chat_message', { text: 'prices?' })).chat_id;
  expect((await postJson(`${base}op/api/chats/${refused}/close`, {}, { cookie })).status).toBe(200);
  await finished(refused);
  expect(receiver.received.find((r) => (r.json.record as { id: number }).id === refused)!.json.record).toMatchObject({ status: 'refused' });
  const closedByVisitor = (await write('chat_message', { text: 'never mind' })).chat_id;
  await write('chat_close', { chat_id: closedByVisitor });
  await finished(closedByVisitor);
  expect(receiver.received.filter((r) => r.json.type === 'chat.finished')).toHaveLength(4);
});

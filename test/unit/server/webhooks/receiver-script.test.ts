import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import { signDelivery } from '../../../../src/server/webhooks/signature.js';

let child: ChildProcess | null = null;
afterEach(() => {
  child?.kill();
  child = null;
});

it('npm run webhook-receiver prints a delivery, accepts the secret’s signature and refuses another', async () => {
  child = spawn(process.execPath, ['scripts/webhook-receiver.mjs', '--secret', 'whsec_test', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  await expect.poll(() => /on (http:\/\/[^ ]+)/.exec(out)?.[1], { timeout: 15_000 }).toBeTruthy();
  const url = /on (http:\/\/[^ ]+)/.exec(out)![1]!;
  const body = JSON.stringify({ id: 'evt_1', type: 'test' });
  const ts = Math.floor(Date.now() / 1000);
  const send = (secret: string) =>
    fetch(url, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-svc-webhook-id': 'evt_1',
        'x-svc-webhook-event': 'test',
        'x-svc-webhook-timestamp': String(ts),
        'x-svc-webhook-signature': signDelivery(secret, ts, body),
      },
    });
  expect((await send('whsec_test')).status).toBe(200);
  expect((await send('whsec_other')).status).toBe(401);
  await expect
    .poll(() => out, { timeout: 15_000 })
    .toMatch(/test evt_1 signature OK[\s\S]*"type": "test"[\s\S]*test evt_1 signature FAILED/);
});

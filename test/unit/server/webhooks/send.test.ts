import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson } from '../../../../src/server/webhooks/send.js';

// The garbage collector on demand, as a busy test worker (or server) runs it between two events.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let receiver: Server | undefined;
afterEach(async () => {
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r) ?? r(undefined));
  receiver = undefined;
});

describe('a webhook POST', () => {
  it('ends at its time limit when the receiver never answers, however often garbage is collected meanwhile', async () => {
    receiver = createServer(() => {});
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const stop = new AbortController();
    const collecting = setInterval(collectGarbage, 10);
    try {
      const sent = postJson(url, '{}', {}, { allowHttp: true, allowLoopback: true }, 200, stop.signal);
      const late = new Promise((r) => setTimeout(() => r('still waiting after 3 s'), 3000).unref());
      expect(await Promise.race([sent, late])).toMatchObject({ status: null, error: 'no answer within 200 ms' });
    } finally {
      clearInterval(collecting);
    }
  });

  it('ends at once when its worker stops', async () => {
    receiver = createServer(() => {});
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const stop = new AbortController();
    const sent = postJson(url, '{}', {}, { allowHttp: true, allowLoopback: true }, 60_000, stop.signal);
    setTimeout(() => stop.abort(), 50);
    const result = await sent;
    expect(result.status).toBeNull();
    expect(result.durationMs).toBeLessThan(5000);
  });
});

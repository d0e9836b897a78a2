import { TableNode, UpdateQueryNode, type CompiledQuery, type KyselyPlugin } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { webhookRecordFunctions } from '../../../../src/server/reports/webhook-records.js';
import { retryDelay } from '../../../../src/server/webhooks/backoff.js';
import { enqueueTest } from '../../../../src/server/webhooks/outbox.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyDelivery } from '../../../../src/server/webhooks/signature.js';
import { startWorker, type Worker } from '../../../../src/server/webhooks/worker.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import { callEvents, postEvent } from '../telephony-helpers.js';
import { startReceiver, type Received, type Receiver } from './receiver.js';
import { addEndpoint, sharedDbPath, webhookServer, type Clock } from './world.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});
async function server(clock: Clock, dbPath?: string, opts = {}): Promise<ConsultantServer> {
  const s = await webhookServer(clock, dbPath, opts);
  open.push(s);
  return s;
}
async function receiver(answer?: Receiver['answer']): Promise<Receiver> {
  const r = await startReceiver(answer);
  open.push(r);
  return r;
}

/** A finished call of 20 s to the site's default number; its record id. */
async function aCall(s: ConsultantServer, callId = 'c-1'): Promise<number> {
  let id = 0;
  for (const ev of callEvents({ callId, from: '79161234567', to: '74957770011', talk: 20 })) {
    const res = await postEvent(s, ev);
    expect(res.statusCode, res.body).toBe(200);
    id = (res.json() as { data: { id: number } }).data.id;
  }
  return id;
}
const emitEnded = (s: ConsultantServer, id: number) =>
  s.store.db.transaction().execute((trx) => s.webhooks.emit(trx, { type: 'call.ended', siteId: 1, kind: 'call', id }));
const verified = (secret: string, r: Received, nowS: number) =>
  verifyDelivery(
    secret,
    r.body,
    { signature: r.headers[SIGNATURE_HEADER] as string, timestamp: r.headers[TIMESTAMP_HEADER] as string },
    nowS,
  );
const outbox = (s: ConsultantServer) => s.store.db.selectFrom('webhook_outbox').selectAll().orderBy('id').execute();

describe('webhook delivery', () => {
  it('sends an event signed with the endpoint’s secret; another secret fails verification', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock);
    const id = await aCall(s);
    const r = await receiver();
    const ep = await addEndpoint(s, r.url, ['call.ended']);
    await emitEnded(s, id);
    await s.webhooks.worker.drain();
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.json).toMatchObject({ type: 'call.ended', customer_id: 1, site_id: 1, record_type: 'call', record: { id, duration: 20 } });
    expect(got.headers['x-svc-webhook-id']).toBe(got.json.id);
    const nowS = Math.floor(clock.t / 1000);
    expect(verified(ep.secret, got, nowS)).toBe(true);
    expect(verified(ep.secret + 'x', got, nowS)).toBe(false);
    // A replay an hour later is refused by its timestamp.
    expect(verified(ep.secret, got, nowS + 3600)).toBe(false);
    expect((await outbox(s))[0]).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('a receiver that answers 500 and then 200 gets the event once more after the back-off, with the same id and body', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock);
    const id = await aCall(s);
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    await addEndpoint(s, r.url, ['call.ended']);
    await emitEnded(s, id);
    await s.webhooks.worker.drain();
    expect(r.received).toHaveLength(1);
    // Not due before its back-off.
    clock.t += retryDelay(1, () => 0.5) - 1;
    await s.webhooks.worker.drain();
    expect(r.received).toHaveLength(1);
    clock.t += 1;
    await s.webhooks.worker.drain();
    await s.webhooks.worker.drain();
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    const attempts = await s.store.db.selectFrom('webhook_attempts').select(['status_code']).orderBy('id').execute();
    expect(attempts.map((a) => a.status_code)).toEqual([500, 200]);
  });

  it('gives an event up after a day of failures and switches the endpoint off, saying why', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock);
    const id = await aCall(s);
    const r = await receiver(() => 503);
    const ep = await addEndpoint(s, r.url, ['call.ended']);
    await emitEnded(s, id);
    let tries = 0;
    for (; tries < 40 && (await outbox(s))[0]!.state === 'pending'; tries++) {
      await s.webhooks.worker.drain();
      clock.t = Math.max(clock.t, (await outbox(s))[0]!.next_attempt_ms);
    }
    // Exponential: a day of retries takes a few dozen attempts, not thousands.
    expect(tries).toBeGreaterThan(5);
    expect(tries).toBeLessThan(40);
    expect((await outbox(s))[0]!.state).toBe('failed');
    const endpoint = await s.store.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', ep.id).executeTakeFirstOrThrow();
    expect(endpoint.enabled).toBe(0);
    expect(endpoint.disabled_reason).toMatch(/switched off/);
    // Switched off: new events are no longer stored for it.
    await emitEnded(s, id);
    expect(await outbox(s)).toHaveLength(1);
  });

  it('a restart in the middle of retries loses nothing: the next server sends what the first had claimed or scheduled', async () => {
    const clock = { t: Date.now() };
    const dbPath = sharedDbPath();
    const first = await webhookServer(clock, dbPath);
    const id = await aCall(first);
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    await addEndpoint(first, r.url, ['call.ended', 'call.answered']);
    await emitEnded(first, id);
    await first.store.db
      .transaction()
      .execute((trx) => first.webhooks.emit(trx, { type: 'call.answered', siteId: 1, kind: 'call', id: id }));
    await first.webhooks.worker.drain();
    expect(r.received).toHaveLength(1);
    await first.close();

    const second = await server(clock, dbPath);
    clock.t += 3_600_000;
    await second.webhooks.worker.drain();
    await second.webhooks.worker.drain();
    // The failed one again, then the one queued behind it: in order, each once delivered.
    expect(r.received.map((x) => x.json.type)).toEqual(['call.ended', 'call.ended', 'call.answered']);
    expect((await outbox(second)).map((o) => o.state)).toEqual(['delivered', 'delivered']);
  });

  it('a claim left by a server that stopped mid-send is sent by the next once its lease has passed', async () => {
    const clock = { t: Date.now() };
    const dbPath = sharedDbPath();
    const first = await webhookServer(clock, dbPath, { timeoutMs: 60_000 });
    const id = await aCall(first);
    const r = await receiver((n) => (n === 1 ? 'hang' : 200));
    await addEndpoint(first, r.url, ['call.ended']);
    await emitEnded(first, id);
    const draining = first.webhooks.worker.drain();
    await expect.poll(() => r.received.length).toBe(1);
    await first.close();
    await draining;
    const second = await server(clock, dbPath);
    await second.webhooks.worker.drain();
    expect(r.received).toHaveLength(1);
    clock.t += 3 * 60_000;
    await second.webhooks.worker.drain();
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.json.id).toBe(r.received[0]!.json.id);
  });

  it.runIf(testPostgresUrl)('two servers on one PostgreSQL database send each event once', async () => {
    const clock = { t: Date.now() };
    const dbPath = sharedDbPath();
    const a = await server(clock, dbPath);
    const b = await server(clock, dbPath);
    const r = await receiver();
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await aCall(a, `c-${i}`));
    await addEndpoint(a, r.url, ['call.ended']);
    await b.webhooks.subscriptions.changed();
    for (const id of ids) await emitEnded(a, id);
    await Promise.all([a.webhooks.worker.drain(), b.webhooks.worker.drain(), a.webhooks.worker.drain(), b.webhooks.worker.drain()]);
    const sent = r.received.map((x) => x.json.id as string);
    expect(sent).toHaveLength(8);
    expect(new Set(sent).size).toBe(8);
  });

  it('refuses loopback and private targets unless the server allows loopback', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock, undefined, { allowLoopback: false });
    const id = await aCall(s);
    const r = await receiver();
    await addEndpoint(s, r.url, ['call.ended']);
    await addEndpoint(s, r.url.replace('127.0.0.1', 'localhost'), ['call.ended']);
    await addEndpoint(s, 'http://10.1.2.3/hook', ['call.ended']);
    await addEndpoint(s, 'http://169.254.169.254/latest', ['call.ended']);
    await addEndpoint(s, 'http://[::ffff:127.0.0.1]/hook', ['call.ended']);
    await emitEnded(s, id);
    await s.webhooks.worker.drain();
    expect(r.received).toHaveLength(0);
    const errors = await s.store.db.selectFrom('webhook_attempts').select(['error', 'status_code']).orderBy('endpoint_id').execute();
    expect(errors.map((e) => e.status_code)).toEqual([null, null, null, null, null]);
    expect(errors.map((e) => e.error)).toEqual([
      expect.stringMatching(/^loopback address 127\.0\.0\.1/),
      expect.stringMatching(/^loopback address/),
      'private or reserved address 10.1.2.3',
      'private or reserved address 169.254.169.254',
      'loopback address ::ffff:7f00:1',
    ]);
  });

  it('keeps the delivery log a month: older sent events and their attempts go, pending ones stay', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock);
    const id = await aCall(s);
    const r = await receiver((n) => (n === 1 ? 200 : 500));
    await addEndpoint(s, r.url, ['call.ended']);
    await emitEnded(s, id);
    await s.webhooks.worker.drain();
    clock.t += 10 * 864e5;
    await emitEnded(s, id);
    await s.webhooks.worker.drain();
    clock.t += 25 * 864e5;
    await s.webhooks.worker.prune();
    // The first (delivered 35 days ago) is gone; the second (failing, still pending) stays with its attempt.
    expect((await outbox(s)).map((o) => o.state)).toEqual(['pending']);
    expect(await s.store.db.selectFrom('webhook_attempts').select('status_code').execute()).toEqual([{ status_code: 500 }]);
  });

  it('a receiver that never answers costs one attempt of bounded time, and is retried', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock, undefined, { timeoutMs: 300 });
    const id = await aCall(s);
    const r = await receiver(() => 'hang');
    await addEndpoint(s, r.url, ['call.ended']);
    await emitEnded(s, id);
    await s.webhooks.worker.drain();
    const [a] = await s.store.db.selectFrom('webhook_attempts').selectAll().execute();
    expect(a).toMatchObject({ status_code: null, error: 'no answer within 300 ms' });
    expect(a!.duration_ms).toBeLessThan(2000);
    expect((await outbox(s))[0]!.state).toBe('pending');
  });

  it('an event committed while a claim is running is claimed right after it, not at the next poll', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock);
    const r = await receiver();
    const ep = await addEndpoint(s, r.url, ['call.ended']);
    const { worker, holdNextClaim } = observedWorker(s, clock);
    const held = holdNextClaim();
    worker.wake();
    const release = await held;
    // The claim has read an empty outbox; the event commits now and wakes the worker.
    await enqueueTest(s.store.db, { id: ep.id, customer_id: 1 }, clock.t);
    await wokenUp(s, worker);
    release();
    await expect.poll(() => r.received.length, { timeout: 2000 }).toBe(1);
    expect(r.received[0]!.json).toMatchObject({ type: 'test', customer_id: 1 });
  });

  it('drain ends when what it started is over before its last claim is', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock);
    const r = await receiver();
    const ep = await addEndpoint(s, r.url, ['call.ended']);
    const { worker, holdNextClaim, updated } = observedWorker(s, clock);
    await enqueueTest(s.store.db, { id: ep.id, customer_id: 1 }, clock.t);
    const first = holdNextClaim();
    const draining = worker.drain();
    const releaseFirst = await first;
    // A wake during the claim: one more claim follows it, which is held while the delivery the
    // first one started runs to its end.
    await wokenUp(s, worker);
    const second = holdNextClaim();
    // The delivery's last statement: the endpoint is marked as answering.
    const delivered = updated('webhook_endpoints');
    releaseFirst();
    const releaseSecond = await second;
    await delivered;
    await new Promise((done) => setImmediate(done));
    releaseSecond();
    await draining;
    expect(r.received).toHaveLength(1);
    expect((await outbox(s))[0]!.state).toBe('delivered');
  });
});

/**
 * A delivery worker of its own on the server's database, whose claims a test can hold (the claim's
 * statement runs and ends, leaving the connection free; its rows reach the worker when released),
 * and which tells when it has updated a table.
 */
function observedWorker(s: ConsultantServer, clock: Clock) {
  let holdNext: ((release: () => void) => void) | null = null;
  const watching: Array<{ table: string; done: () => void }> = [];
  // Every statement passes the plugin: an UPDATE of a watched table is told once it has run.
  const updates = new WeakMap<object, string>();
  const observer: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (UpdateQueryNode.is(node) && node.table && TableNode.is(node.table)) updates.set(queryId, node.table.table.identifier.name);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      const table = updates.get(queryId);
      for (const w of watching.filter((x) => x.table === table)) {
        watching.splice(watching.indexOf(w), 1);
        w.done();
      }
      return result;
    },
  };
  const observed = s.store.db.withPlugin(observer);
  // The claim is raw SQL, run through getExecutor(): the answer of its first statement (which
  // endpoints have due events) is held there, after the statement has run and its connection is
  // free again.
  const bound = <T extends object>(target: T, name: string | symbol) => {
    const v = Reflect.get(target, name, target) as unknown;
    return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
  };
  const executor = new Proxy(observed.getExecutor(), {
    get: (target, name) =>
      name !== 'executeQuery'
        ? bound(target, name)
        : async (query: CompiledQuery) => {
            const result = await target.executeQuery(query);
            const hold = holdNext;
            if (hold && /FROM webhook_endpoints e\s+WHERE e.enabled = 1 /.test(query.sql)) {
              holdNext = null;
              await new Promise<void>((done) => hold(done));
            }
            return result;
          },
  });
  const db = new Proxy(observed, { get: (target, name) => (name === 'getExecutor' ? () => executor : bound(target, name)) });
  const worker = startWorker({ ...s.store, db }, webhookRecordFunctions, {
    now: () => clock.t,
    pollMs: 0,
    allowHttp: true,
    allowLoopback: true,
  });
  open.push(worker);
  return {
    worker,
    /** Resolves, with the function that releases it, once the next claim has run and is held. */
    holdNextClaim: () => new Promise<() => void>((resolve) => (holdNext = resolve)),
    /** Resolves once the worker has updated `table`. */
    updated: (table: string) => new Promise<void>((done) => watching.push({ table, done })),
  };
}

/** Wakes the worker and returns once the wake has asked it to fill. */
async function wokenUp(s: ConsultantServer, worker: Worker) {
  worker.wake();
  // The wake reads the outbox after a turn of the event loop and the open transactions: after these
  // two, in the order they were asked for, it has asked the worker to fill.
  await new Promise((done) => setImmediate(done));
  await s.store.settled();
}

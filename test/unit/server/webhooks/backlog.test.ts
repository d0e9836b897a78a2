import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsultantServer } from '../../../../src/server/app.js';
import { webhookRecordFunctions } from '../../../../src/server/reports/webhook-records.js';
import { claimDue, DEFAULT_SHARES } from '../../../../src/server/webhooks/claims.js';
import { createEndpoint, deleteEndpoint, newSecret } from '../../../../src/server/webhooks/endpoints.js';
import { enqueueTest, eventId } from '../../../../src/server/webhooks/outbox.js';
import { startWorker } from '../../../../src/server/webhooks/worker.js';
import { timestamp } from '../../../../src/server/store/time.js';
import { testPostgresUrl } from '../../../support/test-database.js';
import { fullScans, postgresFullScans, queryPlan, statementCollector, type Captured } from '../query-plans.js';
import { visit } from '../telephony-helpers.js';
import { hitWrite, wid } from '../helpers.js';
import { startReceiver, type Receiver } from './receiver.js';
import { addEndpoint, webhookServer, type Clock } from './world.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});
async function server(clock: Clock, opts = {}, extra = {}): Promise<ConsultantServer> {
  const s = await webhookServer(clock, ':memory:', opts, extra);
  open.push(s);
  return s;
}
async function receiver(answer?: Receiver['answer']): Promise<Receiver> {
  const r = await startReceiver(answer);
  open.push(r);
  return r;
}

/** REST user `a` of customer 1: GET and POST of the REST functions. */
async function api(s: ConsultantServer) {
  const login = await s.app.inject({ method: 'POST', url: '/api/login/', payload: { login: 'a', password: 'pw-a' } });
  const key = (login.json() as { data: { session_key: string } }).data.session_key;
  const headers = { accept: 'application/json', authorization: `Bearer ${key}` };
  return {
    get: (fn: string, query: Record<string, string | number> = {}) =>
      s.app.inject({
        method: 'GET',
        url: `/api/v1/${fn}/`,
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        headers,
      }),
    post: (fn: string, args: Record<string, unknown>) =>
      s.app.inject({ method: 'POST', url: `/api/v1/${fn}/`, headers, payload: { session_key: key, args } }),
  };
}

/** A second customer, with an endpoint of its own. */
async function otherCustomer(s: ConsultantServer, url: string) {
  const c = await s.store.db.insertInto('customers').values({ name: 'Other' }).returning('id').executeTakeFirstOrThrow();
  const customerId = Number(c.id);
  const id = await createEndpoint(s.store.db, {
    customer_id: customerId,
    url,
    events: ['goal.reached'],
    secret: newSecret(),
    created_at: timestamp(),
  });
  await s.webhooks.subscriptions.changed();
  return { customerId, endpoint: { id, customer_id: customerId } };
}

/** `n` pending events of `endpointId` written straight into the outbox, due since `due`. */
async function backlog(
  s: ConsultantServer,
  endpointId: number,
  customerId: number,
  n: number,
  due: number,
  firstObject = 1,
): Promise<void> {
  const rows =
    s.store.dialect === 'postgres'
      ? sql`SELECT i FROM generate_series(CAST(${firstObject} AS integer), CAST(${firstObject + n - 1} AS integer)) AS g(i)`
      : sql`WITH RECURSIVE g(i) AS (SELECT ${firstObject} UNION ALL SELECT i + 1 FROM g WHERE i < ${firstObject + n - 1}) SELECT i FROM g`;
  await sql`
    INSERT INTO webhook_outbox (endpoint_id, customer_id, event_type, object_kind, object_id, created_ms, next_attempt_ms)
    SELECT ${endpointId}, ${customerId}, 'goal.reached', 'goal', i, ${due}, ${due} FROM (${rows}) AS r`.execute(s.store.db);
}

/** The rows of webhook_outbox a statement reads on PostgreSQL (EXPLAIN ANALYZE, in a transaction rolled back). */
function outboxRowsRead(s: ConsultantServer, st: Captured): number {
  interface Node {
    'Relation Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    'Rows Removed by Filter'?: number;
    'Rows Removed by Index Recheck'?: number;
    Plans?: Node[];
  }
  s.db.exec('BEGIN');
  try {
    const row = s.db.prepare('EXPLAIN (ANALYZE, FORMAT JSON) ' + st.sql).get(...st.parameters) as Record<string, unknown>;
    let n = 0;
    const walk = (node: Node) => {
      if (node['Relation Name'] === 'webhook_outbox')
        n +=
          (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
          node['Actual Loops'];
      node.Plans?.forEach(walk);
    };
    walk((row['QUERY PLAN'] as Array<{ Plan: Node }>)[0]!.Plan);
    return n;
  } finally {
    s.db.exec('ROLLBACK');
  }
}

const states = async (s: ConsultantServer) =>
  (await s.store.db.selectFrom('webhook_outbox').select(['id', 'endpoint_id', 'object_id', 'state']).orderBy('id').execute()).map((r) => ({
    ...r,
    id: Number(r.id),
  }));

describe('the webhook backlog', () => {
  it('every statement of enqueueing, claiming, sending, retrying, capping and pruning reads by index', async () => {
    const clock = { t: Date.now() };
    const statements = statementCollector();
    // Caps of one: the events the worker has not sent yet (it is woken by each commit) are over them.
    const s = await server(clock, { caps: { perEndpoint: 1, perCustomer: 1 } }, { onQuery: statements.onQuery });
    // Every send fails until the clock moves: each goal then waits for its retry, so the backlog is
    // over the cap whether or not the worker keeps up with the commits (with only the first failing,
    // a fast worker sent the rest between them and the cap gave nothing up).
    const r = await receiver((n) => (n <= 6 ? 500 : 200));
    const ep = await addEndpoint(s, r.url, ['goal.reached', 'call.ended']);
    const v = await visit(s, 'http://localhost/page');
    statements.start();
    for (let i = 0; i < 6; i++)
      await s.app.inject({
        method: 'POST',
        url: '/w/site-a',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({
          visitor: v.visitor,
          writes: [{ id: wid(), type: 'event', hit: v.hit, at: Date.now(), data: { category: 'c', action: `g${i}` } }],
        }),
      });
    await s.webhooks.worker.trim();
    await s.webhooks.worker.drain();
    clock.t += 3_600_000;
    await s.webhooks.worker.drain();
    const test = await enqueueTest(s.store.db, { id: ep.id, customer_id: 1 }, clock.t);
    await s.webhooks.worker.drain();
    const rest = await api(s);
    await rest.post('resend_webhook_event', { event_id: eventId(test) });
    await rest.get('webhook_delivery', { webhook_id: ep.id });
    await s.webhooks.worker.drain();
    clock.t += 40 * 864e5;
    await s.webhooks.worker.prune();
    await deleteEndpoint(s.store.db, ep.id);

    const list = statements.list();
    const claim = list.find((x) => /UPDATE webhook_outbox SET locked_until_ms/.test(x.sql));
    expect(claim, 'the claim ran').toBeDefined();
    expect(
      list.some((x) => /SET state = 'dropped'/.test(x.sql)),
      'the cap gave events up',
    ).toBe(true);
    if (testPostgresUrl) {
      expect(postgresFullScans(s.db, list)).toEqual([]);
      // Sent in the index's order: no sort of the due rows.
      s.db.exec('SET enable_seqscan = off');
      const plan = JSON.stringify(s.db.prepare('EXPLAIN (FORMAT JSON) ' + claim!.sql).get(...claim!.parameters));
      s.db.exec('RESET enable_seqscan');
      expect(plan).not.toContain('"Sort"');
      expect(plan).toContain('webhook_outbox_due');
      return;
    }
    const sqlite = s.store.sqlite!;
    expect(fullScans(sqlite, list)).toEqual([]);
    const plan = queryPlan(sqlite, claim!);
    expect(plan).toContain('USING INDEX webhook_outbox_due');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('a claim costs the same with 250,000 events waiting, 100,000 of them for a switched-off endpoint, as with none', async () => {
    const clock = { t: Date.now() };
    const statements = statementCollector();
    const s = await server(clock, {}, { onQuery: statements.onQuery });
    const dead = 'http://127.0.0.1:9/hook';
    const endpoints: number[] = [];
    for (let i = 0; i < 20; i++) endpoints.push((await addEndpoint(s, dead, ['goal.reached'])).id);
    const off = await addEndpoint(s, dead, ['goal.reached']);
    await s.store.db.updateTable('webhook_endpoints').set({ enabled: 0 }).where('id', '=', off.id).execute();
    const other = await otherCustomer(s, dead);
    const cursor = { lastEndpoint: 0 };
    /** The median of 25 claims, each given back after it. */
    const claimMs = async () => {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const t0 = performance.now();
        const ids = await claimDue(s.store.db, clock.t, clock.t + 60_000, 16, DEFAULT_SHARES, cursor);
        times.push(performance.now() - t0);
        expect(ids.length).toBe(5);
        await s.store.db.updateTable('webhook_outbox').set({ locked_until_ms: null }).where('id', 'in', ids).execute();
      }
      return times.sort((a, b) => a - b)[12]!;
    };
    for (const id of endpoints) await backlog(s, id, 1, 1, clock.t - 1000);
    await backlog(s, other.endpoint.id, other.customerId, 1, clock.t - 1000);
    await claimMs();
    const idle = await claimMs();
    for (const id of endpoints) await backlog(s, id, 1, 7_500, clock.t - 1000, 10);
    await backlog(s, off.id, 1, 100_000, clock.t - 1000);
    const rows = await s.store.db
      .selectFrom('webhook_outbox')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(250_021);
    if (testPostgresUrl) {
      // PostgreSQL's time here is mostly the round trips and the load of the machine, so the
      // work is counted instead: the outbox rows each statement of a claim reads, as EXPLAIN
      // ANALYZE reports them (the claim's writes rolled back). Before, a claim read every due row.
      statements.start();
      expect(await claimDue(s.store.db, clock.t, clock.t + 60_000, 16, DEFAULT_SHARES, { lastEndpoint: 0 })).toHaveLength(5);
      const read = statements.list().map((st) => [st.sql, outboxRowsRead(s, st)] as const);
      expect(read.length).toBeGreaterThanOrEqual(3);
      for (const [text, n] of read) expect(n, text).toBeLessThan(100);
      return;
    }
    await claimMs();
    const loaded = await claimMs();
    // Before the claim went endpoint by endpoint it read and sorted every due row: ~180 ms here.
    expect(loaded, `idle ${idle.toFixed(2)} ms, with the backlog ${loaded.toFixed(2)} ms`).toBeLessThan(idle * 2 + 2);
  }, 60_000);

  it('holds each endpoint and customer to the cap: the oldest are given up, counted, logged and shown', async () => {
    const clock = { t: Date.now() };
    const dropped: Array<[number, Map<number, number>]> = [];
    const s = await server(clock, {
      caps: { perEndpoint: 4, perCustomer: 6 },
      onDropped: (c: number, d: Map<number, number>) => dropped.push([c, d]),
    });
    const a = await addEndpoint(s, 'http://127.0.0.1:9/a', ['call.ended']);
    const b = await addEndpoint(s, 'http://127.0.0.1:9/b', ['call.ended']);
    const emit = (id: number) =>
      s.store.db.transaction().execute((trx) => s.webhooks.emit(trx, { type: 'call.ended', siteId: 1, kind: 'call', id }));
    for (let i = 1; i <= 5; i++) await emit(i);
    // Ten rows (five per endpoint): the customer keeps its newest six, each endpoint then its newest four.
    await s.webhooks.worker.trim();
    const after = await states(s);
    const pendingOf = (e: number) => after.filter((x) => x.endpoint_id === e && x.state === 'pending').map((x) => Number(x.object_id));
    expect(pendingOf(a.id)).toEqual([3, 4, 5]);
    expect(pendingOf(b.id)).toEqual([3, 4, 5]);
    expect(after.filter((x) => x.state === 'dropped')).toHaveLength(4);
    expect(dropped).toEqual([
      [
        1,
        new Map([
          [a.id, 2],
          [b.id, 2],
        ]),
      ],
    ]);
    const rest = await api(s);
    const listed = (await rest.get('webhook')).json() as { data: Array<{ id: number; dropped_events: number; dropped_at: string | null }> };
    expect(listed.data.map((e) => [e.id, e.dropped_events, !!e.dropped_at])).toEqual([
      [a.id, 2, true],
      [b.id, 2, true],
    ]);
    // A dropped event can still be sent again by hand.
    const first = after.find((x) => x.state === 'dropped')!;
    expect((await rest.post('resend_webhook_event', { event_id: eventId(first.id) })).statusCode).toBe(200);
  });

  it('parks a switched-off endpoint’s events: never claimed, sent once it is on again', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock);
    const r = await receiver();
    const ep = await addEndpoint(s, r.url, ['call.ended']);
    await s.store.db.transaction().execute((trx) => s.webhooks.emit(trx, { type: 'call.ended', siteId: 1, kind: 'call', id: 7 }));
    await s.store.db.updateTable('webhook_endpoints').set({ enabled: 0 }).where('id', '=', ep.id).execute();
    expect(await claimDue(s.store.db, clock.t, clock.t + 1000, 16, DEFAULT_SHARES, { lastEndpoint: 0 })).toEqual([]);
    await s.store.db.updateTable('webhook_endpoints').set({ enabled: 1 }).where('id', '=', ep.id).execute();
    await s.webhooks.worker.drain();
    expect(r.received.map((x) => x.json.type)).toEqual(['call.ended']);
  });

  it('pauses a failing endpoint for the back-off of its failures: one probe, not its whole backlog', async () => {
    const clock = { t: Date.now() };
    let answer = 500;
    const s = await server(clock);
    const r = await receiver(() => answer);
    const ep = await addEndpoint(s, r.url, ['goal.reached']);
    await backlog(s, ep.id, 1, 100, clock.t - 1000);
    await s.webhooks.worker.drain();
    // Two went out at once (two in flight per endpoint); both failed: paused for the back-off of
    // two failures (20 s; ±20 %, the middle here).
    expect(r.received).toHaveLength(2);
    clock.t += 19_000;
    await s.webhooks.worker.drain();
    expect(r.received).toHaveLength(2);
    clock.t += 1_001;
    await s.webhooks.worker.drain();
    // One probe, which fails: three in a row, 40 s.
    expect(r.received).toHaveLength(3);
    clock.t += 39_000;
    await s.webhooks.worker.drain();
    expect(r.received).toHaveLength(3);
    // The receiver is back: the probe succeeds and the rest follow.
    answer = 200;
    clock.t += 1_001;
    await s.webhooks.worker.drain();
    expect(r.received.length).toBeGreaterThanOrEqual(100);
    const endpoint = await s.store.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', ep.id).executeTakeFirstOrThrow();
    expect([endpoint.failed_streak, endpoint.paused_until_ms, endpoint.failing_since_ms]).toEqual([0, null, null]);
  });

  it('twenty endpoints that never answer do not delay another customer’s event', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock, { timeoutMs: 30_000 });
    const hanging = await receiver(() => 'hang');
    const fine = await receiver();
    for (let i = 0; i < 20; i++) {
      const ep = await addEndpoint(s, hanging.url + `?${i}`, ['goal.reached']);
      await backlog(s, ep.id, 1, 50, clock.t - 1000, 1 + i * 50);
    }
    const other = await otherCustomer(s, fine.url);
    // A worker of its own that polls, as in production: the hanging receivers fill what they may.
    const worker = startWorker(s.store, webhookRecordFunctions, {
      now: () => clock.t,
      pollMs: 50,
      timeoutMs: 30_000,
      allowHttp: true,
      allowLoopback: true,
    });
    open.push(worker);
    await expect.poll(() => hanging.received.length, { timeout: 5000 }).toBe(DEFAULT_SHARES.perCustomer);
    const sentAt = performance.now();
    await enqueueTest(s.store.db, other.endpoint, clock.t);
    worker.wake();
    await expect.poll(() => fine.received.length, { timeout: 2000 }).toBe(1);
    expect(performance.now() - sentAt).toBeLessThan(2000);
    // Still four of the first customer's in flight, never more.
    expect(hanging.received).toHaveLength(DEFAULT_SHARES.perCustomer);
  });

  it('never gives an event id twice, even after the newest events were deleted', async () => {
    const clock = { t: Date.now() };
    const s = await server(clock);
    const ep = await addEndpoint(s, 'http://127.0.0.1:9/hook', ['call.ended']);
    const first = await enqueueTest(s.store.db, { id: ep.id, customer_id: 1 }, clock.t);
    const second = await enqueueTest(s.store.db, { id: ep.id, customer_id: 1 }, clock.t);
    // As delete_webhook and an erasure do: the newest rows go.
    await deleteEndpoint(s.store.db, ep.id);
    const again = await addEndpoint(s, 'http://127.0.0.1:9/hook', ['call.ended']);
    const third = await enqueueTest(s.store.db, { id: again.id, customer_id: 1 }, clock.t);
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);
  });

  it('an endpoint deleted while its event is being sent: nothing to record, and no error', async () => {
    const clock = { t: Date.now() };
    const errors: unknown[] = [];
    const s = await server(clock, { onError: (e: unknown) => errors.push(e) });
    const r = await receiver(() => 'hang');
    const ep = await addEndpoint(s, r.url, ['call.ended']);
    await enqueueTest(s.store.db, { id: ep.id, customer_id: 1 }, clock.t);
    const worker = startWorker(s.store, webhookRecordFunctions, {
      now: () => clock.t,
      pollMs: 0,
      timeoutMs: 500,
      allowHttp: true,
      allowLoopback: true,
      onError: (e) => errors.push(e),
    });
    open.push(worker);
    const draining = worker.drain();
    await expect.poll(() => r.received.length).toBe(1);
    await deleteEndpoint(s.store.db, ep.id);
    // The receiver never answers: the send ends at its time limit, then finds its event gone.
    await draining;
    expect(errors).toEqual([]);
    expect(await s.store.db.selectFrom('webhook_attempts').selectAll().execute()).toEqual([]);
  });

  it('a visitor’s goals are announced up to the hour’s limit; the goals themselves are all kept', async () => {
    const clock = { t: Date.now() };
    const limited: number[] = [];
    const s = await server(clock, { perVisitorHour: 5, onVisitorLimited: (_site: number, visitor: number) => limited.push(visitor) });
    await addEndpoint(s, 'http://127.0.0.1:9/hook', ['goal.reached']);
    const v = await visit(s, 'http://localhost/page');
    const writes = Array.from({ length: 8 }, (_, i) => ({
      id: wid(),
      type: 'event',
      hit: v.hit,
      at: Date.now(),
      data: { category: 'c', action: `g${i}` },
    }));
    const res = await s.app.inject({
      method: 'POST',
      url: '/w/site-a',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ visitor: v.visitor, writes }),
    });
    expect(res.statusCode).toBe(200);
    const goals = await s.store.db
      .selectFrom('goals')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(goals.n)).toBe(8);
    expect(await states(s)).toHaveLength(5);
    expect(limited).toHaveLength(1);
    // Another visitor has a limit of their own.
    const w = await visit(s, 'http://localhost/other');
    const h = hitWrite();
    await s.app.inject({
      method: 'POST',
      url: '/w/site-a',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        visitor: w.visitor,
        writes: [h, { id: wid(), type: 'event', hit: h.id, at: Date.now(), data: { category: 'c', action: 'x' } }],
      }),
    });
    expect(await states(s)).toHaveLength(6);
  });
});

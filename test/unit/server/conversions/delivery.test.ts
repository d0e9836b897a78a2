import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../../../support/test-database.js';
import { sharedDbPath } from '../webhooks/world.js';
import {
  callFromAd,
  connectAll,
  IDS,
  conversionServer,
  qualifyTalks,
  restCaller,
  startStandins,
  type Clock,
  type Standins,
} from './world.js';

/**
 * Delivery of conversions (docs/conversions.md, "When an item is not sent"): retried on 429, 5xx
 * and no answer, given up on a refusal with the platform's words, refused when older than the
 * platform's window, and sent once across restarts and across processes.
 */

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

async function standins(): Promise<Standins> {
  const s = await startStandins();
  open.push(s);
  return s;
}

interface ServerOpts {
  dbPath?: string;
  bases?: Record<string, string>;
  closeGraceMs?: number;
}

async function server(clock: Clock, s: Standins, o: ServerOpts = {}) {
  const x = await conversionServer(clock, s, o.dbPath, {
    ...(o.bases ? { bases: o.bases } : {}),
    ...(o.closeGraceMs ? { closeGraceMs: o.closeGraceMs } : {}),
  });
  open.push(x);
  return x;
}

/**
 * One test's world: the stand-ins, a clock, a server (on `dbPath`, a database a later server shares,
 * when given) whose rule qualifies talks, the three destinations connected and a REST caller as `a`;
 * `bases` is asked once the stand-ins run. `another()` starts a server on the same database.
 */
async function world(o: Omit<ServerOpts, 'bases'> & { bases?: (s: Standins) => Promise<Record<string, string>> } = {}) {
  const s = await standins();
  const clock = { t: Date.now() };
  const bases = o.bases ? await o.bases(s) : undefined;
  const x = await server(clock, s, { dbPath: o.dbPath, bases, closeGraceMs: o.closeGraceMs });
  const rest = await restCaller(x);
  await qualifyTalks(x);
  const ids = await connectAll(rest, s);
  return { s, clock, x, rest, ids, another: () => server(clock, s, { dbPath: o.dbPath }) };
}

type LogRow = {
  state: string;
  reason: string | null;
  attempts: number;
  status_code: number | null;
  answer: string | null;
  request: string | null;
};

async function logOf(rest: Awaited<ReturnType<typeof restCaller>>, id: number): Promise<LogRow[]> {
  const r = await rest('conversion_log', { site_id: 1, destination_id: id });
  expect(r.status).toBe(200);
  return r.body.data as LogRow[];
}

/** Drains, moving the clock past each retry, until nothing is pending (at most `rounds`). */
async function drainRetries(x: Awaited<ReturnType<typeof server>>, clock: Clock, rounds = 10) {
  for (let i = 0; i < rounds; i++) {
    await x.conversions.worker.drain();
    const next = await x.store.db
      .selectFrom('conversion_outbox')
      .select('next_attempt_ms')
      .where('state', '=', 'pending')
      .orderBy('next_attempt_ms')
      .executeTakeFirst();
    if (!next) return;
    clock.t = Math.max(clock.t, Number(next.next_attempt_ms));
  }
}

/** A local address nothing listens on. */
async function closedPort(): Promise<string> {
  const srv = createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((ok) => srv.close(() => ok()));
  return `http://127.0.0.1:${port}/`;
}

describe('conversion delivery', () => {
  it('a refused token is given up at once, the platform’s words in the log, and not retried', async () => {
    const { s, clock, x, rest, ids } = await world();
    s.metrica.failNext.push(401);
    s.google.credentials.developer_token = 'rotated';
    await callFromAd(x, clock, { callId: 'a-1', from: '79161234567', talk: 20 });
    await drainRetries(x, clock);
    clock.t += 86_400_000;
    await x.conversions.worker.drain();
    expect((await logOf(rest, ids.metrica))[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      status_code: 401,
      reason: 'invalid_token: Invalid oauth_token',
    });
    expect((await logOf(rest, ids.google))[0]).toMatchObject({
      state: 'failed',
      attempts: 1,
      status_code: 401,
      reason: 'UNAUTHENTICATED: The developer token is not valid.',
    });
    expect(s.metrica.arrived).toHaveLength(1);
    expect(s.google.arrived.filter((a) => a.path.includes(':upload'))).toHaveLength(1);
  });

  it('a revoked refresh token says so', async () => {
    const { s, clock, x, rest, ids } = await world();
    s.google.credentials.refresh_token = 'revoked';
    await callFromAd(x, clock, { callId: 'r-1', from: '79161234567', talk: 20 });
    await drainRetries(x, clock);
    expect((await logOf(rest, ids.google))[0]).toMatchObject({
      state: 'failed',
      status_code: 400,
      reason: 'sign-in refused: invalid_grant: Token has been expired or revoked.',
    });
  });

  it('429 and 500 are tried again with back-off, then sent once', async () => {
    const { s, clock, x, rest, ids } = await world();
    s.metrica.failNext.push(429, 500);
    s.ga4.failNext.push(500);
    s.google.failNext.push(500);
    const start = clock.t;
    await callFromAd(x, clock, { callId: 'b-1', from: '79161234567', talk: 20 });
    await x.conversions.worker.drain();
    expect((await logOf(rest, ids.metrica))[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      status_code: 429,
      reason: expect.stringMatching(/^quota_requests_by_uid/),
    });
    await drainRetries(x, clock);
    expect(s.metrica.accepted).toHaveLength(1);
    expect(s.ga4.accepted).toHaveLength(1);
    expect(s.google.accepted).toHaveLength(1);
    expect(s.metrica.arrived).toHaveLength(3);
    expect((await logOf(rest, ids.metrica))[0]).toMatchObject({ state: 'sent', attempts: 3, status_code: 200, answer: 'uploading 1' });
    expect((await logOf(rest, ids.ga4))[0]).toMatchObject({ state: 'sent', attempts: 2 });
    // Back-off: the retries waited, 10 s and then 20 s (jitter held at the middle).
    expect(clock.t - start).toBeGreaterThanOrEqual(30_000);
  });

  it('an item older than the platform’s window is not sent, and the log says why', async () => {
    const { s, clock, x, rest, ids } = await world();
    // Stored while the platforms were unreachable; the call is old by the time a worker takes it.
    s.google.failNext.push(500);
    s.metrica.failNext.push(500);
    s.ga4.failNext.push(500);
    await callFromAd(x, clock, { callId: 'o-1', from: '79161234567', talk: 20 });
    await x.conversions.worker.drain();
    clock.t += 100 * 86_400_000 + 60_000;
    await x.conversions.worker.drain();
    expect((await logOf(rest, ids.ga4))[0]).toMatchObject({
      state: 'refused',
      reason: 'older than GA4 accepts: 2400 hours ago (at most 72)',
    });
    expect((await logOf(rest, ids.metrica))[0]).toMatchObject({
      state: 'refused',
      reason: 'older than Metrica links: the visit was 100 days ago (at most 21)',
    });
    expect((await logOf(rest, ids.google))[0]).toMatchObject({
      state: 'refused',
      reason: 'older than Google Ads accepts: the click was 100 days ago (at most 90)',
    });
    expect([s.google.accepted.length, s.metrica.accepted.length, s.ga4.accepted.length]).toEqual([0, 0, 0]);
  });

  it('an item stored before a restart is sent by the next server, once', async () => {
    // The first server cannot reach Google and Metrica (nothing listens there), GA4 fails: the items wait in the outbox.
    const unreachable = async (s: Standins) => {
      const url = await closedPort();
      return { google_ads: url, google_oauth: url, metrica: url, ga4: s.ga4.url };
    };
    const { s, clock, x: first, another } = await world({ dbPath: sharedDbPath(), bases: unreachable });
    s.ga4.failNext.push(500);
    await callFromAd(first, clock, { callId: 'x-1', from: '79161234567', talk: 20 });
    await first.conversions.worker.drain();
    await first.close();
    const second = await another();
    clock.t += 3_600_000;
    await second.conversions.worker.drain();
    await second.conversions.worker.drain();
    expect([s.google.accepted.length, s.metrica.accepted.length, s.ga4.accepted.length]).toEqual([1, 1, 1]);
    const items = await second.store.db.selectFrom('conversion_outbox').select(['state', 'attempts']).execute();
    expect(items.map((i) => [i.state, Number(i.attempts)])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('an upload Google has already (its answer was lost) counts as sent, and is kept once', async () => {
    const { s, clock, x, rest, ids } = await world();
    await callFromAd(x, clock, { callId: 'g-1', from: '79161234567', talk: 20 });
    await x.conversions.worker.drain();
    // As if the answer had never come: the item is due again.
    await x.store.db
      .updateTable('conversion_outbox')
      .set({ state: 'pending', next_attempt_ms: clock.t })
      .where('destination_id', '=', ids.google)
      .execute();
    await x.conversions.worker.drain();
    expect(s.google.accepted).toHaveLength(1);
    expect((await logOf(rest, ids.google))[0]).toMatchObject({
      state: 'sent',
      attempts: 2,
      status_code: 200,
      answer: expect.stringMatching(/^already there: The imported event has the same click/) as string,
    });
  });

  it('a stop lets a send in flight be answered, and the next server does not send it again', async () => {
    const { s, clock, x: first, ids, another } = await world({ dbPath: sharedDbPath() });
    const held = s.ga4.holdNext((r) => r.path === '/mp/collect');
    await callFromAd(first, clock, { callId: 's-1', from: '79161234567', talk: 20 });
    await held;
    const closing = first.close();
    setTimeout(() => s.ga4.release(), 200);
    await closing;
    const second = await another();
    clock.t += 3_600_000;
    await second.conversions.worker.drain();
    // GA4 counts every event it gets: one sent twice would be two.
    expect(s.ga4.accepted).toHaveLength(1);
    const rest = await restCaller(second);
    expect((await logOf(rest, ids.ga4))[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a send a stop cuts off says so, and the next server sends it at once', async () => {
    const { s, clock, x: first, ids, another } = await world({ dbPath: sharedDbPath(), closeGraceMs: 100 });
    const held = s.google.holdNext((r) => r.path.endsWith(':uploadClickConversions'));
    await callFromAd(first, clock, { callId: 'c-1', from: '79161234567', talk: 20 });
    await held;
    await first.close();
    const second = await another();
    const rest = await restCaller(second);
    expect((await logOf(rest, ids.google))[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      status_code: null,
      answer: 'the server stopped before the platform answered; sent again after the restart',
    });
    // The same clock: due at once, not after the first server's lease.
    await second.conversions.worker.drain();
    expect(s.google.accepted).toHaveLength(1);
    expect((await logOf(rest, ids.google))[0]).toMatchObject({ state: 'sent', attempts: 2, status_code: 200 });
  });

  it('a communication announced again is not stored twice', async () => {
    const { s, clock, x } = await world();
    const id = await callFromAd(x, clock, { callId: 'd-1', from: '79161234567', talk: 20 });
    await x.store.db.transaction().execute((trx) => x.webhooks.emit(trx, { type: 'call.ended', siteId: 1, kind: 'call', id }));
    await x.conversions.worker.drain();
    expect(await x.store.db.selectFrom('conversion_outbox').select('id').execute()).toHaveLength(3);
    expect([s.google.accepted.length, s.metrica.accepted.length, s.ga4.accepted.length]).toEqual([1, 1, 1]);
  });

  it('an erased visitor’s items and log go with its data', async () => {
    const { clock, x, rest, ids } = await world();
    const call = await callFromAd(x, clock, { callId: 'e-1', from: '79161234567', talk: 20 });
    await x.conversions.worker.drain();
    expect(await logOf(rest, ids.google)).toHaveLength(1);
    const visitor = await x.store.db.selectFrom('calls').select('visitor_id').where('id', '=', call).executeTakeFirstOrThrow();
    expect((await rest('erase_visitor', { visitor_id: visitor.visitor_id! }, 'DELETE')).status).toBe(200);
    for (const id of Object.values(ids)) expect(await logOf(rest, id)).toEqual([]);
    expect(await x.store.db.selectFrom('conversion_attempts').select('id').execute()).toEqual([]);
  });

  it.runIf(testPostgresUrl)('two servers on one PostgreSQL database send each item once', async () => {
    const s = await standins();
    const clock = { t: Date.now() };
    const dbPath = sharedDbPath();
    const a = await server(clock, s, { dbPath });
    const b = await server(clock, s, { dbPath });
    await qualifyTalks(a);
    const ids = await connectAll(await restCaller(a), s);
    // A click of its own for each call: Google takes two conversions of one click, action and second
    // as one (its stand-in answers the second ALREADY_EXISTS), and these calls may share a second.
    for (let i = 0; i < 6; i++)
      await callFromAd(a, clock, { callId: `p-${i}`, from: `7916123456${i}`, talk: 20, gclid: `${IDS.gclid}-${i}` });
    await Promise.all([
      a.conversions.worker.drain(),
      b.conversions.worker.drain(),
      a.conversions.worker.drain(),
      b.conversions.worker.drain(),
    ]);
    // The pool has two numbers: two calls come from visits with ids, the rest only by the caller's number.
    const items = await a.store.db.selectFrom('conversion_outbox').select(['destination_id', 'state']).execute();
    expect(items).toHaveLength(18);
    expect(items.filter((i) => i.state === 'pending')).toHaveLength(0);
    const sent = (id: number) => items.filter((i) => Number(i.destination_id) === id && i.state === 'sent').length;
    expect(s.google.accepted).toHaveLength(6);
    expect(sent(ids.google)).toBe(6);
    expect(s.metrica.accepted.length).toBe(sent(ids.metrica));
    expect(s.ga4.accepted.length).toBe(sent(ids.ga4));
    expect(new Set(s.metrica.accepted.map((r) => r.row.PhoneNumber)).size).toBe(s.metrica.accepted.length);
    expect(s.metrica.accepted.length).toBeGreaterThan(0);
  });
});

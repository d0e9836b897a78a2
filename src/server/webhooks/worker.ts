import type { Store } from '../store/open.js';
import { outboxPool, type OutboxPool } from '../store/outbox-pool.js';
import { RETRY_FOR_MS, retryDelay } from './backoff.js';
import { endpointById, endpointFailed, endpointSucceeded } from './endpoints.js';
import { DEFAULT_CAPS, trimBacklog, type BacklogCaps, type Dropped } from './backlog.js';
import { claimDue, DEFAULT_SHARES, type ClaimCursor, type ClaimShares } from './claims.js';
import { eventId, keepBody, markDelivered, markRetry, outboxRow, pruneSent, recordAttempt, type OutboxRow } from './outbox.js';
import { buildBody, type RecordFunctions } from './payload.js';
import { postJson, SEND_TIMEOUT_MS, type SendResult } from './send.js';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signDelivery, TIMESTAMP_HEADER } from './signature.js';
import type { TargetRules } from './target-guard.js';

/**
 * The delivery worker: claims due outbox rows (claims.ts: fairly, at a cost that does not grow with
 * the backlog) and sends each, at most `concurrency` at once, none of them awaited by a request: a
 * slow or hanging receiver holds one of its slots until the send's timeout, never a page view.
 * Woken after each commit that enqueued an event, and every `pollMs` for retries and the other
 * processes' events. The customers it enqueued for have their backlog held to the caps
 * (backlog.ts), each at most every `trimEveryMs`.
 */

export interface WorkerOptions extends TargetRules {
  /** The clock of claims, back-off and signatures (tests move it). Default Date.now. */
  now?: (() => number) | undefined;
  /** The back-off's jitter in [0, 1). Default Math.random. */
  random?: (() => number) | undefined;
  /** How often the outbox is read without a wake-up, in ms; 0: never (tests run `drain`). Default 1000. */
  pollMs?: number | undefined;
  /** Deliveries in flight at once in this process. Default 16. */
  concurrency?: number | undefined;
  /** Deliveries in flight at once per customer and per endpoint, over every process. Default 4 and 2. */
  shares?: ClaimShares | undefined;
  /** Pending events kept per endpoint and per customer. Default 10,000 and 25,000. */
  caps?: BacklogCaps | undefined;
  /** How often one customer's backlog is held to the caps, at most, in ms. Default 5 s. */
  trimEveryMs?: number | undefined;
  /** Hears events given up over a cap: the customer, and how many per endpoint. */
  onDropped?: ((customerId: number, dropped: Dropped) => void) | undefined;
  /** The bound of one delivery, in ms. Default 10 s. */
  timeoutMs?: number | undefined;
  /** How long an event is retried, and an endpoint may fail before it is switched off, in ms. Default a day. */
  retryForMs?: number | undefined;
  /** True while no endpoint is on: the polls skip the database (a server without webhooks never reads the outbox). */
  idle?: (() => boolean) | undefined;
  /** How long sent and given-up events and their attempts are kept, in ms. Default 30 days. */
  keepMs?: number | undefined;
  /** Hears an endpoint switched off, right after (the subscriptions reload, the users' alerts are queued). */
  onSwitchedOff?: ((endpointId: number) => Promise<void> | void) | undefined;
  /** Hears what the worker could not do (the database failing); default: nothing. */
  onError?: ((e: unknown) => void) | undefined;
}

export interface Worker {
  /** Reads the outbox soon (after the transactions open now have ended). */
  wake(): void;
  /** Notes rows just enqueued: their customers' backlogs are held to the caps soon. */
  enqueued(rows: ReadonlyArray<{ endpoint_id: number; customer_id: number }>): void;
  /** Holds every noted customer's backlog to the caps now. */
  trim(): Promise<void>;
  /** Forgets the sent and given-up events older than the keeping time (at most hourly). */
  prune(): Promise<void>;
  /** Sends everything due now, and what that frees, until nothing is left; resolves when done. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export function startWorker(store: Store, fns: RecordFunctions, opts: WorkerOptions = {}): Worker {
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? SEND_TIMEOUT_MS;
  const stop = new AbortController();
  const deliver = delivery(store, fns, opts, { now, timeoutMs, signal: stop.signal });
  const claims = claimer(store, deliver, opts, { now, timeoutMs });
  const backlog = backlogTrimmer(store, opts, now);
  const prune = pruner(store, now, opts.keepMs ?? 30 * 864e5);
  const onError = (e: unknown) => opts.onError?.(e);
  const tick = () => {
    if (opts.idle?.()) return;
    void claims.fill().catch(onError);
    void prune().catch(onError);
    if (backlog.waiting()) void backlog.trim(false).catch(onError);
  };

  const pollMs = opts.pollMs ?? 1000;
  const timer = pollMs > 0 ? setInterval(tick, pollMs) : null;
  timer?.unref();
  if (timer) tick();

  return {
    prune,
    wake() {
      setImmediate(() => void store.settled().then(tick));
    },
    enqueued: backlog.enqueued,
    trim: () => backlog.trim(true),
    drain: claims.drain,
    async close() {
      claims.close();
      if (timer) clearInterval(timer);
      stop.abort();
      await claims.claimEnded();
      await claims.sendsEnded();
    },
  };
}

/** Sends one claimed event, signed, and settles it by the answer. */
function delivery(
  store: Store,
  fns: RecordFunctions,
  opts: WorkerOptions,
  { now, timeoutMs, signal }: { now: () => number; timeoutMs: number; signal: AbortSignal },
) {
  const retryForMs = opts.retryForMs ?? RETRY_FOR_MS;
  /** The attempt recorded, and the event delivered, retried later or given up. */
  const settle = async (row: OutboxRow, endpointId: number, at: number, sent: SendResult): Promise<void> => {
    const db = store.db;
    const id = row.id;
    const ok = sent.status !== null && sent.status >= 200 && sent.status < 300;
    const error = ok ? null : (sent.error ?? `HTTP ${sent.status}`);
    await recordAttempt(db, {
      outbox_id: id,
      endpoint_id: endpointId,
      at_ms: at,
      status_code: sent.status,
      error,
      duration_ms: sent.durationMs,
    });
    if (ok) {
      await markDelivered(db, id);
      await endpointSucceeded(db, endpointId);
      return;
    }
    const later = now() + retryDelay(row.attempts + 1, opts.random);
    await markRetry(db, row, later - row.created_ms > retryForMs ? null : later);
    const pauseFor = (streak: number) => retryDelay(streak, opts.random);
    if (await endpointFailed(db, endpointId, now(), later, pauseFor, retryForMs)) await opts.onSwitchedOff?.(endpointId);
  };
  return async (id: number): Promise<void> => {
    const db = store.db;
    const row = await outboxRow(db, id);
    const endpoint = row ? await endpointById(db, row.endpoint_id) : null;
    if (!row || !endpoint) return;
    const body = row.body ?? (await keepBody(db, id, await buildBody(store, fns, row, endpoint.customer_id, now())));
    const at = now();
    const ts = Math.floor(at / 1000);
    const headers = {
      'user-agent': 'svc-webhooks/1',
      [EVENT_ID_HEADER]: eventId(id),
      [EVENT_TYPE_HEADER]: row.event_type,
      [TIMESTAMP_HEADER]: String(ts),
      [SIGNATURE_HEADER]: signDelivery(endpoint.secret, ts, body),
    };
    const sent = await postJson(endpoint.url, body, headers, opts, timeoutMs, signal);
    // Stopped mid-send: the claim's lease runs out and the next worker sends it again.
    if (signal.aborted) return;
    await settle(row, endpoint.id, at, sent).catch((e: unknown) => {
      // Deleted while it was being sent (its endpoint, or its record by an erasure): nothing to settle.
      if (!referenceGone(e)) throw e;
    });
  };
}

/** Claims due events fairly (claims.ts) into free slots and delivers them, at most `concurrency` at once. */
function claimer(
  store: Store,
  deliver: (id: number) => Promise<void>,
  opts: Pick<WorkerOptions, 'concurrency' | 'shares' | 'onError'>,
  { now, timeoutMs }: { now: () => number; timeoutMs: number },
): OutboxPool {
  const shares = opts.shares ?? DEFAULT_SHARES;
  const cursor: ClaimCursor = { lastEndpoint: 0 };
  return outboxPool({
    claim: (free) => {
      const t = now();
      return claimDue(store.db, t, t + timeoutMs + 60_000, free, shares, cursor);
    },
    send: deliver,
    concurrency: opts.concurrency ?? 16,
    onError: (e: unknown) => opts.onError?.(e),
  });
}

/** The customers with new rows since their last trim, held to the caps at most every `trimEveryMs`. */
function backlogTrimmer(store: Store, opts: Pick<WorkerOptions, 'caps' | 'trimEveryMs' | 'onDropped'>, now: () => number) {
  const caps = opts.caps ?? DEFAULT_CAPS;
  const trimEveryMs = opts.trimEveryMs ?? 5000;
  /** Customers with new rows since their last trim, and those rows' endpoints. */
  const toTrim = new Map<number, Set<number>>();
  const trimmedAt = new Map<number, number>();
  const trimOnce = async (all: boolean): Promise<void> => {
    const t = now();
    for (const [customerId, endpointIds] of toTrim) {
      if (!all && t - (trimmedAt.get(customerId) ?? -Infinity) < trimEveryMs) continue;
      toTrim.delete(customerId);
      trimmedAt.set(customerId, t);
      const dropped = await trimBacklog(store.db, customerId, endpointIds, t, caps);
      if (dropped.size) opts.onDropped?.(customerId, dropped);
    }
  };
  /** One trim at a time: a trim asked for while one runs follows it (it may not have seen the newest rows). */
  let trimming: Promise<void> = Promise.resolve();
  return {
    waiting: () => toTrim.size > 0,
    enqueued(rows: ReadonlyArray<{ endpoint_id: number; customer_id: number }>): void {
      for (const r of rows) {
        let endpoints = toTrim.get(r.customer_id);
        if (!endpoints) toTrim.set(r.customer_id, (endpoints = new Set()));
        endpoints.add(r.endpoint_id);
      }
    },
    /** Holds the noted customers' backlogs to the caps: those trimmed within `trimEveryMs` wait, unless `all`. */
    trim: (all: boolean): Promise<void> => (trimming = trimming.catch(() => undefined).then(() => trimOnce(all))),
  };
}

/** The delivery log is kept a month: pruned at most hourly, by whichever process polls. */
function pruner(store: Store, now: () => number, keepMs: number): () => Promise<void> {
  let prunedAt = 0;
  return async () => {
    const t = now();
    if (t - prunedAt < 3_600_000) return;
    prunedAt = t;
    await pruneSent(store.db, t - keepMs);
  };
}

/** A foreign key that failed because the row it names was deleted meanwhile (SQLite, PostgreSQL). */
function referenceGone(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

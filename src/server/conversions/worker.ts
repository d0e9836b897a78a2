import { retryDelay } from '../webhooks/backoff.js';
import type { Store } from '../store/open.js';
import { outboxPool } from '../store/outbox-pool.js';
import { conversionFacts } from './communication.js';
import { destinationById } from './destinations.js';
import { boundedHttp } from './http.js';
import { claimConversions, conversionItem, recordConversionAttempt, settleConversion } from './outbox.js';
import type { ApiBases, Outcome } from './platform.js';
import { PLATFORMS } from './platforms.js';
import type { Sealer } from './sealer.js';

/**
 * The sending worker: claims due items across processes (outbox.ts), sends each to its platform,
 * and settles it by the outcome: sent; tried again with the webhooks' back-off (429, 5xx, no
 * answer) for up to `retryForMs`; given up on any other refusal, with the platform's words; or
 * refused before any request, saying why (too old for the platform's window, nothing to link it
 * by, credentials that cannot be opened). Woken after each commit that enqueued, and every `pollMs`.
 * A stop lets the sends in flight be answered for a moment (a platform without deduplication would
 * count one cut off twice), then cuts the rest off and hands them back, due at once, to the next
 * server: without that they would wait out their lease after a restart.
 */

export interface ConversionWorkerOptions {
  /** The platforms' base URLs by key; unset: the real ones. */
  apiBases?: ApiBases | undefined;
  /** The clock of claims, windows and back-off (tests move it). Default Date.now. */
  now?: (() => number) | undefined;
  /** The back-off's jitter in [0, 1). Default Math.random. */
  random?: (() => number) | undefined;
  /** How often the outbox is read without a wake-up, ms; 0: never (tests drain). Default 2000. */
  pollMs?: number | undefined;
  /** Items in flight at once in this process. Default 4. */
  concurrency?: number | undefined;
  /** One request's bound, ms. Default 15 s. */
  timeoutMs?: number | undefined;
  /** How long an item is retried, ms. Default two days. */
  retryForMs?: number | undefined;
  /** How long a stop waits for the answers of the sends in flight before cutting them off, ms. Default 3000. */
  closeGraceMs?: number | undefined;
  /** Hears what the worker could not do (the database failing); never a credential. */
  onError?: ((e: unknown) => void) | undefined;
}

export interface ConversionWorker {
  wake(): void;
  /** Sends everything due now until nothing is left. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export function startConversionWorker(store: Store, sealer: Sealer, opts: ConversionWorkerOptions = {}): ConversionWorker {
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const stop = new AbortController();
  const send = sender(store, sealer, opts, now, boundedHttp(timeoutMs, stop.signal), stop.signal);
  const onError = (e: unknown) => opts.onError?.(e);
  const pool = outboxPool({
    claim: (free) => {
      const t = now();
      return claimConversions(store.db, t, t + timeoutMs * 3 + 60_000, free);
    },
    send,
    concurrency: opts.concurrency ?? 4,
    onError,
  });
  const pollMs = opts.pollMs ?? 2000;
  const timer = pollMs > 0 ? setInterval(() => void pool.fill().catch(onError), pollMs) : null;
  timer?.unref();
  return {
    wake() {
      setImmediate(() => void store.settled().then(() => pool.fill().catch(onError)));
    },
    drain: pool.drain,
    async close() {
      pool.close();
      if (timer) clearInterval(timer);
      await pool.claimEnded();
      await within(pool.sendsEnded(), opts.closeGraceMs ?? 3000);
      stop.abort();
      await pool.sendsEnded();
    },
  };
}

/** `p`, or nothing after `ms`. */
async function within(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p, new Promise<void>((ok) => (timer = setTimeout(ok, ms)))]);
  clearTimeout(timer);
}

/** What the log says of a send a stop cut off before the platform answered. */
export const CUT_OFF = 'the server stopped before the platform answered; sent again after the restart';

/** Sends one claimed item and settles it. */
function sender(
  store: Store,
  sealer: Sealer,
  opts: ConversionWorkerOptions,
  now: () => number,
  http: ReturnType<typeof boundedHttp>,
  signal: AbortSignal,
) {
  const retryForMs = opts.retryForMs ?? 2 * 864e5;
  return async (id: number): Promise<void> => {
    const db = store.db;
    const item = await conversionItem(db, id);
    const dest = item ? await destinationById(db, item.destination_id) : null;
    if (!item || !dest) return;
    const refuse = (reason: string) => settleConversion(db, id, { state: 'refused', reason }, false);
    const facts = await conversionFacts(db, item.object_kind, Number(item.object_id));
    if (!facts) return refuse('the communication is gone (erased or deleted)');
    const module = PLATFORMS[dest.platform];
    const settings = module.settings.safeParse(JSON.parse(dest.settings));
    if (!settings.success) return refuse('the destination’s settings are not valid any more: change them');
    const opened = sealer.open(dest.credentials);
    if (opened === null) return refuse('the credentials cannot be opened: SVC_SECRET_KEY is missing or not the key they were saved with');
    const t = now();
    const why = module.refusal(facts, settings.data, t);
    if (why) return refuse(why);
    // Stopping before anything was sent: handed back as it was.
    if (signal.aborted) return settleConversion(db, id, { state: 'pending', next: t, reason: item.reason }, false);
    const o: Outcome = await module.send({
      facts,
      settings: settings.data,
      credentials: module.credentials.parse(opened),
      http,
      bases: opts.apiBases ?? {},
      now: t,
      destinationId: dest.id,
    });
    // Cut off by a stop: the platform may have it or not. Due at once for the next server (Google
    // answers one it has with ALREADY_EXISTS), not after the lease.
    const cut = signal.aborted;
    await recordConversionAttempt(db, {
      outbox_id: id,
      destination_id: dest.id,
      at_ms: t,
      request: o.request,
      status_code: cut ? null : o.status,
      answer: cut ? CUT_OFF : o.answer,
      duration_ms: Math.max(0, now() - t),
    });
    if (cut) return settleConversion(db, id, { state: 'pending', next: now(), reason: CUT_OFF }, true);
    if (o.state === 'sent') return settleConversion(db, id, { state: 'sent', reason: null }, true);
    if (o.state === 'failed') return settleConversion(db, id, { state: 'failed', reason: o.answer ?? `HTTP ${o.status}` }, true);
    const next = now() + Math.max(o.retryAfterMs ?? 0, retryDelay(item.attempts + 1, opts.random));
    const reason = o.answer ?? `HTTP ${o.status}`;
    if (next - Number(item.created_ms) > retryForMs)
      return settleConversion(db, id, { state: 'failed', reason: `given up after ${item.attempts + 1} attempts: ${reason}` }, true);
    return settleConversion(db, id, { state: 'pending', next, reason }, true);
  };
}

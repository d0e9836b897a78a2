import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import type { QualifiableKind } from '../store/tables.js';
import { ENDING_EVENTS } from '../webhooks/ending-events.js';
import type { EventNotice, EventSink } from '../webhooks/events.js';
import { isQualified } from './communication.js';
import { boundedHttp, type Http } from './http.js';
import { enqueueConversion } from './outbox.js';
import type { ApiBases } from './platform.js';
import { createSealer, type Sealer } from './sealer.js';
import { startConversionWorker, type ConversionWorker, type ConversionWorkerOptions } from './worker.js';

/**
 * Conversions (docs/conversions.md): what the composition root builds once. Its event sink
 * wrapper runs after the qualification rules, in the transaction of the event that ends a
 * communication, and stores one outbox item per destination that takes it; the worker sends them
 * after the commit.
 */

export interface ConversionOptions extends ConversionWorkerOptions {
  /** SVC_SECRET_KEY: seals the destinations' credentials. Unset: connecting is refused, saying so. */
  secretKey?: Buffer | undefined;
}

/** What the REST functions need: the REST API's `conversions` service. */
export interface ConversionControl {
  sealer: Sealer;
  /** For the checks a connection makes (GA4's validation). */
  http: Http;
  bases: ApiBases;
  wake(): void;
  /**
   * Stores a communication a site's rules qualified after it ended (an edited rule marks earlier
   * ones: qualification/requalify.ts) for the destinations that take qualified ones, in the
   * transaction that marks it. A pair already in the outbox is left alone.
   */
  enqueueQualified(db: Queryable, siteId: number, kind: QualifiableKind, id: number): Promise<void>;
}

declare module '../api/function.js' {
  interface Services {
    /** The destinations' sealing, the platforms' addresses, the worker's wake-up (conversions/). */
    conversions: ConversionControl;
  }
}

export interface Conversions {
  worker: ConversionWorker;
  control: ConversionControl;
  /** `sink` with each ending communication enqueued for the site's destinations after it. */
  withEvents<T extends EventSink>(sink: T): T;
  close(): Promise<void>;
}

export function createConversions(store: Store, opts: ConversionOptions = {}): Conversions {
  const now = opts.now ?? Date.now;
  const sealer = createSealer(opts.secretKey);
  const worker = startConversionWorker(store, sealer, opts);
  const enqueue = async (db: Queryable, e: EventNotice) => {
    const kind = ENDING_EVENTS[e.type];
    if (!kind) return;
    const added = await enqueueConversion(db, e.siteId, kind, e.id, await isQualified(db, kind, e.id), now());
    if (added > 0) worker.wake();
  };
  return {
    worker,
    control: {
      sealer,
      http: boundedHttp(opts.timeoutMs ?? 15_000),
      bases: opts.apiBases ?? {},
      wake: () => worker.wake(),
      async enqueueQualified(db, siteId, kind, id) {
        if ((await enqueueConversion(db, siteId, kind, id, true, now())) > 0) worker.wake();
      },
    },
    withEvents<T extends EventSink>(sink: T): T {
      return {
        ...sink,
        async emit(db: Queryable, e: EventNotice) {
          await sink.emit(db, e);
          await enqueue(db, e);
        },
      };
    },
    close: () => worker.close(),
  };
}

import { windowCounters } from '../store/window-counters.js';
import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import type { WebhookControl } from './control.js';
import type { EventNotice } from './events.js';
import { enqueue } from './outbox.js';
import type { RecordFunctions } from './payload.js';
import { createSubscriptions, type Subscriptions } from './subscriptions.js';
import { startWorker, type Worker, type WorkerOptions } from './worker.js';

/**
 * Webhooks (docs/webhooks.md): what the composition root builds once and gives the features that
 * announce events. `emit` runs inside the transaction that stores the record, so the event is
 * stored exactly when the record is; the worker sends it after the commit.
 */

export interface WebhookOptions extends WorkerOptions {
  /** Events of one visitor's anonymous writes sent per hour; later ones are stored without an event. Default 60. */
  perVisitorHour?: number | undefined;
  /** Hears a visitor past that limit, once per hour. */
  onVisitorLimited?: ((siteId: number, visitorId: number) => void) | undefined;
  /** Hears an endpoint the worker switched off, right after (mail/alert-facts.ts queues the users' alerts). */
  onEndpointOff?: ((db: Queryable, endpointId: number, now: number) => Promise<void>) | undefined;
}

/** The default of `perVisitorHour`: a visitor's goals and requests announced in an hour. */
export const EVENTS_PER_VISITOR_HOUR = 60;

export interface Webhooks {
  /** Stores the event for every endpoint that wants it, in `db`'s transaction; nothing asked when none does. */
  emit(db: Queryable, e: EventNotice): Promise<void>;
  subscriptions: Subscriptions;
  worker: Worker;
  /** What the webhook REST functions need: the REST API's `webhooks` service. */
  control: WebhookControl;
  close(): Promise<void>;
}

export async function createWebhooks(store: Store, fns: RecordFunctions, opts: WebhookOptions = {}): Promise<Webhooks> {
  const now = opts.now ?? Date.now;
  const perVisitorHour = opts.perVisitorHour ?? EVENTS_PER_VISITOR_HOUR;
  const visitorEvents = windowCounters(store);
  const subscriptions = await createSubscriptions(store);
  const worker = startWorker(store, fns, {
    ...opts,
    idle: () => !subscriptions.any(),
    async onSwitchedOff(endpointId) {
      void subscriptions.changed();
      await opts.onEndpointOff?.(store.db, endpointId, now());
    },
  });
  return {
    async emit(db, e) {
      if (!subscriptions.wants(e.siteId, e.type)) return;
      if (e.visitorId !== undefined) {
        const count = await visitorEvents.add(`webhook-events:${e.visitorId}`, 1, 3_600_000, now());
        if (count && count.n > perVisitorHour) {
          if (count.n === perVisitorHour + 1) opts.onVisitorLimited?.(e.siteId, e.visitorId);
          return;
        }
      }
      worker.enqueued(await enqueue(db, e, now()));
      worker.wake();
    },
    subscriptions,
    worker,
    control: {
      rules: { allowHttp: opts.allowHttp, allowLoopback: opts.allowLoopback },
      changed: () => subscriptions.changed(),
      wake: () => worker.wake(),
    },
    async close() {
      await worker.close();
      subscriptions.close();
    },
  };
}

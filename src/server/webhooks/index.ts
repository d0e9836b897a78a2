import type { Store } from '../store/open.js';
import type { Queryable } from '../store/queryable.js';
import type { EventNotice } from './events.js';
import { enqueue } from './outbox.js';
import { registerControl } from './registry.js';
import type { RecordFunctions } from './payload.js';
import { createSubscriptions, type Subscriptions } from './subscriptions.js';
import { startWorker, type Worker, type WorkerOptions } from './worker.js';

/**
 * Webhooks (docs/webhooks.md): what the composition root builds once and gives the features that
 * announce events. `emit` runs inside the transaction that stores the record, so the event is
 * stored exactly when the record is; the worker sends it after the commit.
 */

export type WebhookOptions = WorkerOptions;

export interface Webhooks {
  /** Stores the event for every endpoint that wants it, in `db`'s transaction; nothing asked when none does. */
  emit(db: Queryable, e: EventNotice): Promise<void>;
  subscriptions: Subscriptions;
  worker: Worker;
  close(): Promise<void>;
}

export async function createWebhooks(store: Store, fns: RecordFunctions, opts: WebhookOptions = {}): Promise<Webhooks> {
  const now = opts.now ?? Date.now;
  const subscriptions = await createSubscriptions(store);
  const worker = startWorker(store, fns, { ...opts, idle: () => !subscriptions.any(), onSwitchedOff: () => void subscriptions.changed() });
  const unregister = registerControl(store, {
    rules: { allowHttp: opts.allowHttp, allowLoopback: opts.allowLoopback },
    changed: () => subscriptions.changed(),
    wake: () => worker.wake(),
  });
  return {
    async emit(db, e) {
      if (!subscriptions.wants(e.siteId, e.type)) return;
      await enqueue(db, e, now());
      worker.wake();
    },
    subscriptions,
    worker,
    async close() {
      unregister();
      await worker.close();
      subscriptions.close();
    },
  };
}

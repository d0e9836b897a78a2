import { markCallFailed } from './queries.js';
import { siteCallback, type CallbackPlatform, type DispatchResult } from './platform.js';
import { SITEPHONE_STATUS } from '../../protocol.js';
import type { Store } from '../store/open.js';
import { timestamp } from '../store/time.js';
import {
  callById,
  claimCallback,
  finishCallapiRequest,
  insertCallapiRequest,
  queuedCallbacks,
  releaseCallback,
  setPlatformCallId,
} from '../telephony/queries.js';
import { siteById } from '../sites/sites.js';
import { noEvents, type EventSink } from '../webhooks/events.js';

/**
 * Call-back requests go to the telephony platform after the write that stored them has committed:
 * a platform's answer never holds the database, and a request the batch rolled back is never
 * dialled. Each request is claimed first (one UPDATE: on PostgreSQL several processes may try the
 * same one), handed to the platform, and logged in `callapi_requests` with the platform's answer;
 * the platform's id of the call it will dial is stored in `calls.platform_call_id`, so its events
 * (telephony/record-event.ts, direction `out`) complete the `sitephone` record. A refusal marks the
 * record failed (request_status 3). Requests left queued by a stopped process are sent at start.
 */

export const CALLBACK_METHOD = 'callback';

export interface CallbackDispatcher {
  /** Sends the stored request `id` once the transactions open now have ended. */
  enqueue(id: number): void;
  /** Resolves when every request enqueued so far has been handled (tests, shutdown). */
  idle(): Promise<void>;
}

export function createCallbackDispatcher(store: Store, platform: CallbackPlatform, events: EventSink = noEvents): CallbackDispatcher {
  let pending: Promise<void> = Promise.resolve();
  const run = (job: () => Promise<void>) => {
    // One at a time, in order; a failure (database closing) leaves the request queued for the next start.
    pending = pending.then(job).catch(() => undefined);
  };
  const dispatcher: CallbackDispatcher = {
    enqueue(id) {
      // After this turn's transactions (the write's group commit) have ended, as the hub's pokes.
      setImmediate(() => run(() => store.settled().then(() => send(store, platform, id, events))));
    },
    idle: async () => {
      await new Promise((r) => setImmediate(r));
      await pending;
    },
  };
  run(async () => {
    for (const id of await queuedCallbacks(store.db, 100)) await send(store, platform, id, events);
  });
  return dispatcher;
}

async function send(store: Store, platform: CallbackPlatform, id: number, events: EventSink): Promise<void> {
  const { db } = store;
  if (!(await claimCallback(db, id))) return;
  const call = await callById(db, id);
  const site = call ? await siteById(db, call.site_id) : null;
  if (!call || !site || !call.scenario_name) return;
  const settings = await siteCallback(db, call.site_id);
  const logId = await insertCallapiRequest(db, {
    customer_id: site.customer_id,
    start_time: timestamp(),
    method: CALLBACK_METHOD,
    numa: site.user_phone ?? null,
    numb: call.numa,
    numc: call.scenario_name,
    call_id: id,
  });
  let sent: DispatchResult;
  try {
    sent = await platform.dispatch(
      {
        id,
        siteId: call.site_id,
        phone: call.numa,
        delayedCallTime: call.delayed_call_time,
        groupId: call.group_id,
        scenario: call.scenario_name,
      },
      settings,
    );
  } catch (e) {
    sent = { ok: false, error: String((e as Error)?.message ?? e).slice(0, 200) };
  }
  if (sent.ok) {
    const platformCallId = sent.callId ?? `cb-${id}`;
    await setPlatformCallId(db, id, platformCallId);
    await finishCallapiRequest(db, logId, null, JSON.stringify({ call_id: platformCallId }));
  } else {
    await db.transaction().execute(async (trx) => {
      await releaseCallback(trx, id);
      await markCallFailed(trx, id, SITEPHONE_STATUS.platform, sent.error);
      await events.emit(trx, { type: 'callback.finished', siteId: call.site_id, kind: 'call', id });
    });
    await finishCallapiRequest(db, logId, sent.error, JSON.stringify({ error: sent.error }));
  }
}

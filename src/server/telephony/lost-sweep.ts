import type { Store } from '../store/open.js';
import { closeCallAsLost, markLegsLost, openCallsBefore } from './queries.js';
import { noEvents, type EventSink } from '../webhooks/events.js';

/**
 * A call never seen `ended` is closed as lost once it has been open `lostAfterMs` (docs/calls.md: one
 * hour by default, longer than any ringing and most talks; an `ended` that comes later still
 * completes the record). The sweep runs every `everyMs` in every server process; closing is one
 * guarded UPDATE per call, so two processes sweeping at once close each call once.
 */

export const LOST_AFTER_MS = 3_600_000;
const SWEEP_EVERY_MS = 60_000;
const BATCH = 100;

export interface LostSweepOptions {
  lostAfterMs?: number | undefined;
  everyMs?: number | undefined;
  /** Where a call closed as lost is announced (`call.ended`). */
  events?: EventSink | undefined;
}

/** Closes the calls open for longer than the timeout at `now`; returns the sites whose calls closed. */
export async function sweepLostCalls(store: Store, now: number, lostAfterMs: number, events: EventSink = noEvents): Promise<number[]> {
  const sites = new Set<number>();
  for (;;) {
    const open = await openCallsBefore(store.db, now - lostAfterMs, BATCH);
    for (const c of open) {
      const closed = await store.db.transaction().execute(async (trx) => {
        if (!(await closeCallAsLost(trx, c.id))) return false;
        await markLegsLost(trx, c.id);
        await events.emit(trx, { type: 'call.ended', siteId: c.site_id, kind: 'call', id: c.id });
        return true;
      });
      if (closed) sites.add(c.site_id);
    }
    if (open.length < BATCH) return [...sites];
  }
}

/** Starts the periodic sweep; returns its stop function. */
export function startLostSweep(store: Store, opts: LostSweepOptions, onClosed: (siteIds: number[]) => void): () => Promise<void> {
  const lostAfterMs = opts.lostAfterMs ?? LOST_AFTER_MS;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = sweepLostCalls(store, Date.now(), lostAfterMs, opts.events).then(
      (sites) => (sites.length ? onClosed(sites) : undefined),
      // A failed sweep (the database busy or closing) is retried on the next tick.
      () => undefined,
    );
  };
  const timer = setInterval(tick, opts.everyMs ?? SWEEP_EVERY_MS);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

import type { Queryable } from '../store/queryable.js';
import type { EventNotice, EventSink } from '../webhooks/events.js';
import { queueAlerts } from './alert-queue.js';

/**
 * `sink` with the users' alerts queued after each event it is given, in the event's transaction
 * (as qualification/qualifying-events.ts wraps it): given the qualifying sink, a record is
 * qualified already when its alerts are read.
 */
export function alertingEvents<T extends EventSink>(sink: T, now: () => number = Date.now): T {
  return {
    ...sink,
    async emit(db: Queryable, e: EventNotice) {
      await sink.emit(db, e);
      await queueAlerts(db, e, now());
    },
  };
}

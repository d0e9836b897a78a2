import type { Queryable } from '../store/queryable.js';
import { timestamp } from '../store/time.js';
import { ENDING_EVENTS } from '../webhooks/ending-events.js';
import type { EventNotice, EventSink } from '../webhooks/events.js';
import { qualifyCommunication } from './qualify.js';
import { rulesOfSite } from './rules.js';

/**
 * The qualification rules applied as a communication is over (docs/conversions.md, "Qualified
 * calls"): every feature announces that moment as an event, in the transaction that records it
 * (a call's `ended` event, the lost-call sweep, a chat's end, a request stored), so the event sink
 * the composition root hands out qualifies first, then passes the event on. The record a webhook
 * sends is read after the commit: it is qualified already. A site without rules costs one read.
 */

async function qualifyAnnounced(db: Queryable, e: EventNotice, now: number): Promise<void> {
  const kind = ENDING_EVENTS[e.type];
  if (!kind) return;
  const rules = await rulesOfSite(db, e.siteId);
  if (rules.length) await qualifyCommunication(db, kind, e.id, rules, timestamp(now));
}

/** `sink` with the rules applied before each event it is given. */
export function qualifyingEvents<T extends EventSink>(sink: T, now: () => number = Date.now): T {
  return {
    ...sink,
    async emit(db: Queryable, e: EventNotice) {
      await qualifyAnnounced(db, e, now());
      await sink.emit(db, e);
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Pokes } from '../http/live-topics.js';
import { ApiError } from '../http/errors.js';
import type { Store } from '../store/open.js';
import type { CallEvent } from './event.js';
import { callById } from './queries.js';
import { recordEvent, unknownNumber, type CallRouting } from './record-event.js';
import { callEventType, noEvents, type EventSink } from '../webhooks/events.js';

/**
 * One call event, from whichever side of the boundary it came (the signed `POST /telephony/events`,
 * a carrier's callbacks in carriers/): applied in its own transaction with its webhook event, the
 * console poked after the commit. A number no customer holds is counted and logged, then refused.
 */

export interface TelephonyCounters {
  /** Calls refused because the number called is no customer's (422101); each is also logged at warn. */
  refusedUnknownNumber: number;
}

export interface AcceptDeps {
  store: Store;
  hub: Pokes;
  routing: CallRouting;
  events?: EventSink | undefined;
  counters: TelephonyCounters;
}

/** What the record says of the call after the event: whose it is. */
export interface AcceptedEvent {
  id: number;
  applied: boolean;
  site_id: number;
  ac_id: number | null;
  session_id: number | null;
  visitor_id: number | null;
}

const UNKNOWN_NUMBER = unknownNumber().code;

export async function acceptCallEvent(deps: AcceptDeps, ev: CallEvent, now: number, log: FastifyBaseLogger): Promise<AcceptedEvent> {
  const out = await deps.store.db
    .transaction()
    .execute(async (trx) => {
      const out = await recordEvent(trx, ev, now, deps.routing);
      const type = out.applied ? callEventType(out.communicationType, ev.event) : null;
      if (type) await (deps.events ?? noEvents).emit(trx, { type, siteId: out.siteId, kind: 'call', id: out.callId });
      return out;
    })
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.code === UNKNOWN_NUMBER) {
        deps.counters.refusedUnknownNumber++;
        // The caller's number is personal data: only the number called is logged.
        log.warn({ call_id: ev.call_id, number_called: ev.direction === 'in' ? ev.numb : ev.numa }, "call refused: the number called is no customer's");
      }
      throw e;
    });
  // The console's screen pop reads ringing calls; it re-reads once the event has committed.
  if (out.applied) deps.hub.poke(`site:${out.siteId}`);
  const call = (await callById(deps.store.db, out.callId))!;
  return {
    id: out.callId,
    applied: out.applied,
    site_id: call.site_id,
    ac_id: call.ac_id,
    session_id: call.session_id,
    visitor_id: call.visitor_id,
  };
}

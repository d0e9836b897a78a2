import { ApiError } from '../http/errors.js';
import { siteById } from '../sites/sites.js';
import { employeeNameOfCustomer } from '../identity/operators.js';
import type { Queryable } from '../store/queryable.js';
import type { NewRow, Row } from '../store/tables.js';
import { timestamp } from '../store/time.js';
import { joinByContact } from '../visitors/persons.js';
import { attribute } from './attribution.js';
import type { CallEvent } from './event.js';
import { numberKey } from '../numbers/keys.js';
import {
  callById,
  callByPlatformId,
  employeeOnLine,
  insertPlatformCall,
  legByPlatformId,
  markEventSeen,
  updateCall,
  updateLeg,
  upsertLeg,
  type EventColumn,
} from './queries.js';

/**
 * Applies one call event inside a transaction. The call record and its legs are derived from the
 * events seen so far, whatever their order: the first event of a call (any of the three) opens
 * the record and attributes it; each event is applied once (its time stored in its own column, set
 * only while empty); after each, the record's status, wait and durations are computed again from
 * what is known. `ringing` gives the setup time, `answered` the connect time, `ended` the end,
 * the durations, the recording and who answered.
 */

/**
 * Where a call to one of the service's numbers goes: the scenario that answers it and the number
 * it is forwarded to (numbers/routing.ts, passed in by app.ts). The record keeps the scenario's
 * name; the forwarded leg is to the target. Null when nothing says: no scenario, and the leg goes
 * to the SIP line that answered.
 */
export type CallRouting = (
  db: Queryable,
  call: { numb: string; numa: string },
) => Promise<{ scenarioName: string | null; forwardTo: string } | null>;

const COLUMN: Record<CallEvent['event'], EventColumn> = { ringing: 'ringing_time', answered: 'answered_time', ended: 'ended_time' };

export const unknownNumber = () => new ApiError(422, 422101, 'Unknown number: the number called is no site number');

const digits = (n: string) => n.replace(/\D/g, '');
const ms = (t: string) => Date.parse(t.replace(' ', 'T') + 'Z');
const secondsBetween = (from: string, to: string) => Math.max(0, Math.round((ms(to) - ms(from)) / 1000));

export interface EventOutcome {
  /** The call record's id (`calls.id`, the REST `id` and `call_session_id`). */
  callId: number;
  siteId: number;
  /** False for a repeat of an event already applied: nothing changed. */
  applied: boolean;
  /** `call`, or `sitephone` for a call-back's call. */
  communicationType: 'call' | 'sitephone';
}

export async function recordEvent(db: Queryable, ev: CallEvent, now: number, routing: CallRouting): Promise<EventOutcome> {
  const at = Date.parse(ev.time);
  let call = await callByPlatformId(db, ev.call_id);
  if (!call) call = await openCall(db, ev, at, now, routing);
  if (!(await markEventSeen(db, call.id, COLUMN[ev.event], timestamp(at)))) {
    // A recording is often ready only after the call ended (a carrier's recording callback): a
    // later `ended` may still bring its link; nothing else of a repeated event is applied.
    if (ev.event === 'ended' && ev.file_link) await addRecording(db, call, ev.call_id, ev.file_link);
    return { callId: call.id, siteId: call.site_id, applied: false, communicationType: call.communication_type };
  }
  const leg = await eventLeg(db, call, ev, at, routing);
  if (ev.event === 'ringing') await updateLeg(db, leg.id, { setup_time: timestamp(at) });
  else if (ev.event === 'answered') await updateLeg(db, leg.id, { connect_time: timestamp(at) });
  else await applyEnd(db, call, leg, ev, at, routing);
  await settle(db, call.id, ev.call_id);
  return { callId: call.id, siteId: call.site_id, applied: true, communicationType: call.communication_type };
}

/**
 * The leg the event is about: the call's first leg, named by the platform's call id (a call-back's
 * first leg comes with its first event).
 */
async function eventLeg(db: Queryable, call: Row<'calls'>, ev: CallEvent, at: number, routing: CallRouting): Promise<Row<'call_legs'>> {
  const leg = await legByPlatformId(db, ev.call_id);
  if (leg) return leg;
  const site = (await siteById(db, call.site_id))!;
  const first = firstLeg(call, ev, at);
  // A call-back's first leg is the platform dialling the operator, not the visitor: it goes where
  // a call to the number shown goes (routing), else to the site's own phone.
  if (call.communication_type === 'sitephone') {
    const target = (await routing(db, { numb: digits(ev.numa), numa: call.numa }))?.forwardTo ?? site.user_phone ?? '';
    first.numb = digits(target) || target;
  }
  await upsertLeg(db, { ...first, customer_id: site.customer_id });
  return (await legByPlatformId(db, ev.call_id))!;
}

/** The call ended: the leg's end and durations, the legs that talked, who answered, the recording. */
async function applyEnd(
  db: Queryable,
  call: Row<'calls'>,
  leg: Row<'call_legs'>,
  ev: CallEvent,
  at: number,
  routing: CallRouting,
): Promise<void> {
  const talk = ev.duration ?? 0;
  const total = ev.total_duration ?? talk;
  const isCallback = call.communication_type === 'sitephone';
  // Answered without an `answered` event (it was lost on the way): the talk says when.
  const connect = leg.connect_time ?? (talk > 0 ? timestamp(at - talk * 1000) : null);
  await updateLeg(db, leg.id, {
    end_time: timestamp(at),
    // A call-back's operator is on the line from answering to the end, the visitor's talk and the
    // dialling of the visitor before it; an ordinary call's leg talks `duration`.
    duration: isCallback && connect != null ? secondsBetween(connect, timestamp(at)) : talk,
    total_duration: total,
    ...(leg.connect_time == null && connect != null ? { connect_time: connect } : {}),
    is_lost: talk > 0 || leg.connect_time != null ? 0 : 1,
    ...(ev.file_link ? { file_link: ev.file_link } : {}),
    // The operator's line, where the platform names it (a line's number is free to dial: internal).
    ...(isCallback && ev.sip_line ? { sip_line: ev.sip_line, numb: ev.sip_line } : {}),
  });
  if (talk > 0 && isCallback) await upsertLeg(db, visitorLeg(call, leg, ev, at, connect!));
  else if (talk > 0 && (ev.sip_line || ev.employee_id) && ev.direction === 'in') {
    const target = (await routing(db, { numb: call.numb ?? '', numa: call.numa }))?.forwardTo ?? ev.sip_line ?? '';
    await upsertLeg(db, answerLeg(call, leg, ev, at, target));
  }
  // Who answered: the employee named, else the employee the SIP line that answered reaches.
  const operator =
    (ev.employee_id ? await employeeNameOfCustomer(db, leg.customer_id, ev.employee_id) : null) ??
    (ev.sip_line ? await employeeOnLine(db, leg.customer_id, ev.sip_line) : null);
  if (operator) await updateCall(db, call.id, { operator_name: operator });
  if (ev.file_link) {
    const links = JSON.parse(call.file_link) as string[];
    if (!links.includes(ev.file_link)) await updateCall(db, call.id, { file_link: JSON.stringify([...links, ev.file_link]) });
  }
}

/** Adds a recording's link to the call and to its leg, when they lack it. */
async function addRecording(db: Queryable, call: Row<'calls'>, platformLegId: string, link: string): Promise<void> {
  const links = JSON.parse(call.file_link) as string[];
  if (!links.includes(link)) await updateCall(db, call.id, { file_link: JSON.stringify([...links, link]) });
  const leg = await legByPlatformId(db, platformLegId);
  if (leg && leg.file_link == null) await updateLeg(db, leg.id, { file_link: link });
}

/**
 * A call-back that reached the visitor: the leg from the number shown to the visitor's phone,
 * dialled once the operator answered (`connect`).
 */
function visitorLeg(call: Row<'calls'>, leg: Row<'call_legs'>, ev: CallEvent, at: number, connect: string): NewRow<'call_legs'> {
  const talk = ev.duration ?? 0;
  const setup = connect < timestamp(at - talk * 1000) ? connect : timestamp(at - talk * 1000);
  return {
    call_id: call.id,
    customer_id: leg.customer_id,
    cdr_id: leg.id,
    platform_leg_id: `${ev.call_id}/visitor`,
    direction: 'out',
    numa: digits(ev.numa),
    numb: call.numa,
    sip_line: null,
    setup_time: setup,
    connect_time: timestamp(at - talk * 1000),
    end_time: timestamp(at),
    duration: talk,
    total_duration: secondsBetween(setup, timestamp(at)),
    is_lost: 0,
    file_link: ev.file_link ?? null,
  };
}

/** The leg the call was forwarded on to whoever answered (get_cdr_out, cdr_id = the incoming leg). */
function answerLeg(call: Row<'calls'>, leg: Row<'call_legs'>, ev: CallEvent, at: number, target: string): NewRow<'call_legs'> {
  const talk = ev.duration ?? 0;
  const total = ev.total_duration ?? talk;
  return {
    call_id: call.id,
    customer_id: leg.customer_id,
    cdr_id: leg.id,
    platform_leg_id: `${ev.call_id}/answer`,
    direction: 'out',
    numa: digits(ev.numb),
    numb: digits(target) || target,
    sip_line: ev.sip_line ?? null,
    setup_time: timestamp(at - total * 1000),
    connect_time: timestamp(at - talk * 1000),
    end_time: timestamp(at),
    duration: talk,
    total_duration: talk,
    is_lost: 0,
    file_link: ev.file_link ?? null,
  };
}

/** The first event of a call: attributes it and stores its record and first leg. */
async function openCall(db: Queryable, ev: CallEvent, at: number, now: number, routing: CallRouting): Promise<Row<'calls'>> {
  // The setup time as well as this event tells it; a later `ringing` corrects it.
  const setup = ev.event === 'ended' ? at - (ev.total_duration ?? 0) * 1000 : at;
  // The service's number is the one called on an incoming call, the calling one on an outgoing call.
  const [service, other] = ev.direction === 'in' ? [ev.numb, ev.numa] : [ev.numa, ev.numb];
  const a = await attribute(db, service, other, setup);
  if (!a) throw unknownNumber();
  const row: NewRow<'calls'> & { platform_call_id: string } = {
    ...(a.context ?? {}),
    ...(a.visitor ? { visitor_first_ac: a.visitor.first_ac, visits_count: a.visitor.visits_count, visitor_type: a.visitor.type } : {}),
    ac_id: a.acId,
    site_id: a.siteId,
    communication_type: 'call',
    call_date: timestamp(setup),
    numa: numberKey(ev.numa) ?? digits(ev.numa),
    numb: numberKey(ev.numb) ?? digits(ev.numb),
    direction: ev.direction,
    page_url: a.pageUrl,
    visitor_id: a.visitorId,
    session_id: a.sessionId,
    hit_id: a.hitId,
    scenario_name: (await routing(db, { numb: service, numa: other }))?.scenarioName ?? null,
    request_status: 0,
    dispatch_state: 'not_sent',
    platform_call_id: ev.call_id,
    open_since_ms: now,
    is_visitor_by_numa: a.byNuma ? 1 : 0,
    attribution: JSON.stringify(a.reason),
  };
  const id = await insertPlatformCall(db, row);
  if (id == null) return (await callByPlatformId(db, ev.call_id))!;
  const call = (await callById(db, id))!;
  await upsertLeg(db, { ...firstLeg(call, ev, setup), customer_id: a.customerId });
  // The caller's number joins the visitor's person (visitors/persons.ts), as a call-back's does.
  if (a.sessionId != null && a.visitorId != null) await joinByContact(db, a.siteId, a.visitorId, 'phone', other);
  return call;
}

function firstLeg(call: Row<'calls'>, ev: CallEvent, setup: number): NewRow<'call_legs'> {
  return {
    call_id: call.id,
    // Set by the caller: the customer of the call's site.
    customer_id: 0,
    cdr_id: null,
    platform_leg_id: ev.call_id,
    direction: ev.direction,
    numa: numberKey(ev.numa) ?? digits(ev.numa),
    numb: numberKey(ev.numb) ?? digits(ev.numb),
    setup_time: timestamp(setup),
  };
}

/** The record's derived fields from the events seen: status, wait, talk, open or not. */
async function settle(db: Queryable, callId: number, platformLegId: string): Promise<void> {
  const call = (await callById(db, callId))!;
  const leg = (await legByPlatformId(db, platformLegId))!;
  const isCallback = call.communication_type === 'sitephone';
  const dated = isCallback ? {} : { call_date: leg.setup_time };
  if (call.ended_time != null) {
    const connected = leg.connect_time != null;
    // A call-back's talk is the visitor's leg's; it is accepted when it reached the visitor, not
    // when the operator answered.
    const talk = isCallback ? ((await legByPlatformId(db, `${platformLegId}/visitor`))?.duration ?? 0) : leg.duration;
    await updateCall(db, callId, {
      ...dated,
      status: (isCallback ? talk > 0 : connected) ? 'normal' : 'lost',
      duration: talk,
      wait_time: connected ? secondsBetween(leg.setup_time, leg.connect_time!) : leg.total_duration,
      open_since_ms: null,
    });
  } else if (call.open_since_ms == null && !isCallback) {
    // Closed as lost by the sweep: a late `answered` or `ringing` does not reopen it; `ended` does.
    await updateCall(db, callId, dated);
  } else {
    await updateCall(db, callId, {
      ...dated,
      // A call-back has no status until it ends: the operator answering is not the visitor reached.
      status: !isCallback && leg.connect_time != null ? 'normal' : null,
      wait_time: leg.connect_time != null ? secondsBetween(leg.setup_time, leg.connect_time) : null,
    });
  }
}

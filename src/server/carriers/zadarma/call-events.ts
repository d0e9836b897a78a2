import type { FastifyBaseLogger } from 'fastify';
import type { CarrierConnection, CarrierRouteDeps } from '../carrier.js';
import type { AcceptedEvent } from '../../telephony/accept-event.js';
import { callByPlatformId } from '../../telephony/queries.js';
import { parseEvent } from '../../telephony/routes.js';
import { callbackToPhone } from './callback-calls.js';
import { extensionOf } from './names.js';
import { phoneOf, talkOf, type Notify } from './notifications.js';
import { recordingLink } from './recordings.js';

/**
 * Each PBX notification as the boundary's call events (telephony/event.ts), applied through
 * `deps.accept`, which makes repeats and any order harmless. Times are when the notification
 * arrived: Zadarma's `call_start` is written in the account's time zone without its offset, and
 * the PBX notifies as the call happens. An incoming call is named by Zadarma's `pbx_call_id`; a
 * call-back by the id its request was given (names.ts), found by the visitor's phone.
 */

type Deps = Pick<CarrierRouteDeps, 'store' | 'accept' | 'handling'>;
type Log = FastifyBaseLogger;

const iso = (ms: number) => new Date(ms).toISOString();
const toMs = (t: string) => Date.parse(t.replace(' ', 'T') + 'Z');

async function apply(deps: Deps, events: unknown[], now: number, log: Log): Promise<AcceptedEvent[]> {
  const out: AcceptedEvent[] = [];
  for (const e of events) out.push(await deps.accept(parseEvent(e, now), log));
  return out;
}

/** Seconds from the call's `ringing` to now, as long as its talk at least. */
async function totalOf(deps: Deps, callId: string, talk: number, now: number): Promise<number> {
  const rang = (await callByPlatformId(deps.store.db, callId))?.ringing_time;
  return Math.max(talk, rang ? Math.round((now - toMs(rang)) / 1000) : 0);
}

/**
 * NOTIFY_START: the call rings; the answer routes it. Zadarma connects a call to an outside phone
 * through a PBX extension whose forwarding is on: `redirect` to that extension with
 * `rewrite_forward_number` replacing its forwarding number for this call, `return_timeout` 0 so
 * the call stays there. Nobody to forward to: an empty answer, and the PBX's own scenario goes on.
 */
export async function onStart(c: CarrierConnection, deps: Deps, n: Notify<'NOTIFY_START'>, now: number, log: Log) {
  const numa = phoneOf(n.caller_id);
  const numb = phoneOf(n.called_did);
  const ringing = { call_id: n.pbx_call_id, event: 'ringing', direction: 'in', numa, numb, time: iso(now) };
  const routed = deps.handling({ numb, numa }).catch((e: unknown) => {
    // The call still rings on the PBX's own scenario; the numbers are personal data, not logged.
    log.warn({ call_id: n.pbx_call_id, err: (e as Error)?.message }, 'Zadarma call not routed: its handling failed');
    return null;
  });
  const [accepted, handling] = await Promise.all([apply(deps, [ringing], now, log), routed]);
  const to = handling?.forwardTo?.replace(/\D/g, '');
  const routing = to ? { redirect: extensionOf(c), return_timeout: 0, rewrite_forward_number: to } : {};
  return { routing, accepted };
}

/** NOTIFY_ANSWER names the number that answered, not the one called: the call's record must be known already. */
export async function onAnswer(deps: Deps, n: Notify<'NOTIFY_ANSWER'>, now: number, log: Log): Promise<AcceptedEvent[]> {
  const call = await callByPlatformId(deps.store.db, n.pbx_call_id);
  if (!call?.numb) return [];
  const base = { call_id: n.pbx_call_id, direction: 'in', numa: phoneOf(n.caller_id), numb: call.numb };
  return apply(deps, [{ ...base, event: 'answered', time: iso(now) }], now, log);
}

export async function onEnd(c: CarrierConnection, deps: Deps, n: Notify<'NOTIFY_END'>, now: number, log: Log) {
  const talk = talkOf(n);
  const ended = {
    call_id: n.pbx_call_id,
    event: 'ended',
    direction: 'in',
    numa: phoneOf(n.caller_id),
    numb: phoneOf(n.called_did),
    time: iso(now),
    duration: talk,
    total_duration: await totalOf(deps, n.pbx_call_id, talk, now),
    ...(n.is_recorded === '1' && n.call_id_with_rec ? { file_link: recordingLink(c, n.call_id_with_rec) } : {}),
  };
  return apply(deps, [ended], now, log);
}

/**
 * NOTIFY_OUT_START to a call-back's visitor: the PBX dials the visitor once the operator has
 * answered, so the call-back rang and was answered. An outgoing call that is no call-back of this
 * connection is not tracked.
 */
export async function onOutStart(c: CarrierConnection, deps: Deps, n: Notify<'NOTIFY_OUT_START'>, now: number, log: Log) {
  const call = await callbackToPhone(deps.store.db, c.id, n.destination);
  if (!call?.platform_call_id) return [];
  const base = { call_id: call.platform_call_id, direction: 'out', numa: phoneOf(call.numb ?? ''), numb: phoneOf(n.destination) };
  return apply(
    deps,
    [
      { ...base, event: 'ringing', time: iso(now) },
      { ...base, event: 'answered', time: iso(now) },
    ],
    now,
    log,
  );
}

/** NOTIFY_OUT_END of a call-back: talk with the visitor, or none (the visitor did not answer). */
export async function onOutEnd(c: CarrierConnection, deps: Deps, n: Notify<'NOTIFY_OUT_END'>, now: number, log: Log) {
  const call = await callbackToPhone(deps.store.db, c.id, n.destination);
  if (!call?.platform_call_id) return [];
  const talk = talkOf(n);
  const ended = {
    call_id: call.platform_call_id,
    event: 'ended',
    direction: 'out',
    numa: phoneOf(call.numb ?? ''),
    numb: phoneOf(n.destination),
    time: iso(now),
    duration: talk,
    total_duration: await totalOf(deps, call.platform_call_id, talk, now),
    ...(n.is_recorded === '1' && n.call_id_with_rec ? { file_link: recordingLink(c, n.call_id_with_rec) } : {}),
  };
  return apply(deps, [ended], now, log);
}
